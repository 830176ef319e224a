package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;

/**
 * Sparse rows through the real {@code okl} process: a LIBSVM file of 2^18 hashed feature columns is fitted and
 * predicted streamed in a 192 MiB heap (a dense block of its rows would take 17 GB), the landmarks stay sparse in the
 * model file, and on narrow data the sparse route gives the dense route's model (the same file as CSV) to
 * round-off.
 */
class SparseDataIT {
    private static final int WIDE = 1 << 18;
    private static final String PIPELINE = """
            {"kernel": {"name": "gaussian", "sigma": 2.0},
             "filter": {"name": "tikhonov", "lambda": [1e-4, 1e-2, 1]},
             "approximation": {"name": "nystrom", "rank": 200},
             "selection": {"method": "kfold", "folds": 3, "metric": "mse", "seed": 4}}
            """;
    private static final Okl OKL = Okl.builder().build();

    @TempDir
    Path dir;

    /**
     * Documents of 2 to 5 words out of 300, each word hashed to a column in [1, width]; label 1 when the document
     * holds a word of the first tenth of the vocabulary, label 2 when it holds one of the second tenth.
     *
     * @return per row, its columns and counts (sorted), its labels
     */
    private static List<Map.Entry<TreeMap<Integer, Integer>, int[]>> documents(int n, int width, long seed) {
        Random r = new Random(seed);
        List<Map.Entry<TreeMap<Integer, Integer>, int[]>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            TreeMap<Integer, Integer> counts = new TreeMap<>();
            boolean first = false;
            boolean second = false;
            int words = 2 + r.nextInt(4);
            for (int w = 0; w < words; w++) {
                int word = r.nextInt(300);
                first |= word < 30;
                second |= word >= 30 && word < 60;
                int column = 1 + Math.floorMod(Integer.hashCode(word * 0x9E3779B1), width);
                counts.merge(column, 1, Integer::sum);
            }
            int[] labels = first && second ? new int[] {1, 2} : first ? new int[] {1} : second ? new int[] {2}
                    : new int[0];
            rows.add(Map.entry(counts, labels));
        }
        return rows;
    }

    /** The rows as LIBSVM lines; the first row also names column {@code width} so that every file is that wide. */
    private static Path libsvm(Path file, List<Map.Entry<TreeMap<Integer, Integer>, int[]>> rows, int width)
            throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < rows.size(); i++) {
                StringBuilder line = new StringBuilder();
                int[] labels = rows.get(i).getValue();
                for (int k = 0; k < labels.length; k++) {
                    line.append(k == 0 ? "" : ",").append(labels[k]);
                }
                TreeMap<Integer, Integer> counts = new TreeMap<>(rows.get(i).getKey());
                if (i == 0) {
                    counts.putIfAbsent(width, 0);
                }
                counts.forEach((c, v) -> line.append(' ').append(c).append(':').append(v));
                w.write(line.append('\n').toString());
            }
        }
        return file;
    }

    /** The same rows as CSV: width feature columns, then the two label indicators. */
    private static Path csv(Path file, List<Map.Entry<TreeMap<Integer, Integer>, int[]>> rows, int width)
            throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Map.Entry<TreeMap<Integer, Integer>, int[]> row : rows) {
                double[] values = new double[width + 2];
                row.getKey().forEach((c, v) -> values[c - 1] = v);
                for (int l : row.getValue()) {
                    values[width + l - 1] = 1;
                }
                StringBuilder line = new StringBuilder();
                for (int j = 0; j < values.length; j++) {
                    line.append(j == 0 ? "" : ",").append(values[j]);
                }
                w.write(line.append('\n').toString());
            }
        }
        return file;
    }

    /** The sparse inputs of a LIBSVM file as OKL reads them (every feature column). */
    private static InputRows sparseInputs(Path file, int width) {
        try (TableStream stream = OKL.tables().open(file)) {
            SparseMatrixRows rows = new SparseMatrixRows();
            stream.nextRows(Integer.MAX_VALUE).ifPresent(rows::take);
            int[] map = new int[stream.columnNames().size()];
            java.util.Arrays.fill(map, -1);
            for (int j = 0; j < width; j++) {
                map[j] = j;
            }
            return rows.block.remapColumns(map, width);
        }
    }

    /** Holds the one block read. */
    private static final class SparseMatrixRows {
        private org.okl.api.linalg.SparseMatrix block;

        void take(InputRows rows) {
            block = (org.okl.api.linalg.SparseMatrix) rows;
        }
    }

    @Test
    void aFileOfTwoToTheEighteenHashedColumnsIsFittedAndPredictedSparseInASmallHeap() throws Exception {
        Path pipeline = Files.writeString(dir.resolve("p.json"), PIPELINE);
        Path train = libsvm(dir.resolve("train.libsvm"), documents(3000, WIDE, 1), WIDE);
        List<Map.Entry<TreeMap<Integer, Integer>, int[]>> testRows = documents(400, WIDE, 2);
        Path test = libsvm(dir.resolve("test.libsvm"), testRows, WIDE);
        Path model = dir.resolve("m.okl");
        Map<String, String> smallHeap = Map.of("OKL_JAVA_OPTS", "-Xmx192m");
        OklProcess.Result fit = OklProcess.runLauncher(dir, smallHeap, "fit", "--pipeline", pipeline.toString(),
                "--data", train.toString(), "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("3000 samples streamed");
        try (ZipFile zip = new ZipFile(model.toFile())) {
            assertThat(zip.stream().map(e -> e.getName()).toList()).as("sparse landmarks, no dense ones")
                    .contains("predictor/landmark-values.f64").doesNotContain("predictor/landmarks.f64");
            assertThat(zip.getEntry("predictor/landmark-values.f64").getSize()).isLessThan(200 * 6 * 8 + 4096);
        }
        Path out = dir.resolve("pred.csv");
        OklProcess.Result predict = OklProcess.runLauncher(dir, smallHeap, "predict", "--model", model.toString(),
                "--data", test.toString(), "--out", out.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).hasSize(401);
        Model fitted = Model.load(model, OKL);
        Matrix expected = fitted.predict(sparseInputs(test, WIDE)).outputs();
        double error = 0;
        double spread = 0;
        double[] mean = new double[2];
        for (Map.Entry<TreeMap<Integer, Integer>, int[]> row : testRows) {
            for (int l : row.getValue()) {
                mean[l - 1] += 1.0 / testRows.size();
            }
        }
        for (int i = 0; i < 400; i++) {
            String[] fields = lines.get(i + 1).split(",");
            int[] labels = testRows.get(i).getValue();
            for (int j = 0; j < 2; j++) {
                assertThat(Double.parseDouble(fields[j])).isEqualTo(expected.get(i, j));
                int label = j + 1;
                double y = java.util.Arrays.stream(labels).anyMatch(l -> l == label) ? 1 : 0;
                error += (y - expected.get(i, j)) * (y - expected.get(i, j));
                spread += (y - mean[j]) * (y - mean[j]);
            }
        }
        assertThat(error).as("the model learned the labels: better than predicting their rate").isLessThan(0.7
                * spread);
    }

    @Test
    void onNarrowRowsTheSparseRouteIsTheDenseRoute() throws Exception {
        int width = 40;
        List<Map.Entry<TreeMap<Integer, Integer>, int[]>> rows = documents(1500, width, 3);
        Path pipeline = Files.writeString(dir.resolve("p.json"), PIPELINE);
        Path sparse = libsvm(dir.resolve("narrow.libsvm"), rows, width);
        Path dense = csv(dir.resolve("narrow.csv"), rows, width);
        Path sparseModel = dir.resolve("sparse.okl");
        Path denseModel = dir.resolve("dense.okl");
        OklProcess.Result a = OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data",
                sparse.toString(), "--model", sparseModel.toString());
        assertThat(a.exitCode()).as(a.stderr()).isZero();
        OklProcess.Result b = OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data",
                dense.toString(), "--inputs", "0:" + width, "--outputs", width + ":" + (width + 2), "--model",
                denseModel.toString());
        assertThat(b.exitCode()).as(b.stderr()).isZero();
        Model s = Model.load(sparseModel, OKL);
        Model d = Model.load(denseModel, OKL);
        assertThat(s.pathIndex()).isEqualTo(d.pathIndex());
        Matrix x = OKL.tables().read(dense).values().columnRange(0, width);
        Matrix p = s.predict(x).outputs();
        Matrix q = d.predict(x).outputs();
        assertThat(p.maxAbsDifference(q) / q.frobeniusNorm()).isLessThan(1e-8);
    }
}
