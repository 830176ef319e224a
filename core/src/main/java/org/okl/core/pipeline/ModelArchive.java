package org.okl.core.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.data.IoErrors;
import org.okl.core.io.AtomicFiles;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * Writes and reads model files ({@code .okl}), documented in {@code docs/model-format.md}: a ZIP archive holding
 * {@code model.json} (format version, pipeline, what the model knows of its data, provenance, the predictor type and
 * an index of arrays), one entry per array (little-endian doubles, column-major, shape in the index) and
 * {@code SHA256SUMS}, the SHA-256 of every other entry in {@code sha256sum}'s format. Reading verifies every checksum,
 * so a damaged file is refused instead of predicting something else. Files are written atomically with the user's
 * umask ({@link AtomicFiles}). Format version 3 adds the fitted input and target transforms ({@code transforms}) and
 * the selection's cost and automatic choice in the provenance; versions 2 and 1 (no checksums, training inputs
 * always stored) are still read.
 */
final class ModelArchive {
    /** The format name in {@code model.json}. */
    static final String FORMAT = "okl-model";
    /** The format version this OKL writes and the newest it reads. */
    static final int VERSION = 3;
    /** The index entry. */
    static final String INDEX = "model.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ModelArchive() {
    }

    /** Writes a model atomically. */
    static void write(Model model, Path file) {
        try {
            AtomicFiles.write(file, out -> writeTo(model, out));
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, file + ": cannot write the model: " + IoErrors.describe(e),
                    e);
        }
    }

    private static void writeTo(Model model, OutputStream out) throws IOException {
        Map<String, Matrix> arrays = new LinkedHashMap<>();
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", VERSION);
        root.set("pipeline", PipelineFiles.toJsonNode(model.spec()));
        root.put("pathIndex", model.pathIndex());
        ModelData data = model.data();
        ObjectNode d = root.putObject("data");
        d.put("samples", data.samples());
        d.put("inputs", data.inputCount());
        d.put("outputs", data.outputCount());
        d.put("multiTask", data.multiTask());
        data.inputColumns().ifPresent(c -> {
            ObjectNode cols = d.putObject("inputColumns");
            ArrayNode positions = cols.putArray("positions");
            for (int p : c.positions()) {
                positions.add(p);
            }
            cols.put("width", c.width());
            ArrayNode names = cols.putArray("names");
            c.names().forEach(names::add);
        });
        ObjectNode predictor = root.putObject("predictor");
        predictor.put("type", model.predictor().type());
        predictor.set("arrays", index(model.predictor().arrays(), "predictor/", arrays));
        Map<String, Matrix> training = new LinkedHashMap<>();
        data.outputs().ifPresent(m -> training.put("outputs", m));
        data.unlabelledOutputs().ifPresent(m -> training.put("unlabelledOutputs", m));
        data.inputs().ifPresent(m -> training.put("inputs", m));
        data.groups().ifPresent(g -> training.put("groups", groupsColumn(g)));
        root.set("training", index(training, "training/", arrays));
        root.set("transforms", index(model.transforms().arrays(), "transforms/", arrays));
        root.set("provenance", JSON.valueToTree(model.provenance()));

        ChecksummedZip.Writer zip = new ChecksummedZip.Writer(out);
        zip.add(INDEX, o -> o.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root)));
        for (Map.Entry<String, Matrix> e : arrays.entrySet()) {
            zip.add(e.getKey(), o -> writeArray(o, e.getValue()));
        }
        zip.finish();
    }

    /**
     * Reads a model, recreating its components through the registry of {@code okl}.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, truncated, damaged or newer file
     */
    static Model read(Path file, Okl okl) {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ChecksummedZip.Reader entries = ChecksummedZip.Reader.open(zip, file);
            if (!entries.has(INDEX)) {
                throw invalid(file, "not an OKL model (no " + INDEX + " inside)");
            }
            JsonNode root = parseIndex(entries.read(INDEX), file);
            if (!FORMAT.equals(root.path("format").asText())) {
                throw invalid(file, "not an OKL model (format '" + root.path("format").asText() + "')");
            }
            int version = root.path("formatVersion").asInt(-1);
            if (version > VERSION) {
                throw invalid(file, "written by a newer OKL (model format " + version + "); this OKL reads format "
                        + VERSION + " and older: upgrade OKL");
            }
            if (version < 1) {
                throw invalid(file, "has no valid formatVersion");
            }
            if (version >= 2) {
                entries.requireChecksums();
            }
            PipelineSpec spec = PipelineFiles.parse(root.path("pipeline").toString(), file + " (pipeline)",
                    okl.registry());
            Map<String, Matrix> predictorArrays = readArrays(entries, root.path("predictor").path("arrays"), file);
            Map<String, Matrix> training = readArrays(entries, root.path("training"), file);
            Map<String, Matrix> transforms = readArrays(entries, root.path("transforms"), file);
            Provenance provenance = JSON.treeToValue(root.path("provenance"), Provenance.class);
            ModelData data = version == 1 ? dataOfVersion1(root, training, file)
                    : data(root.path("data"), training, file);
            return Model.restore(spec, transforms, root.path("pathIndex").asInt(),
                    root.path("predictor").path("type").asText(), predictorArrays, data, provenance, okl);
        } catch (NoSuchFileException e) {
            throw invalid(file, "no such model file");
        } catch (AccessDeniedException e) {
            throw invalid(file, "cannot read the model file: permission denied");
        } catch (ZipException | EOFException e) {
            throw invalid(file, "truncated or corrupt model file (" + e.getMessage() + "); fit the model again");
        } catch (IOException e) {
            throw invalid(file, "cannot read the model: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw invalid(file, "inconsistent model file: " + e.getMessage());
        }
    }

    private static JsonNode parseIndex(byte[] bytes, Path file) {
        try {
            JsonNode root = JSON.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw invalid(file, INDEX + " is not a JSON object; the file is damaged");
            }
            return root;
        } catch (IOException e) {
            String problem = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw invalid(file, INDEX + " is not valid JSON (" + problem + "); the file is damaged");
        }
    }

    /** What a version-2 file records of its data, with the training arrays it stores. */
    private static ModelData data(JsonNode d, Map<String, Matrix> training, Path file) {
        int samples = d.path("samples").asInt(-1);
        int inputs = d.path("inputs").asInt(-1);
        int outputs = d.path("outputs").asInt(-1);
        if (samples < 0 || inputs < 1 || outputs < 1 || !d.path("multiTask").isBoolean()) {
            throw invalid(file, "the 'data' member of " + INDEX + " is missing or incomplete");
        }
        Optional<InputColumns> columns = Optional.empty();
        JsonNode c = d.path("inputColumns");
        if (c.isObject()) {
            int[] positions = new int[c.path("positions").size()];
            for (int i = 0; i < positions.length; i++) {
                positions[i] = c.path("positions").get(i).asInt(-1);
            }
            List<String> names = new ArrayList<>();
            c.path("names").forEach(n -> names.add(n.asText()));
            columns = Optional.of(new InputColumns(positions, c.path("width").asInt(-1), names));
        }
        return new ModelData(samples, inputs, outputs, d.path("multiTask").asBoolean(), columns,
                Optional.ofNullable(training.get("outputs")), Optional.ofNullable(training.get("unlabelledOutputs")),
                Optional.ofNullable(training.get("inputs")),
                Optional.ofNullable(training.get("groups")).map(ModelArchive::groupsOf));
    }

    /**
     * A version-1 file stores all its training data, or none and its numbers of input and output columns in
     * {@code dimensions} (a model fitted on streamed rows).
     */
    private static ModelData dataOfVersion1(JsonNode root, Map<String, Matrix> training, Path file) {
        if (training.isEmpty()) {
            JsonNode d = root.path("dimensions");
            int inputs = d.path("inputs").asInt(-1);
            int outputs = d.path("outputs").asInt(-1);
            if (inputs < 1 || outputs < 1) {
                throw invalid(file, "has neither training data nor 'dimensions'");
            }
            return new ModelData(0, inputs, outputs, false, Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty());
        }
        Matrix inputs = require(training, "inputs", file);
        Matrix outputs = require(training, "outputs", file);
        Optional<int[]> groups = Optional.ofNullable(training.get("groups")).map(ModelArchive::groupsOf);
        return new ModelData(inputs.rows(), inputs.cols(), outputs.cols(), groups.isPresent(), Optional.empty(),
                Optional.of(outputs), Optional.ofNullable(training.get("unlabelledOutputs")), Optional.of(inputs),
                groups);
    }

    private static ObjectNode index(Map<String, Matrix> arrays, String prefix, Map<String, Matrix> into) {
        ObjectNode node = JSON.createObjectNode();
        arrays.forEach((name, m) -> {
            String entry = prefix + name + ".f64";
            into.put(entry, m);
            ObjectNode a = node.putObject(name);
            a.put("entry", entry);
            a.put("rows", m.rows());
            a.put("cols", m.cols());
        });
        return node;
    }

    private static Map<String, Matrix> readArrays(ChecksummedZip.Reader entries, JsonNode index, Path file)
            throws IOException {
        Map<String, Matrix> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        index.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode a = index.get(name);
            String entry = a.path("entry").asText();
            if (!entries.has(entry)) {
                throw invalid(file, "array '" + name + "' is missing; the file is truncated or corrupt");
            }
            int rows = a.path("rows").asInt(-1);
            int cols = a.path("cols").asInt(-1);
            if (rows < 0 || cols < 0) {
                throw invalid(file, "array '" + name + "' has no valid shape");
            }
            byte[] bytes = entries.read(entry);
            if (bytes.length != 8L * rows * cols) {
                throw invalid(file, "array '" + name + "' holds " + bytes.length + " bytes, not the " + (8L * rows * cols)
                        + " of a " + rows + " x " + cols + " array; the file is truncated or corrupt");
            }
            double[] d = new double[Math.toIntExact((long) rows * cols)];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
            out.put(name, new Matrix(rows, cols, d));
        }
        return out;
    }

    private static void writeArray(OutputStream out, Matrix m) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 * 8192).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : m.data()) {
            b.putDouble(v);
            if (!b.hasRemaining()) {
                out.write(b.array(), 0, b.position());
                b.clear();
            }
        }
        out.write(b.array(), 0, b.position());
    }

    private static Matrix require(Map<String, Matrix> arrays, String name, Path file) {
        Matrix m = arrays.get(name);
        if (m == null) {
            throw invalid(file, "the training array '" + name + "' is missing");
        }
        return m;
    }

    private static Matrix groupsColumn(int[] groups) {
        Matrix m = Matrix.zeros(groups.length, 1);
        for (int i = 0; i < groups.length; i++) {
            m.set(i, 0, groups[i]);
        }
        return m;
    }

    private static int[] groupsOf(Matrix m) {
        int[] g = new int[m.rows()];
        for (int i = 0; i < g.length; i++) {
            g[i] = (int) m.get(i, 0);
        }
        return g;
    }

    static OklException invalid(Path file, String problem) {
        return new OklException(ErrorCode.INVALID_MODEL, file + ": " + problem);
    }
}
