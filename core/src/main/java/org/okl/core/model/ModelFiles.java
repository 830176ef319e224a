package org.okl.core.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.PipelineFiles;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.pipeline.Provenance;
import org.okl.core.pipeline.TrainingData;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * Writes and reads model files ({@code .okl}): a ZIP archive holding {@code model.json} (format version, pipeline,
 * provenance, the predictor type and an index of arrays) and one entry per array (little-endian doubles, column-major,
 * shape in the index). Documented in {@code docs/model-format.md}. Files are written to a temporary file and renamed,
 * so a failure never leaves a half-written model; a truncated, corrupt or newer-format file is refused clearly.
 */
public final class ModelFiles {
    /** The format name in {@code model.json}. */
    public static final String FORMAT = "okl-model";
    /** The format version this OKL writes and the newest it reads. */
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ModelFiles() {
    }

    /** Writes a model atomically (temporary file in the same folder, then rename). */
    public static void write(Model model, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, ".okl-model-", ".tmp");
            try (ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                Map<String, Matrix> arrays = new LinkedHashMap<>();
                ObjectNode root = JSON.createObjectNode();
                root.put("format", FORMAT);
                root.put("formatVersion", VERSION);
                root.set("pipeline", PipelineFiles.toJsonNode(model.spec()));
                root.put("pathIndex", model.pathIndex());
                root.set("provenance", JSON.valueToTree(model.provenance()));
                ObjectNode predictor = root.putObject("predictor");
                predictor.put("type", model.predictor().type());
                predictor.set("arrays", index(model.predictor().arrays(), "predictor/", arrays));
                ObjectNode dimensions = root.putObject("dimensions");
                dimensions.put("inputs", model.inputColumns());
                dimensions.put("outputs", model.outputColumns());
                if (model.trainingData().isPresent()) {
                    TrainingData data = model.trainingData().get();
                    Map<String, Matrix> dataArrays = new LinkedHashMap<>();
                    dataArrays.put("inputs", data.inputs());
                    dataArrays.put("outputs", data.outputs());
                    data.unlabelledInputs().ifPresent(m -> dataArrays.put("unlabelledInputs", m));
                    data.unlabelledOutputs().ifPresent(m -> dataArrays.put("unlabelledOutputs", m));
                    data.groups().ifPresent(g -> dataArrays.put("groups", groupsColumn(g)));
                    root.set("training", index(dataArrays, "training/", arrays));
                }
                zip.putNextEntry(new ZipEntry("model.json"));
                zip.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
                zip.closeEntry();
                for (Map.Entry<String, Matrix> e : arrays.entrySet()) {
                    zip.putNextEntry(new ZipEntry(e.getKey()));
                    writeArray(zip, e.getValue());
                    zip.closeEntry();
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_MODEL, file + ": cannot write the model: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the rename already happened or the write failed
                }
            }
        }
    }

    /**
     * Reads a model, recreating its components through the registry of {@code okl}.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, truncated, corrupt or newer file
     */
    public static Model read(Path file, Okl okl) {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ZipEntry meta = zip.getEntry("model.json");
            if (meta == null) {
                throw invalid(file, "not an OKL model (no model.json inside)");
            }
            JsonNode root;
            try (InputStream in = zip.getInputStream(meta)) {
                root = JSON.readTree(in);
            }
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
            PipelineSpec spec = PipelineFiles.parse(root.path("pipeline").toString(), file + " (pipeline)",
                    okl.registry());
            Map<String, Matrix> predictorArrays = readArrays(zip, root.path("predictor").path("arrays"), file);
            Provenance provenance = JSON.treeToValue(root.path("provenance"), Provenance.class);
            Optional<TrainingData> data = Optional.empty();
            if (root.has("training")) {
                Map<String, Matrix> training = readArrays(zip, root.path("training"), file);
                data = Optional.of(new TrainingData(require(training, "inputs", file),
                        require(training, "outputs", file),
                        Optional.ofNullable(training.get("groups")).map(ModelFiles::groupsOf),
                        Optional.ofNullable(training.get("unlabelledInputs")),
                        Optional.ofNullable(training.get("unlabelledOutputs"))));
            }
            int inputs = dimension(root, "inputs", data.map(d -> d.inputs().cols()), file);
            int outputs = dimension(root, "outputs", data.map(d -> d.outputs().cols()), file);
            return Model.restore(spec, root.path("pathIndex").asInt(), root.path("predictor").path("type").asText(),
                    predictorArrays, data, inputs, outputs, provenance, okl);
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

    private static Map<String, Matrix> readArrays(ZipFile zip, JsonNode index, Path file) throws IOException {
        Map<String, Matrix> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        index.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode a = index.get(name);
            ZipEntry entry = zip.getEntry(a.path("entry").asText());
            if (entry == null) {
                throw invalid(file, "array '" + name + "' is missing; the file is truncated or corrupt");
            }
            int rows = a.path("rows").asInt(-1);
            int cols = a.path("cols").asInt(-1);
            if (rows < 0 || cols < 0) {
                throw invalid(file, "array '" + name + "' has no valid shape");
            }
            try (InputStream in = zip.getInputStream(entry)) {
                out.put(name, readArray(in, rows, cols));
            }
        }
        return out;
    }

    private static void writeArray(OutputStream out, Matrix m) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 * 8192).order(ByteOrder.LITTLE_ENDIAN);
        double[] d = m.data();
        DataOutputStream dout = new DataOutputStream(out);
        for (int k = 0; k < d.length; k++) {
            b.putDouble(d[k]);
            if (!b.hasRemaining()) {
                dout.write(b.array(), 0, b.position());
                b.clear();
            }
        }
        dout.write(b.array(), 0, b.position());
        dout.flush();
    }

    private static Matrix readArray(InputStream in, int rows, int cols) throws IOException {
        double[] d = new double[Math.multiplyExact(rows, cols)];
        byte[] bytes = new byte[8 * d.length];
        new DataInputStream(in).readFully(bytes);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
        return new Matrix(rows, cols, d);
    }

    /** A member of {@code dimensions}, else what the stored training data says (files written before it). */
    private static int dimension(JsonNode root, String name, Optional<Integer> fromData, Path file) {
        JsonNode value = root.path("dimensions").path(name);
        if (value.canConvertToInt() && value.asInt() >= 0) {
            return value.asInt();
        }
        return fromData.orElseThrow(() -> invalid(file, "neither 'dimensions." + name + "' nor training data"));
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

    private static OklException invalid(Path file, String problem) {
        return new OklException(ErrorCode.INVALID_MODEL, file + ": " + problem);
    }
}
