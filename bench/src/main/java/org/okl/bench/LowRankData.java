package org.okl.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;

/**
 * The data and pipeline of the large-n workloads: the peer generator's rows ({@link BenchData}, p = 20, d = 5)
 * rounded to six decimals (as a CSV file would hold them, so the in-memory and file routes see the same numbers),
 * the first n for training and the rest for testing.
 *
 * @param train n rows, inputs then outputs
 * @param test  the test rows
 */
record LowRankData(Matrix train, Matrix test) {

    /** The data at size n. */
    static LowRankData of(int n, LowRankSettings settings, long seed) {
        BenchData all = BenchData.synthetic(n + settings.testRows(), LowRankSettings.P, LowRankSettings.D, seed);
        Matrix rows = all.inputs().stackColumns(all.outputs());
        double[] v = rows.data();
        for (int k = 0; k < v.length; k++) {
            v[k] = Math.rint(v[k] * 1e6) / 1e6;
        }
        int[] first = java.util.stream.IntStream.range(0, n).toArray();
        int[] rest = java.util.stream.IntStream.range(n, n + settings.testRows()).toArray();
        return new LowRankData(rows.selectRows(first), rows.selectRows(rest));
    }

    static Matrix inputs(Matrix rows) {
        return rows.columnRange(0, LowRankSettings.P);
    }

    static Matrix outputs(Matrix rows) {
        return rows.columnRange(LowRankSettings.P, LowRankSettings.P + LowRankSettings.D);
    }

    /** The pipeline: Gaussian sigma sqrt(20), Tikhonov over the five lambdas, Nystrom, k-fold on mse. */
    static PipelineSpec pipeline(LowRankSettings settings, long seed) {
        return PipelineSpec.builder()
                .kernel(ComponentSpec.of("gaussian", "sigma", LowRankSettings.sigma()))
                .filter(ComponentSpec.of("tikhonov", "lambda", LowRankSettings.lambdas()))
                .approximation(ComponentSpec.of("nystrom", "rank", settings.rank()))
                .selection(SelectionSpec.kfold(settings.folds()).metric(ComponentSpec.of("mse")).seed(seed).build())
                .build();
    }

    /** The test MSE of predictions. */
    static double mse(Matrix predicted, Matrix truth) {
        double s = 0;
        for (int k = 0; k < truth.data().length; k++) {
            double e = predicted.data()[k] - truth.data()[k];
            s += e * e;
        }
        return s / truth.data().length;
    }

    /** Train then test rows as little-endian float64, row-major: the peer script's input. */
    void writeBinary(Path file) {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (Matrix m : List.of(train, test)) {
                ByteBuffer row = ByteBuffer.allocate(8 * m.cols()).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < m.rows(); i++) {
                    row.clear();
                    for (int j = 0; j < m.cols(); j++) {
                        row.putDouble(m.get(i, j));
                    }
                    out.write(row.array());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * The training rows as a CSV file and the pipeline as a pipeline file, in a new temporary folder (the caller
     * deletes it).
     *
     * @param prefix the folder's name prefix
     */
    TrainFiles files(LowRankSettings settings, long seed, String prefix) {
        return files(settings, seed, prefix, java.util.Optional.empty());
    }

    /** As {@link #files(LowRankSettings, long, String)}, the pipeline naming a solver when given. */
    TrainFiles files(LowRankSettings settings, long seed, String prefix, java.util.Optional<String> solver) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            Path csv = dir.resolve("train.csv");
            Path pipeline = dir.resolve("pipeline.json");
            writeTrainCsv(csv);
            PipelineSpec spec = pipeline(settings, seed);
            if (solver.isPresent()) {
                spec = spec.withSolver(solver.get().equals("falkon") && settings.falkonIterations() > 0
                        ? ComponentSpec.of("falkon", "iterations", settings.falkonIterations())
                        : ComponentSpec.of(solver.get()));
            }
            Files.writeString(pipeline, PipelineFiles.toJson(spec), StandardCharsets.UTF_8);
            return new TrainFiles(dir, csv, pipeline);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where {@link #files} wrote.
     *
     * @param dir      the temporary folder
     * @param csv      the training rows
     * @param pipeline the pipeline file
     */
    record TrainFiles(Path dir, Path csv, Path pipeline) {
    }

    /** The training rows as CSV without a header (each value as Java prints it, read back exactly). */
    void writeTrainCsv(Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder(512);
            for (int i = 0; i < train.rows(); i++) {
                line.setLength(0);
                for (int j = 0; j < train.cols(); j++) {
                    line.append(j == 0 ? "" : ",").append(train.get(i, j));
                }
                w.write(line.append('\n').toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
