package org.okl.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
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
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.core.conformal.ResidualScale;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.IoErrors;
import org.okl.core.select.TikhonovFolds;

/**
 * Writes and reads model files ({@code .okl}), documented in {@code docs/model-format.md}: a ZIP archive holding
 * {@code model.json} (format version, pipeline, what the model knows of its data, provenance, the predictor type and
 * an index of arrays), one entry per array (little-endian doubles, column-major, shape in the index) and
 * {@code SHA256SUMS}, the SHA-256 of every other entry in {@code sha256sum}'s format. Reading verifies every checksum,
 * so a damaged file is refused instead of predicting something else. Files are written atomically with the user's
 * umask ({@link AtomicFiles}). Format version 3 adds the fitted input and target transforms ({@code transforms}),
 * the selection's cost and automatic choice in the provenance, and {@code files/}: the content of every file the
 * pipeline names, which is all a loaded model reads (it never opens a path its file names). Versions 2 (no
 * transforms, no stored files) and 1 (no checksums, training inputs always stored) are still read.
 *
 * <p>What a model file holds is data and is checked as such: every array's shape in long arithmetic against its
 * entry's length, every number of the predictor and of the transforms finite, every member present with its type; a
 * model file names components by id (created through the registry, never a class), and files only among its own
 * entries.
 */
final class ModelArchive {
    /** The format name in {@code model.json}. */
    static final String FORMAT = "okl-model";
    /** The format version this OKL writes and the newest it reads. */
    static final int VERSION = 3;
    /** The index entry. */
    static final String INDEX = "model.json";
    /**
     * Strict as for pipeline files: a member given twice (which a reader of the file and OKL could take differently)
     * or text after the object makes the file damaged.
     */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ModelArchive() {
    }

    /** Writes a model atomically. */
    static void write(Model model, Path file) {
        try {
            AtomicFiles.write(file, out -> writeTo(model, out));
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, UserText.escape(file.toString())
                    + ": cannot write the model: " + IoErrors.describe(e), e);
        }
    }

    /** The bytes of the model's file, written in memory ({@link #write} writes the same to a file). */
    static byte[] bytes(Model model) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            writeTo(model, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("writing to memory failed", e);
        }
        return out.toByteArray();
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
            if (!c.levels().isEmpty()) {
                ArrayNode levels = cols.putArray("levels");
                for (List<String> l : c.levels()) {
                    ArrayNode column = levels.addArray();
                    l.forEach(column::add);
                }
            }
        });
        if (!data.outputNames().isEmpty()) {
            ArrayNode outputNames = d.putArray("outputNames");
            data.outputNames().forEach(outputNames::add);
        }
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
        model.calibration().ifPresent(c -> {
            ObjectNode conformal = root.putObject("conformal");
            Map<String, Matrix> stored = new LinkedHashMap<>();
            stored.put("residuals", c.residuals());
            if (c.method() == Calibration.Method.PLATT) {
                // label probabilities: each label's Platt slope (row 0) and intercept (row 1)
                conformal.put("method", c.method().id());
                conformal.set("arrays", index(Map.of("platt", c.residuals()), "conformal/", arrays));
                return;
            }
            if (c.method() == Calibration.Method.SPLIT) {
                // split conformal: the calibration rows' residuals alone (no training inputs)
                conformal.put("method", c.method().id());
                conformal.set("arrays", index(stored, "conformal/", arrays));
                return;
            }
            if (c.method() == Calibration.Method.CLASS_SETS) {
                conformal.put("method", c.method().id());
            }
            c.scale().ifPresent(scale -> {
                // normalised scores: the residual scale's kernel expansion over the training inputs
                conformal.put("scores", "normalised");
                stored.put("scale", scale.array());
            });
            c.folds().ifPresent(folds -> {
                // CV+: each training row's fold and the K fold models' coefficients over the training rows
                conformal.put("method", c.method().id());
                stored.put("folds", folds.foldColumn());
                stored.put("coefficients", folds.coefficients());
            });
            // a kernel expansion's centers are the transformed training inputs: stored once, referred to here
            Matrix centers = model.predictor().arrays().get(CENTERS);
            if (centers != null && sameValues(centers, c.inputs())) {
                conformal.put("inputs", "predictor/" + CENTERS);
            } else {
                stored.put("inputs", c.inputs());
            }
            conformal.set("arrays", index(stored, "conformal/", arrays));
        });
        root.set("provenance", JSON.valueToTree(ProvenanceMembers.written(model.provenance())));
        ObjectNode files = root.putObject("files");
        Map<String, byte[]> entries = new LinkedHashMap<>();
        int k = 0;
        for (Map.Entry<String, byte[]> f : model.files().entrySet()) {
            String entry = "files/" + k++;
            files.put(f.getKey(), entry);
            entries.put(entry, f.getValue());
        }

        ChecksummedZip.Writer zip = new ChecksummedZip.Writer(out);
        zip.add(INDEX, o -> o.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root)));
        for (Map.Entry<String, Matrix> e : arrays.entrySet()) {
            zip.add(e.getKey(), o -> writeArray(o, e.getValue()));
        }
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            zip.add(e.getKey(), o -> o.write(e.getValue()));
        }
        zip.finish();
    }

    /**
     * Reads a model, recreating its components through the registry of {@code okl}.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, truncated, damaged or newer file
     */
    static Model read(Path path, Okl okl) {
        return read(path, okl, TrustPolicy.none());
    }

    /**
     * Reads a model whose signature {@code trust} accepts ({@link ArchiveSignature#check}), checked before anything
     * else is read from the file.
     *
     * @throws OklException {@link ErrorCode#UNTRUSTED_MODEL} when the policy refuses the file
     */
    static Model read(Path path, Okl okl, TrustPolicy trust) {
        String file = UserText.escape(path.toString());
        if (java.nio.file.Files.isDirectory(path)) {
            throw invalid(file, "is a folder, not a model file");
        }
        if (java.nio.file.Files.exists(path) && !java.nio.file.Files.isRegularFile(path)) {
            throw invalid(file, "is not a regular file (a named pipe or a device); copy the model to a file");
        }
        return guarded(file, () -> {
            try (ZipFile zip = new ZipFile(path.toFile())) {
                return read(ChecksummedZip.Reader.open(zip, file), file, okl, trust);
            }
        });
    }

    /**
     * Reads a model from the bytes of its file (a model sent to a Spark executor), writing and reading no file.
     *
     * @param name what the bytes are, named in errors
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for damaged or newer bytes
     */
    static Model read(byte[] archive, String name, Okl okl, TrustPolicy trust) {
        String file = UserText.escape(name);
        return guarded(file, () -> read(ChecksummedZip.Reader.open(archive, file), file, okl, trust));
    }

    /** A step that reads a model. */
    @FunctionalInterface
    private interface ModelRead {
        Model read() throws IOException;
    }

    /** Runs a read, turning what goes wrong into one {@link ErrorCode#INVALID_MODEL} line naming the file. */
    private static Model guarded(String file, ModelRead step) {
        try {
            return step.read();
        } catch (NoSuchFileException e) {
            throw invalid(file, "no such model file");
        } catch (AccessDeniedException e) {
            throw invalid(file, "cannot read the model file: permission denied");
        } catch (ZipException | EOFException e) {
            throw invalid(file, "truncated or corrupt model file (" + UserText.escape(String.valueOf(e.getMessage()))
                    + "); fit the model again");
        } catch (IOException e) {
            throw invalid(file, "cannot read the model: " + IoErrors.describe(e));
        } catch (IllegalArgumentException e) {
            throw invalid(file, "inconsistent model file: " + e.getMessage());
        }
    }

    private static Model read(ChecksummedZip.Reader entries, String file, Okl okl, TrustPolicy trust)
            throws IOException {
        Optional<ModelSignature> signature = ArchiveSignature.check(entries, trust, file);
        if (!entries.has(INDEX)) {
            throw invalid(file, "not an OKL model (no " + INDEX + " inside)");
        }
        JsonNode root = parseIndex(entries.read(INDEX), file);
        if (!FORMAT.equals(root.path("format").asText())) {
            throw invalid(file, "not an OKL model (format " + UserText.quote(root.path("format").asText()) + ")");
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
        if (!root.path("pipeline").isObject()) {
            throw invalid(file, INDEX + " has no 'pipeline' object; the file is damaged");
        }
        PipelineSpec spec = PipelineFiles.parse(root.path("pipeline").toString(), file + " (pipeline)",
                okl.registry());
        Map<String, Matrix> predictorArrays = readArrays(entries, object(root.path("predictor"), "predictor", file)
                .path("arrays"), "predictor", file);
        requireFinite(predictorArrays, "predictor", false, file);
        Map<String, Matrix> training = readArrays(entries, root.path("training"), "training", file);
        requireFinite(training, "training", true, file);
        Provenance provenance = provenance(root.path("provenance"), file);
        ModelData data = version == 1 ? dataOfVersion1(root, training, file)
                : data(root.path("data"), training, file);
        Map<String, Matrix> transforms = readArrays(entries, root.path("transforms"), "transforms", file);
        requireFinite(transforms, "transforms", false, file);
        Map<String, byte[]> files = version >= 3 ? files(entries, root.path("files"), file) : Map.of();
        if (!root.path("pathIndex").isInt() || root.path("pathIndex").asInt() < 0
                || !root.path("predictor").path("type").isTextual()) {
            throw invalid(file, INDEX + " lacks a valid 'pathIndex' or 'predictor.type'; the file is damaged");
        }
        Optional<Calibration> calibration = Optional.empty();
        if (root.has("conformal")) {
            Map<String, Matrix> conformal = readArrays(entries, object(root.path("conformal"), "conformal", file)
                    .path("arrays"), "conformal", file);
            requireFinite(conformal, "conformal", false, file);
            String method = root.path("conformal").path("method").asText(Calibration.Method.JACKKNIFE_PLUS.id());
            if (!method.equals(Calibration.Method.JACKKNIFE_PLUS.id())
                    && !method.equals(Calibration.Method.SPLIT.id())
                    && !method.equals(Calibration.Method.PLATT.id())
                    && !method.equals(Calibration.Method.CLASS_SETS.id())
                    && !method.equals(Calibration.Method.CV_PLUS.id())) {
                throw invalid(file, INDEX + " names the interval method '" + UserText.escape(method) + "', which "
                        + "this version does not know (jackknife+, jackknife+-classes, cv+, split or platt)");
            }
            if (root.path("conformal").path("inputs").asText().equals("predictor/" + CENTERS)
                    && predictorArrays.containsKey(CENTERS) && !conformal.containsKey("inputs")) {
                conformal.put("inputs", predictorArrays.get(CENTERS));
            }
            if (method.equals(Calibration.Method.PLATT.id())) {
                if (!conformal.containsKey("platt")) {
                    throw invalid(file, INDEX + " has a 'conformal' member of method 'platt' without its 'platt' "
                            + "array; the file is damaged");
                }
                calibration = Optional.of(Calibration.platt(conformal.get("platt")));
            } else if (method.equals(Calibration.Method.SPLIT.id()) && conformal.containsKey("residuals")) {
                calibration = Optional.of(Calibration.split(conformal.get("residuals")));
            } else if (!conformal.containsKey("residuals") || !conformal.containsKey("inputs")) {
                throw invalid(file, INDEX + " has a 'conformal' member without its 'residuals' and 'inputs' arrays;"
                        + " the file is damaged");
            } else if (method.equals(Calibration.Method.CV_PLUS.id())) {
                if (!conformal.containsKey("folds") || !conformal.containsKey("coefficients")) {
                    throw invalid(file, INDEX + " has a 'conformal' member of method 'cv+' without its 'folds' and "
                            + "'coefficients' arrays; the file is damaged");
                }
                try {
                    calibration = Optional.of(Calibration.cvPlus(conformal.get("residuals"), conformal.get("inputs"),
                            TikhonovFolds.Fits.of(conformal.get("folds"), conformal.get("coefficients"),
                                    conformal.get("residuals").cols())));
                } catch (IllegalArgumentException e) {
                    throw invalid(file, INDEX + "'s CV+ arrays do not agree: " + e.getMessage()
                            + "; the file is damaged");
                }
            } else {
                calibration = Optional.of(new Calibration(conformal.get("residuals"), conformal.get("inputs"))
                        .withMethod(method.equals(Calibration.Method.CLASS_SETS.id())
                                ? Calibration.Method.CLASS_SETS : Calibration.Method.JACKKNIFE_PLUS));
            }
            if (root.path("conformal").path("scores").asText("absolute").equals("normalised")) {
                calibration = Optional.of(calibration.orElseThrow().withScale(scale(conformal.get("scale"), file)));
            }
        }
        return Model.restore(spec, transforms, root.path("pathIndex").asInt(),
                root.path("predictor").path("type").asText(), predictorArrays, data, provenance, files, calibration,
                file, okl).withSignature(signature);
    }

    /** A stored residual scale of normalised scores, or an error naming the file. */
    private static ResidualScale scale(Matrix scale, String file) {
        if (scale == null) {
            throw invalid(file, INDEX + " has a 'conformal' member with normalised scores but no 'scale' array; the "
                    + "file is damaged");
        }
        try {
            return ResidualScale.of(scale);
        } catch (IllegalArgumentException e) {
            throw invalid(file, INDEX + "'s residual scale is not valid: " + e.getMessage() + "; the file is damaged");
        }
    }

    private static JsonNode object(JsonNode node, String member, String file) {
        if (!node.isObject()) {
            throw invalid(file, INDEX + " has no '" + member + "' object; the file is damaged");
        }
        return node;
    }

    /** The provenance member, every part present with its type (files of every age: {@link ProvenanceMembers}). */
    static Provenance provenance(JsonNode node, String file) {
        if (!node.isObject()) {
            throw invalid(file, INDEX + " has no 'provenance' member (where the model came from); the file is "
                    + "damaged or was not written by OKL: fit the model again");
        }
        try {
            return JSON.treeToValue(node, ProvenanceMembers.class).read();
        } catch (JsonProcessingException e) {
            String member = e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath()
                    .isEmpty() ? "'provenance." + m.getPath().stream().map(r -> r.getFieldName() != null
                            ? r.getFieldName() : Integer.toString(r.getIndex())).reduce((a, b) -> a + "." + b)
                            .orElse("") + "'" : "'provenance'";
            throw invalid(file, INDEX + " member " + UserText.escape(member) + " is not what OKL writes; the file is "
                    + "damaged or was not written by OKL");
        }
    }

    /** The stored files: location -> content, each from its own entry. */
    private static Map<String, byte[]> files(ChecksummedZip.Reader entries, JsonNode index, String file)
            throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (index.isMissingNode() || index.isNull()) {
            return out;
        }
        if (!index.isObject()) {
            throw invalid(file, INDEX + " member 'files' is not an object; the file is damaged");
        }
        List<String> names = new ArrayList<>();
        index.fieldNames().forEachRemaining(names::add);
        for (String location : names) {
            String entry = index.get(location).asText();
            if (!entry.startsWith("files/") || !entries.has(entry)) {
                throw invalid(file, "the stored file " + UserText.quote(location) + " is missing; the file is "
                        + "truncated or damaged");
            }
            out.put(location, entries.read(entry));
        }
        return out;
    }

    /**
     * Refuses non-finite numbers: a predictor's arrays must be finite (a NaN would predict NaN silently); training
     * arrays may hold NaN only for missing outputs, never an infinity.
     */
    private static void requireFinite(Map<String, Matrix> arrays, String group, boolean nanAllowed, String file) {
        arrays.forEach((name, m) -> {
            double[] d = m.data();
            for (int k = 0; k < d.length; k++) {
                if (Double.isInfinite(d[k]) || Double.isNaN(d[k]) && !(nanAllowed && name.equals("outputs"))) {
                    throw invalid(file, group + " array '" + UserText.escape(name) + "' holds " + d[k] + " at row "
                            + (k % m.rows() + 1) + ", column " + (k / m.rows() + 1) + "; a model OKL writes holds "
                            + "finite numbers: the file was altered or damaged, fit the model again");
                }
            }
        });
    }

    private static JsonNode parseIndex(byte[] bytes, String file) {
        try {
            JsonNode root = JSON.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw invalid(file, INDEX + " is not a JSON object; the file is damaged");
            }
            return root;
        } catch (IOException e) {
            String problem = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw invalid(file, INDEX + " is not valid JSON (" + UserText.escape(String.valueOf(problem))
                    + "); the file is damaged");
        }
    }

    /** What a version-2 file records of its data, with the training arrays it stores. */
    private static ModelData data(JsonNode d, Map<String, Matrix> training, String file) {
        int samples = d.path("samples").isInt() ? d.path("samples").asInt() : -1;
        int inputs = d.path("inputs").isInt() ? d.path("inputs").asInt() : -1;
        int outputs = d.path("outputs").isInt() ? d.path("outputs").asInt() : -1;
        if (samples < 0 || inputs < 1 || outputs < 1 || !d.path("multiTask").isBoolean()) {
            throw invalid(file, "the 'data' member of " + INDEX + " is missing or incomplete");
        }
        training.forEach((name, m) -> {
            int expected = switch (name) {
                case "outputs", "unlabelledOutputs" -> outputs;
                case "inputs" -> inputs;
                default -> m.cols();
            };
            if (m.cols() != expected) {
                throw invalid(file, "training array '" + UserText.escape(name) + "' has " + m.cols() + " columns but "
                        + INDEX + " says " + expected + "; the file is damaged");
            }
        });
        Optional<InputColumns> columns = Optional.empty();
        JsonNode c = d.path("inputColumns");
        if (c.isObject()) {
            int[] positions = new int[c.path("positions").size()];
            for (int i = 0; i < positions.length; i++) {
                positions[i] = c.path("positions").get(i).asInt(-1);
            }
            List<String> names = new ArrayList<>();
            c.path("names").forEach(n -> names.add(n.asText()));
            int width = c.path("width").asInt(-1);
            for (int position : positions) {
                if (position < 0 || position >= width) {
                    throw invalid(file, "data.inputColumns has position " + position + " outside its width " + width
                            + "; the file is damaged");
                }
            }
            if (positions.length != inputs || !names.isEmpty() && names.size() != inputs) {
                throw invalid(file, "data.inputColumns does not name the model's " + inputs + " input columns; the "
                        + "file is damaged");
            }
            List<List<String>> levels = new ArrayList<>();
            for (JsonNode l : c.path("levels")) {
                List<String> column = new ArrayList<>();
                l.forEach(v -> column.add(v.asText()));
                levels.add(column);
            }
            if (!levels.isEmpty() && levels.size() != inputs) {
                throw invalid(file, "data.inputColumns has levels for " + levels.size() + " columns but the model has "
                        + inputs + " inputs; the file is damaged");
            }
            columns = Optional.of(new InputColumns(positions, width, names, levels));
        }
        List<String> outputNames = new ArrayList<>();
        d.path("outputNames").forEach(n -> outputNames.add(n.asText()));
        if (!outputNames.isEmpty() && outputNames.size() != outputs) {
            throw invalid(file, "data.outputNames names " + outputNames.size() + " columns but the model has "
                    + outputs + " outputs; the file is damaged");
        }
        return new ModelData(samples, inputs, outputs, d.path("multiTask").asBoolean(), columns, outputNames,
                Optional.ofNullable(training.get("outputs")), Optional.ofNullable(training.get("unlabelledOutputs")),
                Optional.ofNullable(training.get("inputs")),
                Optional.ofNullable(training.get("groups")).map(ModelArchive::groupsOf));
    }

    /**
     * A version-1 file stores all its training data, or none and its numbers of input and output columns in
     * {@code dimensions} (a model fitted on streamed rows).
     */
    private static ModelData dataOfVersion1(JsonNode root, Map<String, Matrix> training, String file) {
        if (training.isEmpty()) {
            JsonNode d = root.path("dimensions");
            int inputs = d.path("inputs").asInt(-1);
            int outputs = d.path("outputs").asInt(-1);
            if (inputs < 1 || outputs < 1) {
                throw invalid(file, "has neither training data nor 'dimensions'");
            }
            return new ModelData(0, inputs, outputs, false, Optional.empty(), List.of(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty());
        }
        Matrix inputs = require(training, "inputs", file);
        Matrix outputs = require(training, "outputs", file);
        Optional<int[]> groups = Optional.ofNullable(training.get("groups")).map(ModelArchive::groupsOf);
        return new ModelData(inputs.rows(), inputs.cols(), outputs.cols(), groups.isPresent(), Optional.empty(),
                List.of(), Optional.of(outputs), Optional.ofNullable(training.get("unlabelledOutputs")),
                Optional.of(inputs), groups);
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

    /** The predictor array that holds a kernel expansion's centers. */
    private static final String CENTERS = "centers";

    /** Whether two matrices have the same shape and the same values, bit for bit. */
    private static boolean sameValues(Matrix a, Matrix b) {
        return a.rows() == b.rows() && a.cols() == b.cols() && java.util.Arrays.equals(a.data(), b.data());
    }

    private static Map<String, Matrix> readArrays(ChecksummedZip.Reader entries, JsonNode index, String group,
            String file) throws IOException {
        Map<String, Matrix> out = new LinkedHashMap<>();
        if (index.isMissingNode() || index.isNull()) {
            return out;
        }
        if (!index.isObject()) {
            throw invalid(file, "'" + group + "' in " + INDEX + " is not an index of arrays; the file is damaged");
        }
        List<String> names = new ArrayList<>();
        index.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode a = index.get(name);
            String shown = UserText.quote(name);
            String entry = a.path("entry").asText();
            if (!entries.has(entry)) {
                throw invalid(file, group + " array " + shown + " is missing; the file is truncated or corrupt");
            }
            long rows = a.path("rows").canConvertToLong() ? a.path("rows").asLong() : -1;
            long cols = a.path("cols").canConvertToLong() ? a.path("cols").asLong() : -1;
            if (rows < 0 || cols < 0 || !a.path("rows").isIntegralNumber() || !a.path("cols").isIntegralNumber()) {
                throw invalid(file, group + " array " + shown + " has no valid shape; the file is damaged");
            }
            int values;
            try {
                values = Matrix.checkedSize(rows, cols);
            } catch (IllegalArgumentException tooLarge) {
                throw invalid(file, group + " array " + shown + " declares a shape of " + rows + " x " + cols
                        + ", larger than any array OKL writes (" + tooLarge.getMessage() + "); the file is damaged");
            }
            byte[] bytes = entries.read(entry, 8L * values);
            if (bytes.length != 8L * values) {
                throw invalid(file, group + " array " + shown + " holds " + bytes.length + " bytes, not the "
                        + 8L * values + " of a " + rows + " x " + cols + " array; the file is truncated or corrupt");
            }
            double[] d = new double[values];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
            out.put(name, new Matrix((int) rows, (int) cols, d));
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

    private static Matrix require(Map<String, Matrix> arrays, String name, String file) {
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

    static OklException invalid(String file, String problem) {
        return new OklException(ErrorCode.INVALID_MODEL, file + ": " + problem);
    }
}
