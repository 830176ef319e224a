package org.okl.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.onnx.proto.OnnxProto.ModelProto;
import org.okl.onnx.proto.OnnxProto.StringStringEntryProto;
import org.okl.onnx.proto.OnnxProto.TensorProto;

/**
 * Every exportable pipeline among the presets and the kinds the accuracy benchmark fits: ONNX Runtime's predictions
 * of the exported graph on held-out rows equal {@link Model#predict} to 1e-9 (float64, relative to the predictions'
 * scale), decoded outputs identical; a changed constant fails the comparison; refused stages are named.
 */
class OnnxExportTest {
    private static final Okl OKL = Okl.fromEnvironment();
    private static final int TRAIN = 60;
    private static final int HELD_OUT = 25;

    @TempDir
    Path dir;

    enum Task { REGRESSION, LABELS, CLASSES, BINARY }

    /** Inputs: 4 columns, the last categorical (levels 0, 1, 2) for the one-hot transform. */
    private static Matrix inputs(int n, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(n, 4);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                x.set(i, j, r.nextGaussian() * (j + 1) + j);
            }
            x.set(i, 3, r.nextInt(3));
        }
        return x;
    }

    private static Matrix outputs(Matrix x, Task task) {
        int q = task == Task.CLASSES || task == Task.BINARY ? 1 : 3;
        Matrix y = Matrix.zeros(x.rows(), q);
        for (int i = 0; i < x.rows(); i++) {
            double a = Math.sin(x.get(i, 0)) + 0.3 * x.get(i, 1) - 0.2 * x.get(i, 3);
            double b = Math.cos(x.get(i, 2) / 3) * x.get(i, 0);
            double[] f = {a, b, a - b + 0.5 * x.get(i, 3)};
            switch (task) {
                case REGRESSION -> {
                    for (int j = 0; j < q; j++) {
                        y.set(i, j, 10 * f[j] + 3);
                    }
                }
                case LABELS -> {
                    for (int j = 0; j < q; j++) {
                        y.set(i, j, f[j] > 0.2 ? 1 : 0);
                    }
                }
                case CLASSES -> y.set(i, 0, a > 0.5 ? 7 : a > -0.3 ? 2 : -1);
                case BINARY -> y.set(i, 0, a - b > 0.1 ? 1 : 0);
            }
        }
        return y;
    }

    private Model fit(String pipeline, Task task) throws Exception {
        Path file = dir.resolve("p.json");
        Files.writeString(file, pipeline.contains("preset") || pipeline.contains("\"filter\"") ? pipeline
                : pipeline.replaceFirst("\\}$", ", \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}}"));
        Matrix x = inputs(TRAIN, 1);
        return OKL.pipeline(OKL.readPipeline(file)).fit(TrainingData.of(x, outputs(x, task)));
    }

    private static double[][] rows(Matrix m) {
        double[][] out = new double[m.rows()][m.cols()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                out[i][j] = m.get(i, j);
            }
        }
        return out;
    }

    /** ONNX Runtime's outputs and scores of a graph for rows. */
    static double[][][] run(byte[] onnx, double[][] x, boolean float32) throws OrtException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession s = env.createSession(onnx, new OrtSession.SessionOptions())) {
            Object input = x;
            if (float32) {
                float[][] f = new float[x.length][];
                for (int i = 0; i < x.length; i++) {
                    f[i] = new float[x[i].length];
                    for (int j = 0; j < x[i].length; j++) {
                        f[i][j] = (float) x[i][j];
                    }
                }
                input = f;
            }
            try (OnnxTensor t = OnnxTensor.createTensor(env, input);
                    OrtSession.Result r = s.run(Map.of(OnnxExport.INPUT, t))) {
                return new double[][][] {doubles(r.get(OnnxExport.OUTPUTS).get().getValue()),
                        doubles(r.get(OnnxExport.SCORES).get().getValue())};
            }
        }
    }

    private static double[][] doubles(Object value) {
        if (value instanceof double[][] d) {
            return d;
        }
        float[][] f = (float[][]) value;
        double[][] d = new double[f.length][];
        for (int i = 0; i < f.length; i++) {
            d[i] = new double[f[i].length];
            for (int j = 0; j < f[i].length; j++) {
                d[i][j] = f[i][j];
            }
        }
        return d;
    }

    /** The largest difference relative to the scale of OKL's values (their largest magnitude, at least 1). */
    static double relativeError(double[][] onnx, Matrix okl) {
        assertThat(onnx.length).isEqualTo(okl.rows());
        double scale = 1.0;
        for (double v : okl.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        double worst = 0;
        for (int i = 0; i < okl.rows(); i++) {
            assertThat(onnx[i]).hasSize(okl.cols());
            for (int j = 0; j < okl.cols(); j++) {
                worst = Math.max(worst, Math.abs(onnx[i][j] - okl.get(i, j)) / scale);
            }
        }
        return worst;
    }

    /** Exports, runs in ONNX Runtime on held-out rows and compares with OKL; the decoded outputs must be identical. */
    private void agrees(Model model, byte[] onnx) throws OrtException {
        Matrix x = inputs(HELD_OUT, 99);
        Decoded okl = model.predict(x);
        double[][][] ort = run(onnx, rows(x), false);
        if (okl.scores().isPresent()) {
            assertThat(relativeError(ort[1], okl.scores().get())).isLessThanOrEqualTo(1e-9);
        }
        boolean decided = !model.spec().decoder().name().equals("identity")
                || model.spec().output().name().equals("one-hot");
        if (decided) {
            for (int i = 0; i < x.rows(); i++) {
                for (int j = 0; j < okl.outputs().cols(); j++) {
                    assertThat(ort[0][i][j]).as("decoded output row %d column %d", i, j)
                            .isEqualTo(okl.outputs().get(i, j));
                }
            }
        } else {
            assertThat(relativeError(ort[0], okl.outputs())).isLessThanOrEqualTo(1e-9);
        }
    }

    private void exportsAndAgrees(String pipeline, Task task) throws Exception {
        Model model = fit(pipeline, task);
        agrees(model, OnnxExport.bytes(model, OnnxExport.Precision.FLOAT64));
    }

    @ParameterizedTest
    @ValueSource(strings = {"vv-rls", "auto-regression", "auto-large"})
    void regressionPresetsAgree(String preset) throws Exception {
        exportsAndAgrees("{\"preset\": \"" + preset + "\"}", Task.REGRESSION);
    }

    /** The accuracy benchmark's methods: the automatic pipeline and its independent and coupled alternatives. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(Task.class)
    void benchmarkMethodsAgree(Task task) throws Exception {
        Matrix x = inputs(TRAIN, 1);
        TrainingData data = TrainingData.of(x, outputs(x, task));
        Model auto = OKL.pipeline(org.okl.core.PipelineSpec.auto().build()).fit(data);
        agrees(auto, OnnxExport.bytes(auto, OnnxExport.Precision.FLOAT64));
        for (org.okl.core.PipelineSpec alternative : auto.alternatives().values()) {
            Model m = OKL.pipeline(alternative).fit(data);
            agrees(m, OnnxExport.bytes(m, OnnxExport.Precision.FLOAT64));
        }
    }

    @Test
    void multiLabelPresetAgrees() throws Exception {
        exportsAndAgrees("{\"preset\": \"auto-multi-label\"}", Task.LABELS);
    }

    @Test
    void vvmrPresetAgrees() throws Exception {
        exportsAndAgrees("{\"preset\": \"vvmr\"}", Task.LABELS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kde-cortes", "kde-weston", "iokr", "oel0", "oel", "kde-covariance",
        "kde-conditional-covariance", "auto-structured"})
    void candidatePresetsAgree(String preset) throws Exception {
        exportsAndAgrees("{\"preset\": \"" + preset + "\"}", Task.REGRESSION);
    }

    /** One 0/1 column: the automatic pipeline's {@code auto-binary} (+-1 codes, threshold 0). */
    @Test
    void binaryPresetAgrees() throws Exception {
        exportsAndAgrees("{\"preset\": \"auto-binary\"}", Task.BINARY);
    }

    @Test
    void multiClassPresetAgrees() throws Exception {
        exportsAndAgrees("{\"preset\": \"auto-multi-class\"}", Task.CLASSES);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // the kernels with a closed form, and sums and products of them
        "{\"kernel\": {\"name\": \"laplacian\", \"sigma\": 2.5}, \"decoder\": {\"name\": \"identity\"}}",
        "{\"inputs\": [{\"name\": \"min-max\"}], \"kernel\": {\"name\": \"polynomial\", \"degree\": 3, "
                + "\"offset\": 1.0}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.1}}",
        "{\"kernel\": {\"name\": \"linear\"}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.5}}",
        "{\"inputs\": [{\"name\": \"min-max\"}], \"kernel\": {\"name\": \"tanimoto\"}}",
        "{\"inputs\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"sum\", \"kernels\": ["
                + "{\"name\": \"gaussian\", \"sigma\": 1.5}, {\"name\": \"scaled\", \"factor\": 0.5, "
                + "\"kernel\": {\"name\": \"laplacian\", \"sigma\": 3.0}}]}}",
        "{\"inputs\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"product\", \"kernels\": ["
                + "{\"name\": \"gaussian\", \"sigma\": 2.0}, {\"name\": \"polynomial\", \"degree\": 2}]}}",
        // one width per feature (the learned candidate's kernels) and the low-rank-plus-diagonal output matrix
        "{\"inputs\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"ard-gaussian\", \"widths\": [0.7, 2.5,"
                + " 40.0, 1.3]}, \"operator\": {\"name\": \"separable\", \"matrix\": {\"name\": \"low-rank\","
                + " \"rank\": 2, \"factor\": [1.0, 0.2, 0.5, 0.8, -0.3, 0.4], \"diagonal\": [0.1, 0.2, 0.3]}}}",
        "{\"inputs\": [{\"name\": \"min-max\"}], \"kernel\": {\"name\": \"ard-laplacian\", \"widths\": [0.4, 3.0,"
                + " 1.1, 9.0]}}",
        // input transforms, a separable operator with a full output matrix, target transforms
        "{\"inputs\": [{\"name\": \"one-hot\", \"columns\": \"3\"}, {\"name\": \"pca\", \"rank\": 3, \"whiten\": true}],"
                + " \"targets\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2},"
                + " \"operator\": {\"name\": \"separable\", \"matrix\": {\"name\": \"common-similarity\","
                + " \"omega\": 0.5}}}",
        // a Nystrom sketch (the auto-large preset's kind, on few landmarks)
        "{\"approximation\": {\"name\": \"nystrom\", \"rank\": 25}, \"inputs\": [{\"name\": \"standardize\"}],"
                + " \"targets\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"gaussian\","
                + " \"bandwidth\": \"median\"}}"})
    void regressionPipelinesAgree(String pipeline) throws Exception {
        exportsAndAgrees(pipeline, Task.REGRESSION);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"output\": {\"name\": \"labels\"}, \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2},"
                + " \"decoder\": {\"name\": \"threshold\", \"value\": 0.4, \"at-least-one\": true}}",
        "{\"output\": {\"name\": \"labels\", \"coding\": \"plus-minus\"}, \"kernel\": {\"name\": \"laplacian\","
                + " \"sigma\": 2}, \"decoder\": {\"name\": \"argmax\"}}",
        "{\"output\": {\"name\": \"labels\"}, \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2},"
                + " \"decoder\": {\"name\": \"top-k\", \"k\": 2}}",
        "{\"output\": {\"name\": \"labels\"}, \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2},"
                + " \"decoder\": {\"name\": \"candidates\"}}"})
    void labelPipelinesAgree(String pipeline) throws Exception {
        exportsAndAgrees(pipeline, Task.LABELS);
    }

    @Test
    void simplexClassesAgree() throws Exception {
        exportsAndAgrees("{\"inputs\": [{\"name\": \"standardize\"}], \"output\": {\"name\": \"simplex\"},"
                + " \"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5}, \"decoder\": {\"name\": \"argmax\"}}",
                Task.CLASSES);
    }

    @Test
    void aChangedConstantFailsTheComparison() throws Exception {
        Model model = fit("{\"preset\": \"vv-rls\"}", Task.REGRESSION);
        ModelProto onnx = ModelProto.parseFrom(OnnxExport.bytes(model, OnnxExport.Precision.FLOAT64));
        ModelProto.Builder changed = onnx.toBuilder();
        int coefficients = -1;
        for (int k = 0; k < onnx.getGraph().getInitializerCount(); k++) {
            if (onnx.getGraph().getInitializer(k).getName().startsWith("coefficients")) {
                coefficients = k;
            }
        }
        TensorProto.Builder t = changed.getGraphBuilder().getInitializerBuilder(coefficients);
        t.setDoubleData(0, t.getDoubleData(0) * (1 + 1e-6));
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> agrees(model, changed.build().toByteArray())))
                .isInstanceOf(AssertionError.class);
        agrees(model, onnx.toByteArray());
    }

    @Test
    void theFileGetsTheUmasksPermissionsLikeAModelFile() throws Exception {
        Model model = fit("{\"preset\": \"vv-rls\"}", Task.REGRESSION);
        Path onnx = dir.resolve("sub/m.onnx");
        OnnxExport.Result written = OnnxExport.write(model, onnx, OnnxExport.Precision.FLOAT64);
        Path plain = Files.writeString(dir.resolve("sub/plain.txt"), "x");
        assertThat(Files.getPosixFilePermissions(onnx)).isEqualTo(Files.getPosixFilePermissions(plain));
        assertThat(Files.size(onnx)).isEqualTo(written.bytes());
        try (var files = Files.list(onnx.getParent())) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("m.onnx", "plain.txt");
        }
    }

    @Test
    void metadataHoldTheVersionPipelineChecksumAndColumns() throws Exception {
        Model model = fit("{\"preset\": \"vv-rls\"}", Task.REGRESSION);
        ModelProto onnx = ModelProto.parseFrom(OnnxExport.bytes(model, OnnxExport.Precision.FLOAT64));
        Map<String, String> meta = onnx.getMetadataPropsList().stream()
                .collect(Collectors.toMap(StringStringEntryProto::getKey, StringStringEntryProto::getValue));
        assertThat(meta).containsKeys("okl.version", "okl.pipeline", "okl.model.sha256sums.sha256");
        assertThat(meta.get("okl.pipeline")).contains("\"omega\"");
        assertThat(meta.get("okl.model.sha256sums.sha256")).matches("[0-9a-f]{64}");
        assertThat(meta.get("okl.input.columns")).isEqualTo("[\"x0\",\"x1\",\"x2\",\"x3\"]");
        assertThat(onnx.getOpsetImport(0).getVersion()).isEqualTo(OnnxExport.OPSET);
        assertThat(onnx.getOpsetImport(0).getDomain()).isEmpty();
        assertThat(onnx.getGraph().getNodeList()).allSatisfy(n -> assertThat(n.getDomain()).isEmpty());
    }

    @Test
    void float32ErrorIsMeasuredAndBounded() throws Exception {
        Model model = fit("{\"inputs\": [{\"name\": \"standardize\"}], \"targets\": [{\"name\": \"standardize\"}],"
                + " \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2}}", Task.REGRESSION);
        Matrix x = inputs(HELD_OUT, 99);
        double[][][] ort = run(OnnxExport.bytes(model, OnnxExport.Precision.FLOAT32), rows(x), true);
        double error = relativeError(ort[0], model.predict(x).outputs());
        System.out.println("float32 graph: largest error relative to the predictions' scale " + error);
        assertThat(error).isGreaterThan(0).isLessThan(1e-4);
    }

    @Test
    void stagesWithoutAnOnnxFormAreRefusedByName() throws Exception {
        Model normalized = fit("{\"kernel\": {\"name\": \"normalized\", \"kernel\": {\"name\": \"gaussian\","
                + " \"sigma\": 2}}}", Task.REGRESSION);
        assertThatThrownBy(() -> OnnxExport.write(normalized, dir.resolve("t.onnx"), OnnxExport.Precision.FLOAT64))
                .isInstanceOf(OklException.class).hasMessageContaining("OKL-E005")
                .hasMessageContaining("kernel 'normalized' has no ONNX form: only the closed-form scalar kernels");
        assertThat(dir.resolve("t.onnx")).doesNotExist();
        Model fourier = fit("{\"approximation\": {\"name\": \"fourier\", \"features\": 20}, \"kernel\": {\"name\":"
                + " \"gaussian\", \"sigma\": 2}}", Task.REGRESSION);
        assertThatThrownBy(() -> OnnxExport.bytes(fourier, OnnxExport.Precision.FLOAT64))
                .isInstanceOf(OklException.class).hasMessageContaining("sketch 'fourier'");
        Matrix x = inputs(TRAIN, 1);
        int[] tasks = new int[TRAIN];
        for (int i = 0; i < TRAIN; i++) {
            tasks[i] = i % 2;
        }
        Model multiTask = OKL.pipeline(OKL.readPipeline(Files.writeString(dir.resolve("mt.json"),
                "{\"preset\": \"auto-multi-task\"}"))).fit(TrainingData.builder(x, outputs(x, Task.CLASSES))
                .groups(tasks).build());
        assertThatThrownBy(() -> OnnxExport.bytes(multiTask, OnnxExport.Precision.FLOAT64))
                .isInstanceOf(OklException.class).hasMessageContaining("multi-task model");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {
        "{\"inputs\": [{\"name\": \"standardize\"}], \"targets\": [{\"name\": \"standardize\"}],"
            + " \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2}}",
        "{\"kernel\": {\"name\": \"laplacian\", \"sigma\": 3}}",
        "{\"inputs\": [{\"name\": \"min-max\"}], \"kernel\": {\"name\": \"polynomial\", \"degree\": 2}}",
        "{\"inputs\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 30}}"})
    void theFloat32ErrorMeasuredInJavaMatchesOnnxRuntimesWithinAFactor(String pipeline) throws Exception {
        Model model = fit(pipeline, Task.REGRESSION);
        Matrix x = inputs(HELD_OUT, 99);
        OnnxExport.Result given = OnnxExport.write(model, dir.resolve("given.onnx"), OnnxExport.Precision.FLOAT32, x);
        double measured = given.float32Error().orElseThrow().maxRelativeError();
        byte[] graph = Files.readAllBytes(dir.resolve("given.onnx"));
        double[][][] ort = run(graph, rows(x), true);
        double ortError = Math.max(relativeError(ort[0], model.predict(x).outputs()),
                model.predict(x).scores().map(s -> relativeError(ort[1], s)).orElse(0.0));
        System.out.println("float32 error: evaluated in Java " + measured + ", ONNX Runtime " + ortError);
        assertThat(measured).isGreaterThan(0).isLessThan(1e-4);
        assertThat(measured / ortError).isBetween(0.1, 10.0);
        // the error is in the file's metadata
        Map<String, String> meta = ModelProto.parseFrom(graph).getMetadataPropsList().stream()
                .collect(Collectors.toMap(StringStringEntryProto::getKey, StringStringEntryProto::getValue));
        assertThat(Double.parseDouble(meta.get("okl.float32.max_relative_error"))).isCloseTo(measured,
                org.assertj.core.data.Percentage.withPercentage(0.1));
        // the evaluator in float64 computes what Model.predict computes: it is a faithful reading of the graph
        GraphEvaluator exact = new GraphEvaluator(ModelProto.parseFrom(OnnxExport.bytes(model,
                OnnxExport.Precision.FLOAT64)).getGraph(), false);
        GraphEvaluator.Tensor out = exact.run(OnnxExport.INPUT, OnnxGraph.rowMajor(x), x.rows(), OnnxExport.OUTPUTS);
        double[][] values = new double[x.rows()][];
        for (int i = 0; i < x.rows(); i++) {
            values[i] = java.util.Arrays.copyOfRange(out.values(), i * model.outputCount(),
                    (i + 1) * model.outputCount());
        }
        assertThat(relativeError(values, model.predict(x).outputs())).isLessThanOrEqualTo(1e-9);
        // without rows: the model's own stored rows (its input transforms undone)
        OnnxExport.Result stored = OnnxExport.write(model, dir.resolve("stored.onnx"), OnnxExport.Precision.FLOAT32);
        assertThat(stored.float32Error()).as(stored.notMeasured().orElse("")).isPresent();
        assertThat(stored.float32Error().get().from()).isEqualTo("the model's stored rows");
        assertThat(stored.float32Error().get().maxRelativeError()).isGreaterThan(0).isLessThan(1e-4);
    }

    @Test
    void aFloat32ExportWhoseRowsCannotBeFoundSaysWhy() throws Exception {
        Model model = fit("{\"inputs\": [{\"name\": \"pca\", \"rank\": 2}], \"kernel\": {\"name\":"
                + " \"gaussian\", \"sigma\": 2}}", Task.REGRESSION);
        OnnxExport.Result r = OnnxExport.write(model, dir.resolve("pca.onnx"), OnnxExport.Precision.FLOAT32);
        assertThat(r.float32Error()).isEmpty();
        assertThat(r.notMeasured()).hasValueSatisfying(why -> assertThat(why).contains("pca"));
    }
}
