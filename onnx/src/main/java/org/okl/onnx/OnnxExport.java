package org.okl.onnx;

import static org.okl.onnx.OnnxGraph.intAttribute;
import static org.okl.onnx.OnnxGraph.intsAttribute;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.core.Model;
import org.okl.onnx.proto.OnnxProto.ModelProto;
import org.okl.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.okl.onnx.proto.OnnxProto.StringStringEntryProto;
import org.okl.onnx.proto.OnnxProto.TensorProto;
import org.okl.onnx.proto.OnnxProto.TensorShapeProto;
import org.okl.onnx.proto.OnnxProto.TypeProto;
import org.okl.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * Writes a fitted model as an ONNX graph of standard {@code ai.onnx} operators (opset {@value #OPSET}), so that
 * ONNX Runtime and other ONNX engines predict what {@link Model#predict} predicts. The graph takes one input,
 * {@value #INPUT} (rows x the model's input columns, in the order of {@code okl.input.columns}), and gives
 * {@value #OUTPUTS} (the decoded outputs, rows x the model's output columns, named in {@code okl.output.columns}) and
 * {@value #SCORES} (the decoder's scores before any decision, before target transforms are undone).
 * <p>
 * Exported stages: the input transforms {@code standardize}, {@code min-max}, {@code drop-constant}, {@code one-hot},
 * {@code pca}; the scalar kernels {@code gaussian}, {@code laplacian}, {@code ard-gaussian}, {@code ard-laplacian},
 * {@code linear}, {@code polynomial},
 * {@code tanimoto}, {@code gaussian-tanimoto}, {@code scaled}, {@code sum} and {@code product} of them; the
 * predictors {@code kernel-expansion} (exact fits, separable operator kernels: {@code k(x, X) C R}) and
 * {@code sketch-expansion} over Nystrom landmarks ({@code k(x, L) beta}); the output embeddings {@code vector},
 * {@code labels}, {@code one-hot}, {@code simplex}; the decoders {@code identity}, {@code argmax},
 * {@code threshold}; affine target transforms undone. Any other stage is refused by name with the reason
 * ({@link ErrorCode#INVALID_PIPELINE}). The graph's metadata hold OKL's version, the pipeline and the model's
 * checksum. It lives in its own module so that core does not depend on protobuf: the exporter reads the model
 * through its documented file format.
 */
public final class OnnxExport {
    /** The ONNX operator set the graphs use. */
    public static final long OPSET = 17;
    /** The ONNX IR version written (that of ONNX 1.12, the first with opset 17). */
    public static final long IR_VERSION = 8;
    /** The graph's input. */
    public static final String INPUT = "inputs";
    /** The graph's decoded outputs. */
    public static final String OUTPUTS = "outputs";
    /** The graph's scores. */
    public static final String SCORES = "scores";

    /** The element type of the graph's real numbers. */
    public enum Precision {
        /** IEEE double: predictions agree with OKL's to rounding. */
        FLOAT64,
        /** IEEE single: half the size, errors of about 1e-6 relative (more where the kernel sums cancel). */
        FLOAT32
    }

    /**
     * What was written.
     *
     * @param file      the ONNX file
     * @param precision its element type
     * @param stages    the exported stages, in order
     * @param bytes     the file's size
     * @param float32Error the float32 graph's measured error (float32 exports whose rows could be found)
     * @param notMeasured  why a float32 export's error was not measured (empty when it was, or for float64)
     */
    public record Result(Path file, Precision precision, List<String> stages, long bytes,
            Optional<Float32Error> float32Error, Optional<String> notMeasured) {
    }

    /**
     * The error of a float32 graph, measured in Java by evaluating its own float32 arithmetic (constants as the
     * floats it holds, every operation rounded to float) on rows, against {@link Model#predict} in float64: the
     * largest difference of a real output (the scores, and the outputs when the decoder is the identity) relative to
     * the largest magnitude of the float64 values, at least 1. Stored in the graph's metadata
     * ({@code okl.float32.max_relative_error}, {@code okl.float32.error_rows}).
     *
     * @param rows             the rows it was measured on
     * @param from             where they came from
     * @param maxRelativeError the largest relative error
     */
    public record Float32Error(int rows, String from, double maxRelativeError) {
    }

    /** The most rows a float32 error is measured on (evenly spaced among those given). */
    public static final int ERROR_ROWS = 500;

    private final Model model;
    private final ModelFile file;
    private final JsonNode pipeline;
    private final OnnxGraph g;
    private final List<String> stages = new ArrayList<>();
    private Float32Error measured;
    private String notMeasured;

    private OnnxExport(Model model, Precision precision) {
        this.model = model;
        this.file = ModelFile.of(model);
        this.pipeline = file.index().path("pipeline");
        this.g = new OnnxGraph(precision == Precision.FLOAT32);
    }

    /**
     * The bytes of the ONNX file of a model.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} naming a stage that has no ONNX form, with the reason
     */
    public static byte[] bytes(Model model, Precision precision) {
        return new OnnxExport(model, precision).proto(null).toByteArray();
    }

    /**
     * Writes the ONNX file of a model atomically (a temporary file in the same folder renamed into place): a refused
     * export or an interrupted write leaves no file.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} naming a stage that has no ONNX form, with the reason;
     *                      {@link ErrorCode#OUTPUT_FILE} when the file cannot be written
     */
    public static Result write(Model model, Path target, Precision precision) {
        return write(model, target, precision, null);
    }

    /**
     * Writes the ONNX file of a model, a float32 graph's error measured on {@code rows} (the model's input columns;
     * null: the model's own stored rows, when its input transforms can be undone).
     *
     * @throws OklException as {@link #write(Model, Path, Precision)}; {@link ErrorCode#INVALID_DATA} for rows of
     *                      another width
     */
    public static Result write(Model model, Path target, Precision precision, Matrix rows) {
        if (rows != null && rows.cols() != model.inputCount()) {
            throw new OklException(ErrorCode.INVALID_DATA, "rows of " + rows.cols() + " columns, the model takes "
                    + model.inputCount());
        }
        OnnxExport export = new OnnxExport(model, precision);
        byte[] bytes = export.proto(rows).toByteArray();
        Path folder = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(folder);
            // a new file of the user's umask (as model files), renamed into place
            Path tmp = folder.resolve(".okl-onnx-" + java.util.UUID.randomUUID() + ".tmp");
            try {
                Files.write(tmp, bytes, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, "cannot write " + UserText.quote(target.toString()) + ": "
                    + e.getMessage(), e);
        }
        return new Result(target, precision, List.copyOf(export.stages), bytes.length,
                Optional.ofNullable(export.measured), Optional.ofNullable(export.notMeasured));
    }

    /** The graph; a float32 one with its error measured (on {@code rows}, or the stored rows) in its metadata. */
    private ModelProto proto(Matrix rows) {
        ModelProto m = build();
        if (g.realType() != TensorProto.DataType.FLOAT_VALUE) {
            return m;
        }
        String from = "given rows";
        Matrix x = rows;
        if (x == null) {
            x = storedRows();
            from = "the model's stored rows";
        }
        if (x == null) {
            return m;
        }
        x = spaced(x, ERROR_ROWS);
        try {
            measured = new Float32Error(x.rows(), from, float32Error(m, x));
        } catch (UnsupportedOperationException e) {
            notMeasured = "the error evaluator does not run " + e.getMessage();
            return m;
        }
        ModelProto.Builder b = m.toBuilder();
        metadata(b, "okl.float32.max_relative_error", String.format(java.util.Locale.ROOT, "%.3e",
                measured.maxRelativeError()));
        metadata(b, "okl.float32.error_rows", measured.rows() + " " + from + "; error relative to the largest "
                + "float64 prediction (at least 1), scores and identity-decoded outputs");
        return b.build();
    }

    /** The largest relative error of the float32 graph against Model.predict on rows. */
    private double float32Error(ModelProto m, Matrix x) {
        GraphEvaluator evaluator = new GraphEvaluator(m.getGraph(), true);
        double[] rowMajor = OnnxGraph.rowMajor(x);
        org.okl.api.decoder.Decoded expected = model.predict(x);
        double worst = 0;
        if (expected.scores().isPresent()) {
            worst = relativeError(evaluator.run(INPUT, rowMajor, x.rows(), SCORES), expected.scores().get());
        }
        if (pipeline.path("decoder").path("name").asText().equals("identity")) {
            worst = Math.max(worst, relativeError(evaluator.run(INPUT, rowMajor, x.rows(), OUTPUTS),
                    expected.outputs()));
        }
        return worst;
    }

    private static double relativeError(GraphEvaluator.Tensor got, Matrix expected) {
        double scale = 1.0;
        for (double v : expected.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        if (got.size() != expected.rows() * expected.cols()) {
            throw new IllegalStateException("the evaluated graph gave " + got.size() + " values, not "
                    + expected.rows() * expected.cols());
        }
        double worst = 0;
        for (int i = 0; i < expected.rows(); i++) {
            for (int j = 0; j < expected.cols(); j++) {
                worst = Math.max(worst, Math.abs(got.values()[i * expected.cols() + j] - expected.get(i, j)) / scale);
            }
        }
        return worst;
    }

    /**
     * The model's own training rows as the graph takes them: the centers (or landmarks) the predictor stores, with
     * the input transforms undone when all are affine; null (and a note why) otherwise.
     */
    private Matrix storedRows() {
        Map<String, Matrix> a = file.predictorArrays();
        Matrix z = a.containsKey("centers") ? a.get("centers") : a.get("landmarks");
        if (z == null) {
            notMeasured = "the model stores no rows of its inputs; give rows to measure it on";
            return null;
        }
        JsonNode inputs = pipeline.path("inputs");
        Map<String, Matrix> arrays = file.transformArrays();
        Matrix x = z.copy();
        for (int k = inputs.size() - 1; k >= 0; k--) {
            Map<String, Matrix> s = state(arrays, "inputs/" + k + "/");
            if (!s.keySet().equals(java.util.Set.of("base", "gain", "shift"))) {
                notMeasured = "the input transform " + UserText.quote(inputs.get(k).path("name").asText())
                        + " cannot be undone to find the model's rows; give rows to measure it on";
                return null;
            }
            double base = s.get("base").data()[0];
            double[] gain = s.get("gain").data();
            double[] shift = s.get("shift").data();
            if (gain.length != x.cols()) {
                notMeasured = "the input transforms change the width; give rows to measure it on";
                return null;
            }
            for (int i = 0; i < x.rows(); i++) {
                for (int j = 0; j < x.cols(); j++) {
                    x.set(i, j, gain[j] == 0 ? shift[j] : (x.get(i, j) - base) / gain[j] + shift[j]);
                }
            }
        }
        return x.cols() == model.inputCount() ? x : null;
    }

    /** At most {@code most} rows, evenly spaced. */
    private static Matrix spaced(Matrix x, int most) {
        if (x.rows() <= most) {
            return x;
        }
        Matrix out = Matrix.zeros(most, x.cols());
        for (int i = 0; i < most; i++) {
            int from = (int) ((long) i * x.rows() / most);
            for (int j = 0; j < x.cols(); j++) {
                out.set(i, j, x.get(from, j));
            }
        }
        return out;
    }

    private ModelProto build() {
        if (model.multiTask()) {
            throw refused("multi-task model", "its predictions need the task of every row, which the exported graph "
                    + "does not take");
        }
        int p = model.inputCount();
        String x = INPUT;
        Map<String, Matrix> transformArrays = file.transformArrays();
        String z = inputTransforms(x, transformArrays);
        String h = predictor(z);
        String[] decoded = decode(h);
        String outputs = targetTransforms(decoded[0], transformArrays);
        g.identity(outputs, OUTPUTS);
        g.identity(decoded[1], SCORES);
        g.proto().setName("okl").addInput(value(INPUT, "N", p))
                .addOutput(value(OUTPUTS, "N", model.outputCount()))
                .addOutput(value(SCORES, "N", -1))
                .setDocString("OKL model: " + String.join(" -> ", stages));
        ModelProto.Builder m = ModelProto.newBuilder().setIrVersion(IR_VERSION).setProducerName("okl")
                .setProducerVersion(version()).setDomain("org.okl").setModelVersion(1)
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(OPSET))
                .setGraph(g.proto());
        metadata(m, "okl.version", version());
        metadata(m, "okl.fitted.version", file.index().path("provenance").path("oklVersion").asText(""));
        metadata(m, "okl.pipeline", pipeline.toString());
        metadata(m, "okl.model.sha256sums.sha256", file.checksum());
        metadata(m, "okl.opset", Long.toString(OPSET));
        metadata(m, "okl.precision", g.realType() == 1 ? "float32" : "float64");
        metadata(m, "okl.input.columns", jsonList(inputNames()));
        metadata(m, "okl.output.columns", jsonList(outputNames()));
        metadata(m, "okl.stages", jsonList(stages));
        return m.build();
    }

    static void metadata(ModelProto.Builder m, String key, String value) {
        m.addMetadataProps(StringStringEntryProto.newBuilder().setKey(key).setValue(value));
    }

    private static String version() {
        String v = Model.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    private List<String> inputNames() {
        List<String> names = model.inputColumns().map(c -> c.names()).orElse(List.of());
        if (names.size() == model.inputCount()) {
            return names;
        }
        List<String> out = new ArrayList<>();
        for (int j = 0; j < model.inputCount(); j++) {
            out.add("x" + j);
        }
        return out;
    }

    private List<String> outputNames() {
        if (model.outputNames().size() == model.outputCount()) {
            return model.outputNames();
        }
        List<String> out = new ArrayList<>();
        for (int j = 0; j < model.outputCount(); j++) {
            out.add("y" + j);
        }
        return out;
    }

    private static String jsonList(List<String> values) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(values);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private ValueInfoProto value(String name, String rows, long cols) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder()
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimParam(rows));
        shape.addDim(cols < 0 ? TensorShapeProto.Dimension.newBuilder().setDimParam("D")
                : TensorShapeProto.Dimension.newBuilder().setDimValue(cols));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(g.realType()).setShape(shape))).build();
    }

    static OklException refused(String stage, String reason) {
        return new OklException(ErrorCode.INVALID_PIPELINE, "cannot export to ONNX: the " + stage + " has no ONNX "
                + "form: " + reason);
    }

    // ---- input transforms ----

    private String inputTransforms(String x, Map<String, Matrix> arrays) {
        String v = x;
        JsonNode inputs = pipeline.path("inputs");
        for (int k = 0; k < inputs.size(); k++) {
            String name = inputs.get(k).path("name").asText();
            Map<String, Matrix> state = state(arrays, "inputs/" + k + "/");
            v = transform(v, name, state, "input transform");
            stages.add("input transform " + name);
        }
        return v;
    }

    private static Map<String, Matrix> state(Map<String, Matrix> arrays, String prefix) {
        Map<String, Matrix> state = new TreeMap<>();
        arrays.forEach((n, m) -> {
            if (n.startsWith(prefix)) {
                state.put(n.substring(prefix.length()), m);
            }
        });
        return state;
    }

    private String transform(String v, String name, Map<String, Matrix> s, String what) {
        if (s.keySet().equals(java.util.Set.of("base", "gain", "shift"))) {
            // (x - shift) * gain + base, as OKL computes it
            String d = g.op("Sub", v, g.row("shift", s.get("shift").data()));
            String m = g.op("Mul", d, g.row("gain", s.get("gain").data()));
            return g.op("Add", m, g.scalar("base", s.get("base").data()[0]));
        }
        if (s.keySet().equals(java.util.Set.of("keep", "width"))) {
            return g.op("Gather", List.of(v, g.longs("keep", false, longs(s.get("keep").data()))),
                    intAttribute("axis", 1));
        }
        if (s.keySet().equals(java.util.Set.of("components", "mean", "scale"))) {
            String c = g.op("Sub", v, g.row("mean", s.get("mean").data()));
            String r = g.op("MatMul", c, g.matrix("components", s.get("components")));
            return g.op("Mul", r, g.row("scale", s.get("scale").data()));
        }
        if (s.keySet().equals(java.util.Set.of("columns", "counts", "levels", "width"))) {
            return oneHot(v, s);
        }
        throw refused(what + " " + UserText.quote(name), "only affine (standardize, min-max), column subsets "
                + "(drop-constant), pca and one-hot transforms are exported");
    }

    private String oneHot(String v, Map<String, Matrix> s) {
        int width = (int) s.get("width").data()[0];
        long[] columns = longs(s.get("columns").data());
        double[] counts = s.get("counts").data();
        double[] levels = s.get("levels").data();
        if (columns.length == 0) {
            return v;
        }
        List<String> parts = new ArrayList<>();
        int at = 0;
        for (int j = 0; j < width; j++) {
            int c = indexOf(columns, j);
            String col = g.op("Gather", List.of(v, g.longs("column", false, j)), intAttribute("axis", 1));
            if (c < 0) {
                parts.add(col);
                continue;
            }
            int n = (int) counts[c];
            double[] l = Arrays.copyOfRange(levels, at, at + n);
            at += n;
            String eq = g.op("Equal", col, g.row("levels", l));
            parts.add(g.op("Cast", List.of(eq), intAttribute("to", g.realType())));
        }
        return g.op("Concat", parts, intAttribute("axis", 1));
    }

    private static int indexOf(long[] values, long v) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == v) {
                return i;
            }
        }
        return -1;
    }

    private static long[] longs(double[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (long) values[i];
        }
        return out;
    }

    // ---- the predictor ----

    private String predictor(String z) {
        String type = file.index().path("predictor").path("type").asText();
        Map<String, Matrix> a = file.predictorArrays();
        JsonNode kernel = pipeline.path("kernel");
        switch (type) {
            case "kernel-expansion" -> {
                String k = kernel(z, a.get("centers"), kernel);
                String h = g.op("MatMul", k, g.matrix("coefficients", a.get("coefficients")));
                stages.add("kernel expansion over " + a.get("centers").rows() + " centers");
                if (a.containsKey("right")) {
                    h = g.op("MatMul", h, g.matrix("right", a.get("right")));
                    stages.add("separable output matrix " + a.get("right").rows() + " x " + a.get("right").cols());
                }
                return h;
            }
            case "sketch-expansion" -> {
                String sketch = pipeline.path("approximation").path("name").asText();
                if (!a.containsKey("landmarks")) {
                    throw refused("sketch " + UserText.quote(sketch), "only dense Nystrom landmarks are exported "
                            + "(the model's sketch stores " + a.keySet() + ")");
                }
                String k = kernel(z, a.get("landmarks"), kernel);
                stages.add("Nystrom expansion over " + a.get("landmarks").rows() + " landmarks");
                return g.op("MatMul", k, g.matrix("weights", a.get("weights")));
            }
            default -> throw refused("predictor " + UserText.quote(type) + " (operator "
                    + UserText.quote(pipeline.path("operator").path("name").asText()) + ")", "only kernel expansions "
                    + "(k(x, X) C, separable operator kernels) and Nystrom sketch expansions are exported");
        }
    }

    /** The Gram block k(Z, points) (rows x points), as the kernels plugin defines each kernel. */
    private String kernel(String z, Matrix points, JsonNode spec) {
        String name = spec.path("name").asText();
        stages.add("kernel " + name);
        switch (name) {
            case "linear" -> {
                return inner(z, points);
            }
            case "polynomial" -> {
                String s = g.op("Add", inner(z, points), g.scalar("offset", spec.path("offset").asDouble(1.0)));
                return g.op("Pow", s, g.scalar("degree", spec.path("degree").asInt(3)));
            }
            case "gaussian" -> {
                return gaussian(z, points, width(spec, name));
            }
            case "laplacian" -> {
                return laplacian(z, points, spec.has("sigma") ? width(spec, name) : 1.0);
            }
            case "ard-gaussian", "ard-laplacian" -> {
                // the one-width kernel of width 1 on the inputs divided feature by feature by their widths
                double[] inverse = inverseWidths(spec, name, points.cols());
                Matrix scaled = points.copy();
                for (int i = 0; i < scaled.rows(); i++) {
                    for (int f = 0; f < scaled.cols(); f++) {
                        scaled.set(i, f, scaled.get(i, f) * inverse[f]);
                    }
                }
                String zs = g.op("Mul", z, g.row("inverse_widths", inverse));
                return name.equals("ard-gaussian") ? gaussian(zs, scaled, 1.0) : laplacian(zs, scaled, 1.0);
            }
            case "tanimoto" -> {
                return tanimoto(z, points);
            }
            case "gaussian-tanimoto" -> {
                double sigma = spec.has("sigma") ? width(spec, name) : 1.0;
                String t = tanimoto(z, points);
                String d = g.op("Sub", g.scalar("two", 2.0), g.op("Mul", g.scalar("two", 2.0), t));
                return g.op("Exp", g.op("Mul", d, g.scalar("scale", -1.0 / (2.0 * sigma * sigma))));
            }
            case "scaled" -> {
                return g.op("Mul", kernel(z, points, spec.path("kernel")),
                        g.scalar("factor", spec.path("factor").asDouble()));
            }
            case "sum", "product" -> {
                String acc = null;
                for (JsonNode part : spec.path("kernels")) {
                    String k = kernel(z, points, part);
                    acc = acc == null ? k : g.op(name.equals("sum") ? "Add" : "Mul", acc, k);
                }
                return acc;
            }
            default -> throw refused("kernel " + UserText.quote(name), "only the closed-form scalar kernels gaussian, "
                    + "laplacian, ard-gaussian, ard-laplacian, linear, polynomial, tanimoto, gaussian-tanimoto, "
                    + "scaled, sum and product are exported");
        }
    }

    private String gaussian(String z, Matrix points, double sigma) {
        String d2 = g.op("Max", squaredDistances(z, points), g.scalar("zero", 0.0));
        return g.op("Exp", g.op("Mul", d2, g.scalar("scale", -1.0 / (2.0 * sigma * sigma))));
    }

    private String laplacian(String z, Matrix points, double sigma) {
        String zz = g.op("Unsqueeze", z, g.longs("axis", false, 1));
        String diff = g.op("Sub", zz, g.matrix("points", points));
        String l1 = g.op("ReduceSum", List.of(g.op("Abs", diff), g.longs("axes", false, 2)),
                intAttribute("keepdims", 0));
        return g.op("Exp", g.op("Mul", l1, g.scalar("scale", -1.0 / sigma)));
    }

    /** 1 / w_f for an ARD kernel's recorded widths, one per input column of the kernel. */
    private static double[] inverseWidths(JsonNode spec, String name, int columns) {
        JsonNode widths = spec.path("widths");
        if (!widths.isArray() || widths.size() != columns) {
            throw refused("kernel " + UserText.quote(name), "the model records " + (widths.isArray()
                    ? widths.size() + " widths for " + columns + " input columns" : "no widths"));
        }
        double[] inverse = new double[columns];
        for (int f = 0; f < columns; f++) {
            inverse[f] = 1.0 / widths.get(f).asDouble();
        }
        return inverse;
    }

    private static double width(JsonNode spec, String name) {
        if (spec.has("sigma")) {
            return spec.path("sigma").asDouble();
        }
        if (spec.has("gamma")) {
            return Math.sqrt(1.0 / (2.0 * spec.path("gamma").asDouble()));
        }
        throw refused("kernel " + UserText.quote(name), "the model records no resolved width (sigma)");
    }

    private String inner(String z, Matrix points) {
        return g.op("MatMul", z, g.matrix("points_t", points.transpose()));
    }

    /** ||z||^2 + ||c||^2 - 2 z c^T, as OKL computes squared distances. */
    private String squaredDistances(String z, Matrix points) {
        String zn = g.op("ReduceSum", List.of(g.op("Mul", z, z), g.longs("axes", false, 1)),
                intAttribute("keepdims", 1));
        String cross = g.op("Mul", inner(z, points), g.scalar("two", 2.0));
        return g.op("Sub", g.op("Add", zn, g.row("point_norms", squaredRowNorms(points))), cross);
    }

    private String tanimoto(String z, Matrix points) {
        String ip = inner(z, points);
        String zn = g.op("ReduceSum", List.of(g.op("Mul", z, z), g.longs("axes", false, 1)),
                intAttribute("keepdims", 1));
        String den = g.op("Sub", g.op("Add", zn, g.row("point_norms", squaredRowNorms(points))), ip);
        String zero = g.op("Equal", den, g.scalar("zero", 0.0));
        String safe = g.op("Where", zero, g.scalar("one", 1.0), den);
        return g.op("Where", zero, g.scalar("one", 1.0), g.op("Div", ip, safe));
    }

    private static double[] squaredRowNorms(Matrix m) {
        double[] out = new double[m.rows()];
        for (int i = 0; i < m.rows(); i++) {
            double s = 0;
            for (int j = 0; j < m.cols(); j++) {
                s += m.get(i, j) * m.get(i, j);
            }
            out[i] = s;
        }
        return out;
    }

    // ---- output embedding and decoder ----

    /** The decoded outputs and the scores. */
    private String[] decode(String h) {
        JsonNode output = pipeline.path("output");
        JsonNode decoder = pipeline.path("decoder");
        String embedding = output.path("name").asText();
        String decoderName = decoder.path("name").asText();
        if (decoderName.equals("candidates")) {
            return candidates(h, embedding, decoder);
        }
        double negative = 0.0;
        double positive = 1.0;
        String scores;
        double[] classes = null;
        int width = model.outputCount();
        switch (embedding) {
            case "vector" -> scores = h;
            case "labels" -> {
                scores = h;
                if (output.path("coding").asText("zero-one").equals("plus-minus")) {
                    negative = -1.0;
                }
            }
            case "one-hot", "simplex" -> {
                classes = Arrays.stream(file.trainingOutputs().data()).distinct().sorted().toArray();
                int d = classes.length;
                width = d;
                double off = embedding.equals("simplex") ? -1.0 / (d - 1) : 0.0;
                double[] codes = new double[d * d];
                Arrays.fill(codes, off);
                for (int j = 0; j < d; j++) {
                    codes[j * d + j] = 1.0;
                }
                // scores = h codes^T; codes is symmetric
                scores = g.op("MatMul", h, g.real("codes", codes, d, d));
            }
            default -> throw refused("output embedding " + UserText.quote(embedding), "its decoding needs the output "
                    + "kernel on a candidate set (a pre-image), which is not exported; exported embeddings are "
                    + "vector, labels, one-hot and simplex");
        }
        stages.add("output embedding " + embedding);
        String decisions;
        switch (decoderName) {
            case "identity" -> decisions = scores;
            case "argmax" -> {
                String best = g.op("ArgMax", List.of(scores), intAttribute("axis", 1), intAttribute("keepdims", 0),
                        intAttribute("select_last_index", 0));
                decisions = oneHotOf(best, width, negative, positive);
            }
            case "threshold" -> decisions = thresholds(scores, width, decoder, negative, positive);
            case "top-k" -> {
                long k = decoder.path("k").asLong(1);
                String top = g.op("TopK", List.of(scores, g.longs("k", false, k)), intAttribute("axis", 1),
                        intAttribute("largest", 1), intAttribute("sorted", 1));
                decisions = topK(top, width, negative, positive);
            }
            default -> throw refused("decoder " + UserText.quote(decoderName), "exported decoders are identity, "
                    + "argmax, threshold, top-k and candidates");
        }
        stages.add("decoder " + decoderName);
        String outputs;
        if (classes != null) {
            // the class of the first largest decision
            String best = g.op("ArgMax", List.of(decisions), intAttribute("axis", 1), intAttribute("keepdims", 1),
                    intAttribute("select_last_index", 0));
            outputs = g.op("Gather", List.of(g.real("classes", classes, classes.length), best),
                    intAttribute("axis", 0));
        } else if (embedding.equals("labels")) {
            String d = g.op("Sub", decisions, g.scalar("negative", negative));
            outputs = g.op("Div", d, g.scalar("span", positive - negative));
        } else {
            outputs = decisions;
        }
        return new String[] {outputs, scores};
    }

    /**
     * The pre-image over a candidate set ({@code argmin_c l(y_c, y_c) - 2 <h, psi(y_c)>}): the distances the fitted
     * output embedding gives are affine in the prediction for every embedding OKL has (explicit codes, the output
     * kernel, kernel PCA, OEL), so they are read off the embedding itself at h = 0 and at the unit vectors, checked
     * on a random prediction, and exported as one product plus a row; the first nearest candidate is the output.
     */
    private String[] candidates(String h, String embedding, JsonNode decoder) {
        String from = decoder.path("from").asText("train");
        if (decoder.has("file")) {
            throw refused("decoder 'candidates' with a file", "only candidates from the model's own stored outputs "
                    + "(from train, unlabelled, train+unlabelled) are exported");
        }
        Matrix train = file.trainingOutputs();
        Matrix unlabelled = file.unlabelledOutputs();
        Matrix c = switch (from) {
            case "unlabelled" -> unlabelled;
            case "train+unlabelled" -> unlabelled == null ? train : stack(train, unlabelled);
            default -> train;
        };
        if (c == null) {
            throw refused("decoder 'candidates'", "the model stores no " + from + " outputs to choose among");
        }
        var fitted = model.embedding();
        int d = width(h);
        Matrix zero = Matrix.zeros(1, d);
        Matrix unit = Matrix.zeros(d, d);
        for (int j = 0; j < d; j++) {
            unit.set(j, j, 1.0);
        }
        double[] a = fitted.candidateDistances(zero, c).data();
        Matrix at = fitted.candidateDistances(unit, c);
        Matrix b = Matrix.zeros(d, c.rows());
        for (int j = 0; j < d; j++) {
            for (int k = 0; k < c.rows(); k++) {
                b.set(j, k, at.get(j, k) - a[k]);
            }
        }
        requireAffine(fitted, c, a, b, embedding);
        String distances = g.op("Add", g.op("MatMul", h, g.matrix("candidate_terms", b)), g.row("candidate_self", a));
        String best = g.op("ArgMin", List.of(distances), intAttribute("axis", 1), intAttribute("keepdims", 0),
                intAttribute("select_last_index", 0));
        String outputs = g.op("Gather", List.of(g.matrix("candidates", c), best), intAttribute("axis", 0));
        stages.add("output embedding " + embedding);
        stages.add("decoder candidates over " + c.rows() + " " + from + " outputs");
        return new String[] {outputs, distances};
    }

    /** The width of the regression's predictions (D). */
    private int width(String h) {
        Map<String, Matrix> a = file.predictorArrays();
        Matrix last = a.containsKey("right") ? a.get("right") : a.containsKey("weights") ? a.get("weights")
                : a.get("coefficients");
        return last.cols();
    }

    private void requireAffine(org.okl.api.output.FittedOutputEmbedding fitted, Matrix c, double[] a, Matrix b,
            String embedding) {
        java.util.Random random = new java.util.Random(17);
        Matrix h = Matrix.zeros(2, b.rows());
        for (int k = 0; k < h.data().length; k++) {
            h.data()[k] = random.nextGaussian();
        }
        Matrix direct = fitted.candidateDistances(h, c);
        double scale = 1.0;
        for (double v : direct.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < h.rows(); i++) {
            for (int k = 0; k < c.rows(); k++) {
                double v = a[k];
                for (int j = 0; j < b.rows(); j++) {
                    v += h.get(i, j) * b.get(j, k);
                }
                if (!(Math.abs(v - direct.get(i, k)) <= 1e-9 * scale)) {
                    throw refused("output embedding " + UserText.quote(embedding), "its candidate distances are not "
                            + "affine in the prediction, so they have no product form");
                }
            }
        }
    }

    private static Matrix stack(Matrix top, Matrix bottom) {
        Matrix m = Matrix.zeros(top.rows() + bottom.rows(), top.cols());
        for (int j = 0; j < top.cols(); j++) {
            for (int i = 0; i < top.rows(); i++) {
                m.set(i, j, top.get(i, j));
            }
            for (int i = 0; i < bottom.rows(); i++) {
                m.set(top.rows() + i, j, bottom.get(i, j));
            }
        }
        return m;
    }

    /** Rows of {@code negative} with {@code positive} at the given column of each ({@code width} columns). */
    private String oneHotOf(String index, int width, double negative, double positive) {
        long[] columns = new long[width];
        for (int j = 0; j < width; j++) {
            columns[j] = j;
        }
        String at = g.op("Unsqueeze", index, g.longs("axis", false, 1));
        String hit = g.op("Equal", at, g.longs("columns", false, columns));
        return g.op("Where", hit, g.scalar("positive", positive), g.scalar("negative", negative));
    }

    /** Rows with {@code positive} at the columns TopK chose (its second output, the indices). */
    private String topK(String topValues, int width, double negative, double positive) {
        // TopK has two outputs: values (named after the node) and indices
        String indices = topValues + "_indices";
        g.proto().getNodeBuilderList().get(g.proto().getNodeCount() - 1).addOutput(indices);
        long[] columns = new long[width];
        for (int j = 0; j < width; j++) {
            columns[j] = j;
        }
        String at = g.op("Unsqueeze", indices, g.longs("axis", false, 2));
        String hit = g.op("Cast", List.of(g.op("Equal", at, g.longs("columns", false, columns))),
                intAttribute("to", g.realType()));
        String any = g.op("ReduceMax", List.of(hit), intsAttribute("axes", 1), intAttribute("keepdims", 0));
        String on = g.op("Greater", any, g.scalar("zero", 0.0));
        return g.op("Where", on, g.scalar("positive", positive), g.scalar("negative", negative));
    }

    private String thresholds(String scores, int width, JsonNode decoder, double negative, double positive) {
        String t;
        if (decoder.has("thresholds")) {
            double[] values = new double[decoder.path("thresholds").size()];
            for (int j = 0; j < values.length; j++) {
                values[j] = decoder.path("thresholds").get(j).asDouble();
            }
            t = g.row("thresholds", values);
        } else {
            t = g.scalar("threshold", decoder.has("value") ? decoder.path("value").asDouble()
                    : (negative + positive) / 2.0);
        }
        String on = g.op("GreaterOrEqual", scores, t);
        String decisions = g.op("Where", on, g.scalar("positive", positive), g.scalar("negative", negative));
        if (!decoder.path("at-least-one").asBoolean(false)) {
            return decisions;
        }
        // a row with no label on gets the label of the largest margin (the first of equal ones)
        String margin = g.op("Sub", scores, t);
        String best = g.op("ArgMax", List.of(margin), intAttribute("axis", 1), intAttribute("keepdims", 0),
                intAttribute("select_last_index", 0));
        String forced = oneHotOf(best, width, negative, positive);
        String any = g.op("ReduceMax", List.of(g.op("Cast", List.of(on), intAttribute("to", g.realType()))),
                intsAttribute("axes", 1), intAttribute("keepdims", 1));
        String none = g.op("Equal", any, g.scalar("zero", 0.0));
        return g.op("Where", none, forced, decisions);
    }

    // ---- target transforms ----

    private String targetTransforms(String y, Map<String, Matrix> arrays) {
        String v = y;
        JsonNode targets = pipeline.path("targets");
        for (int k = targets.size() - 1; k >= 0; k--) {
            String name = targets.get(k).path("name").asText();
            Map<String, Matrix> s = state(arrays, "targets/" + k + "/");
            if (!s.keySet().equals(java.util.Set.of("base", "gain", "shift"))) {
                throw refused("target transform " + UserText.quote(name), "only affine target transforms "
                        + "(standardize, min-max) are undone in the graph");
            }
            // (y - base) / gain + shift, as OKL undoes it
            String d = g.op("Sub", v, g.scalar("base", s.get("base").data()[0]));
            String q = g.op("Div", d, g.row("gain", s.get("gain").data()));
            v = g.op("Add", q, g.row("shift", s.get("shift").data()));
            stages.add("target transform " + name + " undone");
        }
        return v;
    }
}
