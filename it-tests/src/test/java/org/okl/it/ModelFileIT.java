package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;

/**
 * What a model file remembers and how it protects itself, in code and through the {@code okl} process: the input
 * columns it was fitted on and its outputs' names, a SHA-256 of every entry (a damaged file is refused, never
 * silently used), version-1 files still read, and files created with the user's umask.
 */
class ModelFileIT {
    @TempDir
    static Path dir;
    static Path pipeline;
    static Path csv;
    /** A model fitted by {@code okl fit} on {@link #csv} with outputs y1, y2. */
    static Path named;

    @BeforeAll
    static void files() throws Exception {
        pipeline = dir.resolve("p.json");
        Files.writeString(pipeline, """
                {"kernel": {"name": "gaussian", "sigma": 1.5},
                 "filter": {"name": "tikhonov", "lambda": [1e-2, 1e-3]},
                 "selection": {"method": "kfold", "folds": 3}}
                """);
        csv = ThirdPartyPluginIT.regressionCsv(dir);
        named = dir.resolve("named.okl");
        ok(OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--model", named.toString()));
    }

    private static Model fitted() {
        Matrix x = Matrix.zeros(30, 2);
        Matrix y = Matrix.zeros(30, 2);
        for (int i = 0; i < 30; i++) {
            double t = i / 30.0;
            x.set(i, 0, t);
            x.set(i, 1, Math.cos(5 * t));
            y.set(i, 0, Math.sin(3 * t));
            y.set(i, 1, t * t);
        }
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.5))
                .filter(ComponentSpec.of("tikhonov", "lambda", List.of(1e-2, 1e-4)))
                .selection(SelectionSpec.kfold(3).build()).build();
        return org.okl.core.Okl.fromEnvironment().pipeline(spec).fit(TrainingData.of(x, y));
    }

    private static Matrix probe() {
        return Matrix.fromRows(new double[][] {{0.1, 0.9}, {0.5, -0.8}, {0.95, 0.1}});
    }

    @Test
    void savedModelsLoadWithoutAnOklPredictTheSameAndChecksumEveryEntry(@TempDir Path tmp) throws Exception {
        Model model = fitted();
        Path file = tmp.resolve("sub/m.okl");
        model.save(file);
        Model loaded = Model.load(file);
        assertThat(loaded.predict(probe()).outputs().maxAbsDifference(model.predict(probe()).outputs())).isZero();
        assertThat(loaded.spec()).isEqualTo(model.spec());
        // the training inputs are not stored twice: the predictor's centers hold them (the intervals' leave-one-out
        // fits refer to them too), the vector output needs none
        assertThat(ModelArchives.entries(file)).containsExactly("model.json", "predictor/centers.f64",
                "predictor/coefficients.f64", "training/outputs.f64", "conformal/residuals.f64", "SHA256SUMS");
        try (ZipFile zip = new ZipFile(file.toFile())) {
            String sums = new String(zip.getInputStream(zip.getEntry("SHA256SUMS")).readAllBytes(),
                    StandardCharsets.UTF_8);
            List<String> expected = new ArrayList<>();
            for (String entry : List.of("model.json", "predictor/centers.f64", "predictor/coefficients.f64",
                    "training/outputs.f64", "conformal/residuals.f64")) {
                try (InputStream in = zip.getInputStream(zip.getEntry(entry))) {
                    expected.add(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(in.readAllBytes())) + "  " + entry);
                }
            }
            assertThat(sums.lines().toList()).isEqualTo(expected);
        }
    }

    /**
     * The same model through memory, as okl-spark sends it to executors with no file written: the bytes predict the
     * same, hold the same entries as the file, and damaged, changed, truncated or foreign bytes are refused as a file
     * is, named by what the caller calls them.
     */
    @Test
    void aModelReadFromItsBytesIsTheModelOfItsFileAndDamagedBytesAreRefused(@TempDir Path tmp) throws Exception {
        Model model = fitted();
        byte[] bytes = model.toBytes();
        Okl okl = Okl.builder().build();
        Model fromBytes = Model.fromBytes(bytes, "the test's bytes", okl);
        assertThat(fromBytes.predict(probe()).outputs().maxAbsDifference(model.predict(probe()).outputs())).isZero();
        assertThat(fromBytes.spec()).isEqualTo(model.spec());
        Path file = Files.write(tmp.resolve("m.okl"), bytes);
        assertThat(ModelArchives.entries(file)).containsExactly("model.json", "predictor/centers.f64",
                "predictor/coefficients.f64", "training/outputs.f64", "conformal/residuals.f64", "SHA256SUMS");
        assertThat(Model.load(file, okl).predict(probe()).outputs().maxAbsDifference(fromBytes.predict(probe())
                .outputs())).isZero();
        for (String entry : ModelArchives.entries(file)) {
            Path damaged = tmp.resolve("damaged.okl");
            ModelArchives.flipByteInEntry(file, damaged, entry);
            byte[] flipped = Files.readAllBytes(damaged);
            assertThatThrownBy(() -> Model.fromBytes(flipped, "the flipped bytes", okl)).as(entry)
                    .isInstanceOf(OklException.class).hasMessageContaining("[OKL-E006] the flipped bytes");
        }
        Path changed = tmp.resolve("changed.okl");
        ModelArchives.rewrite(file, changed, "predictor/coefficients.f64", b -> {
            byte[] copy = b.clone();
            copy[copy.length / 2] ^= 1;
            return copy;
        }, false);
        byte[] altered = Files.readAllBytes(changed);
        assertThatThrownBy(() -> Model.fromBytes(altered, "x", okl))
                .hasMessageContaining("predictor/coefficients.f64 fails its SHA-256 check");
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length / 2);
        assertThatThrownBy(() -> Model.fromBytes(truncated, "the half", okl)).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E006] the half");
        assertThatThrownBy(() -> Model.fromBytes("not a zip".getBytes(StandardCharsets.UTF_8), "text", okl))
                .isInstanceOf(OklException.class).hasMessageContaining("[OKL-E006] text");
    }

    @Test
    void aByteFlippedInAnyEntryIsRefused(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("m.okl");
        fitted().save(file);
        for (String entry : ModelArchives.entries(file)) {
            Path damaged = tmp.resolve("damaged.okl");
            ModelArchives.flipByteInEntry(file, damaged, entry);
            assertThatThrownBy(() -> Model.load(damaged)).as(entry).isInstanceOf(OklException.class)
                    .hasMessageContaining("[OKL-E006]").hasMessageContaining("damaged.okl");
        }
    }

    @Test
    void changedContentFailsItsChecksumAndUnlistedEntriesAreRefused(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("m.okl");
        fitted().save(file);
        Path changed = tmp.resolve("changed.okl");
        ModelArchives.rewrite(file, changed, "predictor/coefficients.f64", bytes -> {
            byte[] copy = bytes.clone();
            copy[copy.length / 2] ^= 1;
            return copy;
        }, false);
        assertThatThrownBy(() -> Model.load(changed)).hasMessageContaining("[OKL-E006]")
                .hasMessageContaining("predictor/coefficients.f64 fails its SHA-256 check");
        ModelArchives.rewrite(file, changed, "model.json", ModelArchives.replace("\"samples\" : 30",
                "\"samples\" : 31"), false);
        assertThatThrownBy(() -> Model.load(changed)).hasMessageContaining("model.json fails its SHA-256 check");
        ModelArchives.rewrite(file, changed, "SHA256SUMS", bytes -> new String(bytes, StandardCharsets.UTF_8)
                .lines().filter(l -> !l.endsWith("training/outputs.f64")).map(l -> l + "\n")
                .reduce("", String::concat).getBytes(StandardCharsets.UTF_8), false);
        assertThatThrownBy(() -> Model.load(changed)).hasMessageContaining("[training/outputs.f64] are not listed");
    }

    @Test
    void versionOneFilesStillLoadAndPredictWhatTheyDid() throws Exception {
        Path v1 = resource("model-v1/model-v1.okl");
        Model model = Model.load(v1);
        assertThat(model.inputColumns()).isEmpty();
        Matrix test = csvValues(resource("model-v1/test.csv"));
        Matrix expected = csvValues(resource("model-v1/expected.csv"));
        assertThat(model.predict(test).outputs().maxAbsDifference(expected)).isLessThan(1e-9);
    }

    @Test
    void versionTwoFilesStillLoadAndPredictWhatTheyDid() throws Exception {
        Path v2 = resource("model-v2/model-v2.okl");
        Model model = Model.load(v2);
        assertThat(model.inputColumns().orElseThrow().names()).containsExactly("x1", "x2", "x3");
        assertThat(model.provenance().search()).isNull();
        assertThat(model.transforms().isEmpty()).isTrue();
        Matrix test = csvValues(resource("model-v2/test.csv"));
        Matrix expected = csvValues(resource("model-v2/expected.csv"));
        assertThat(model.predict(test).outputs().maxAbsDifference(expected)).isLessThan(1e-9);
        Path out = dir.resolve("v2-pred.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", v2.toString(), "--data",
                resource("model-v2/test.csv").toString(), "--out", out.toString()));
        assertThat(csvValues(out).maxAbsDifference(expected)).isLessThan(1e-9);
    }

    /** A model records the platform it was fitted on and its rows, and its file gives them back as they were. */
    @Test
    void theProvenanceRecordsThePlatformAndTheFileKeepsIt(@TempDir Path tmp) throws Exception {
        Model model = fitted();
        Provenance.Platform platform = model.provenance().platform();
        assertThat(platform.javaVersion()).isEqualTo(Runtime.version().toString());
        assertThat(platform.os()).isEqualTo(System.getProperty("os.name"));
        assertThat(platform.architecture()).isEqualTo(System.getProperty("os.arch"));
        assertThat(platform.processors()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(platform.workerThreads()).isPositive();
        assertThat(platform.linearAlgebra()).isEqualTo(org.okl.core.Okl.fromEnvironment().context().linearAlgebra().name());
        assertThat(platform.blas()).isNotEmpty();
        assertThat(platform.device()).isEqualTo("cpu");
        assertThat(model.provenance().data().rows()).isEqualTo(30);
        Path file = tmp.resolve("m.okl");
        model.save(file);
        Model loaded = Model.load(file);
        assertThat(loaded.provenance()).isEqualTo(model.provenance());
        try (ZipFile zip = new ZipFile(file.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("model.json"))) {
            String index = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(index).contains("\"rows\" : 30").contains("\"workerThreads\" : " + platform.workerThreads());
        }
    }

    /**
     * A version-3 file whose provenance has the fourteen flat members OKL wrote before it recorded the platform and
     * the rows (commit 568bc97, the automatic pipeline): it loads with every member it has, and predicts the same.
     */
    @Test
    void versionThreeFilesWithTheFlatProvenanceStillLoadAndPredictWhatTheyDid() throws Exception {
        Path v3 = resource("model-v3-flat/model-v3.okl");
        Model model = Model.load(v3);
        assertThat(model.provenance().oklVersion()).isEqualTo("0.1.0-SNAPSHOT");
        assertThat(model.provenance().created()).isEqualTo("2026-12-04T17:16:04Z");
        assertThat(model.provenance().backEnd()).isEqualTo("native");
        assertThat(model.provenance().dataSha256())
                .isEqualTo("ba30132226320f8b5dd908686a337bce5a2047d4c92de110b38330b0ab7c2a10");
        assertThat(model.provenance().plugins()).hasSize(8).startsWith("okl-core@0.1.0-SNAPSHOT");
        assertThat(model.provenance().chosen()).containsEntry("kernel.factor", 8.0)
                .containsEntry("operator.matrix.omega", 0.0).containsEntry("filter.lambda", 1e-11);
        assertThat(model.provenance().selection()).isEqualTo("5-fold cross-validation on arrmse, seed 0");
        assertThat(model.provenance().validationCurve()).hasSize(1610);
        assertThat(model.provenance().solver()).isEqualTo("separable-eigen");
        assertThat(model.provenance().sketch()).isNull();
        assertThat(model.provenance().device()).isEqualTo("cpu");
        assertThat(model.provenance().search().candidates()).isEqualTo(1610);
        assertThat(model.provenance().search().decompositions()).isEqualTo(70);
        assertThat(model.provenance().search().seconds()).isEqualTo(1.302);
        assertThat(model.provenance().auto().task()).isEqualTo("regression");
        assertThat(model.provenance().auto().reasons()).hasSize(4);
        assertThat(model.provenance().data().rows()).as("not recorded then").isZero();
        assertThat(model.provenance().platform()).isEqualTo(new Provenance.Platform("0.1.0-SNAPSHOT", null, null,
                null, null, null, 0, 0, "native", null, null, "cpu"));
        Matrix test = csvValues(resource("model-v3-flat/test.csv"));
        Matrix expected = csvValues(resource("model-v3-flat/expected.csv"));
        assertThat(model.predict(test).outputs().maxAbsDifference(expected)).isLessThan(1e-9);
    }

    @Test
    void theCommandLineRemembersTheInputColumnsByNameAndPosition() throws Exception {
        Path model = named;
        Model loaded = Model.load(model);
        assertThat(loaded.inputColumns()).contains(new InputColumns(new int[] {0, 1, 2}, 5,
                List.of("x1", "x2", "x3")));

        assertThat(loaded.outputNames()).containsExactly("y1", "y2");

        Path same = dir.resolve("same.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data", csv.toString(),
                "--out", same.toString()));
        Matrix expected = loaded.predict(csvValues(csv).selectColumns(new int[] {0, 1, 2})).outputs();
        assertThat(csvValues(same).maxAbsDifference(expected)).isLessThan(1e-12);
        assertThat(Files.readAllLines(same).get(0)).as("predictions under the outputs' names").isEqualTo("y1,y2");

        // the same inputs, columns reordered and an unrelated column added: chosen by name
        List<String> lines = Files.readAllLines(csv);
        StringBuilder shuffled = new StringBuilder("note,x3,y2,x1,x2\n");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            shuffled.append("7,").append(f[2]).append(',').append(f[4]).append(',').append(f[0]).append(',')
                    .append(f[1]).append('\n');
        }
        Path reordered = dir.resolve("reordered.csv");
        Files.writeString(reordered, shuffled);
        Path byName = dir.resolve("by-name.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data", reordered.toString(),
                "--out", byName.toString()));
        assertThat(csvValues(byName).maxAbsDifference(expected)).isLessThan(1e-12);

        Path never = dir.resolve("never.csv");
        Path missing = dir.resolve("missing.csv");
        Files.writeString(missing, "x1,x3\n1,2\n");
        assertError(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data",
                missing.toString(), "--out", never.toString()), "[OKL-E007]", "missing.csv", "no column 'x2'");
        assertError(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data",
                reordered.toString(), "--inputs", "note,x1,x2", "--out", never.toString()), "[OKL-E007]",
                "reordered.csv", "input column 1 is 'note'", "'x1'");
        assertThat(never).doesNotExist();
    }

    @Test
    void filesWithoutHeaderAreMatchedByPosition() throws Exception {
        List<String> lines = Files.readAllLines(csv);
        Path plain = dir.resolve("plain.csv");
        Files.write(plain, lines.subList(1, lines.size()));
        Path model = dir.resolve("plain.okl");
        ok(OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data", plain.toString(),
                "--outputs", "3:5", "--model", model.toString()));
        assertThat(Model.load(model).inputColumns()).contains(InputColumns.unnamed(new int[] {0, 1, 2}, 5));
        assertThat(Model.load(model).outputNames()).isEmpty();
        Path out = dir.resolve("plain-pred.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data", plain.toString(),
                "--out", out.toString()));
        assertThat(Files.readAllLines(out)).hasSize(61).first().isEqualTo("y0,y1");
        Path narrow = dir.resolve("four.csv");
        Files.writeString(narrow, "1,2,3,4\n");
        assertError(OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data",
                narrow.toString(), "--out", dir.resolve("never.csv").toString()), "four.csv", "4 columns",
                "columns 0:3 of a table of 5 columns", "--inputs");
    }

    @Test
    void streamedFitsAndDataSetsKeepTheOutputsNames() throws Exception {
        Path sketched = dir.resolve("sketched.json");
        Files.writeString(sketched, Files.readString(pipeline).replace("{\"kernel\"",
                "{\"approximation\": {\"name\": \"nystrom\", \"rank\": 20},\n \"kernel\""));
        Path streamed = dir.resolve("streamed.okl");
        ok(OklProcess.run(dir, Map.of(), "fit", "--pipeline", sketched.toString(), "--data", csv.toString(),
                "--outputs", "y2,y1", "--model", streamed.toString()));
        assertThat(Model.load(streamed).outputNames()).containsExactly("y2", "y1");
        Path out = dir.resolve("streamed-pred.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", streamed.toString(), "--data", csv.toString(),
                "--out", out.toString()));
        assertThat(Files.readAllLines(out)).hasSize(61).first().isEqualTo("y2,y1");

        Path linnerud = dir.resolve("linnerud.okl");
        ok(OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data", "linnerud",
                "--model", linnerud.toString()));
        Path linnerudOut = dir.resolve("linnerud-pred.csv");
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", linnerud.toString(), "--data", "linnerud",
                "--out", linnerudOut.toString()));
        assertThat(Files.readAllLines(linnerudOut)).hasSize(21).first().isEqualTo("Weight,Waist,Pulse");
    }

    @Test
    void theCommandLineRefusesDamagedModelsAndWritesNothing() throws Exception {
        Path model = named;
        for (String entry : ModelArchives.entries(model)) {
            if (!entry.endsWith(".f64")) {
                continue;
            }
            Path damaged = dir.resolve("damaged.okl");
            ModelArchives.flipByteInEntry(model, damaged, entry);
            Path out = dir.resolve("damaged-pred.csv");
            assertError(OklProcess.run(dir, Map.of(), "predict", "--model", damaged.toString(), "--data",
                    csv.toString(), "--out", out.toString()), "[OKL-E006]", "damaged.okl");
            assertThat(out).as(entry).doesNotExist();
        }
    }

    @Test
    void modelsAndPredictionsFollowTheUmask() throws Exception {
        for (String[] mask : new String[][] {{"022", "rw-r--r--"}, {"002", "rw-rw-r--"}}) {
            Path model = dir.resolve("umask-" + mask[0] + ".okl");
            Path out = dir.resolve("umask-" + mask[0] + ".csv");
            ok(OklProcess.runWithUmask(mask[0], dir, "fit", "--pipeline", pipeline.toString(), "--data",
                    csv.toString(), "--outputs", "y1,y2", "--model", model.toString()));
            ok(OklProcess.runWithUmask(mask[0], dir, "predict", "--model", model.toString(), "--data",
                    csv.toString(), "--out", out.toString()));
            for (Path p : List.of(model, out)) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p)))
                        .as(p + " under umask " + mask[0]).isEqualTo(mask[1]);
            }
        }
        // reports go through the same writer (AtomicFiles); a bench report, the quickest to make
        Path bench = dir.resolve("bench.md");
        ok(OklProcess.runWithUmask("002", dir, "bench", "--workloads", "gram", "--n", "50", "--repeat", "1",
                "--warmup", "0", "--backend", "java", "--markdown", bench.toString()));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bench))).isEqualTo("rw-rw-r--");
    }

    private static void ok(OklProcess.Result r) {
        assertThat(r.exitCode()).as(r.stderr()).isZero();
    }

    private static void assertError(OklProcess.Result r, String... fragments) {
        assertThat(r.exitCode()).as("exit code; stderr: " + r.stderr()).isEqualTo(1);
        assertThat(r.stderr().strip().lines().filter(l -> !l.startsWith("okl: note: "))).singleElement().asString()
                .startsWith("okl: error: ").contains(fragments);
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(ModelFileIT.class.getClassLoader().getResource(name).toURI());
    }

    /** The numbers of a CSV file with a header row. */
    private static Matrix csvValues(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        double[][] rows = new double[lines.size() - 1][];
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",");
            rows[i - 1] = new double[f.length];
            for (int j = 0; j < f.length; j++) {
                rows[i - 1][j] = Double.parseDouble(f[j]);
            }
        }
        return Matrix.fromRows(rows);
    }
}
