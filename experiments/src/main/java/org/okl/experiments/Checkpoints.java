package org.okl.experiments;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.bench.BuildId;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.AtomicFolders;

/**
 * The finished units of work of a long experiment, kept in a folder ({@code okl experiment NAME --checkpoints DIR}) so
 * that a run stopped midway, or ended with its sitting, resumes where it stopped: a unit whose checkpoint is there is
 * read instead of computed, and a unit computed is written as soon as it is done, atomically (a folder written
 * beside and renamed by {@link AtomicFolders}, so a run killed midway leaves whole checkpoints only). Experiments
 * keep what their final scoring needs (chosen values, pipelines, test predictions), never a score: the test set is
 * still scored once, at the end of the run that completes the experiment ({@link HeldOut}).
 *
 * <p>A checkpoint records the protocol it was computed under (a text the experiment composes from its settings,
 * grids, seed and data) and one of another protocol is refused with one line naming the file and the field; it also
 * records the OKL build that computed it ({@link BuildId}) and when, which {@link #provenance} lists for the
 * experiment's notes. A checkpoint is data: it is read as numbers and text, checked field by field; the matrices'
 * sizes come from its metadata and must match their files.
 */
public final class Checkpoints {
    private static final String FORMAT = "okl-experiment-checkpoint 1";
    private static final String META = "checkpoint.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    /** A checkpoint that cannot be used: malformed or of another protocol; the message names the file and field. */
    public static final class BadCheckpoint extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadCheckpoint(String message) {
            super(message);
        }
    }

    private final Optional<Path> dir;
    private final String build;
    private final Map<String, String> provenance = new LinkedHashMap<>();

    private Checkpoints(Optional<Path> dir, String build) {
        this.dir = dir;
        this.build = build;
    }

    /** No checkpoints: every unit is computed. */
    public static Checkpoints none() {
        return new Checkpoints(Optional.empty(), BuildId.current());
    }

    /** Checkpoints in a folder (created when the first is written). */
    public static Checkpoints in(Path dir) {
        return new Checkpoints(Optional.of(dir), BuildId.current());
    }

    static Checkpoints in(Path dir, String build) {
        return new Checkpoints(Optional.of(dir), build);
    }

    /**
     * What a unit keeps: text and numbers (a JSON object) and matrices by name.
     *
     * @param source   where it was read from (for messages), or {@code computed}
     * @param fields   the text and numbers
     * @param matrices the matrices
     */
    public record Stored(String source, ObjectNode fields, Map<String, Matrix> matrices) {

        /** A unit's content to write. */
        public static Stored of(ObjectNode fields, Map<String, Matrix> matrices) {
            return new Stored("computed", fields, new LinkedHashMap<>(matrices));
        }

        /** A field, which must be there. */
        public JsonNode field(String name) {
            JsonNode v = fields.path(name);
            if (v.isMissingNode() || v.isNull()) {
                throw new BadCheckpoint(source + ": field fields." + name + ": missing");
            }
            return v;
        }

        /** A matrix, which must be there. */
        public Matrix matrix(String name) {
            Matrix m = matrices.get(name);
            if (m == null) {
                throw new BadCheckpoint(source + ": matrix " + UserText.quote(name) + ": missing");
            }
            return m;
        }
    }

    /**
     * A unit: read from its checkpoint when there is one of this protocol, else computed, written and returned.
     *
     * @param name     the unit's name (letters, digits, '.', '_', '-'), its folder in the checkpoints' folder
     * @param protocol what the unit depends on; a checkpoint of another protocol is refused
     * @param compute  computes the unit
     * @param encode   what of it to keep
     * @param decode   the unit from what was kept (its accessors name the file of a missing field)
     * @throws BadCheckpoint naming the file and field when the checkpoint is malformed or of another protocol
     */
    public <T> T unit(String name, String protocol, Supplier<T> compute, Function<T, Stored> encode,
            Function<Stored, T> decode) {
        if (!NAME.matcher(name).matches()) {
            throw new BadCheckpoint("a checkpoint's name must be letters, digits, '.', '_' or '-': "
                    + UserText.quote(name));
        }
        if (dir.isEmpty()) {
            return compute.get();
        }
        Path folder = dir.get().resolve(name);
        if (Files.isDirectory(folder)) {
            return decode.apply(read(folder, name, protocol));
        }
        T value = compute.get();
        write(folder, name, protocol, encode.apply(value));
        return value;
    }

    /** One line per unit this run read or wrote: its name, the build that computed it, when, read or computed now. */
    public List<String> provenance() {
        List<String> out = new ArrayList<>();
        provenance.forEach((unit, line) -> out.add(unit + ": " + line));
        return out;
    }

    private void write(Path folder, String name, String protocol, Stored stored) {
        for (String key : stored.matrices().keySet()) {
            if (!NAME.matcher(key).matches()) {
                throw new BadCheckpoint("a checkpoint's matrix name must be letters, digits, '.', '_' or '-': "
                        + UserText.quote(key));
            }
        }
        String finished = Instant.now().toString();
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("name", name);
        root.put("protocol", protocol);
        root.put("build", build);
        root.put("finished", finished);
        root.set("fields", stored.fields());
        ObjectNode sizes = root.putObject("matrices");
        stored.matrices().forEach((key, m) -> sizes.putArray(key).add(m.rows()).add(m.cols()));
        try {
            // written beside and renamed (a run killed midway leaves no checkpoint, and no temporary folder)
            AtomicFolders.write(folder, existing -> false, into -> {
                for (Map.Entry<String, Matrix> e : stored.matrices().entrySet()) {
                    AtomicFiles.write(into.resolve(e.getKey() + ".f64"), out -> writeMatrix(out, e.getValue()));
                }
                AtomicFiles.writeString(into.resolve(META), root.toPrettyString() + "\n");
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + folder + ": " + e.getMessage(), e);
        }
        provenance.put(name, build + ", finished " + finished + " (computed now)");
    }

    private Stored read(Path folder, String name, String protocol) {
        Path meta = folder.resolve(META);
        JsonNode root;
        try {
            root = JSON.readTree(meta.toFile());
        } catch (JsonProcessingException e) {
            throw new BadCheckpoint(meta + ": not a JSON checkpoint (line " + e.getLocation().getLineNr()
                    + ")");
        } catch (IOException e) {
            throw new BadCheckpoint(meta + ": cannot be read: " + UserText.quote(e.getMessage()));
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw new BadCheckpoint(meta + ": field format: not " + UserText.quote(FORMAT));
        }
        String got = text(meta, root, "protocol");
        if (!got.equals(protocol)) {
            throw new BadCheckpoint(meta + ": field protocol: computed under " + UserText.quote(got, 200)
                    + ", but this run's is " + UserText.quote(protocol, 200) + "; remove " + folder
                    + " or give another --checkpoints folder");
        }
        JsonNode fields = root.path("fields");
        if (!fields.isObject()) {
            throw new BadCheckpoint(meta + ": field fields: not an object");
        }
        JsonNode sizes = root.path("matrices");
        if (!sizes.isObject()) {
            throw new BadCheckpoint(meta + ": field matrices: not an object");
        }
        Map<String, Matrix> matrices = new LinkedHashMap<>();
        var it = sizes.fields();
        while (it.hasNext()) {
            var e = it.next();
            String key = e.getKey();
            JsonNode size = e.getValue();
            if (!NAME.matcher(key).matches() || !size.isArray() || size.size() != 2 || !size.get(0).canConvertToInt()
                    || !size.get(1).canConvertToInt() || size.get(0).intValue() < 0 || size.get(1).intValue() < 0) {
                throw new BadCheckpoint(meta + ": field matrices." + UserText.escape(key) + ": not a "
                        + "matrix name with [rows, columns]");
            }
            matrices.put(key, readMatrix(folder.resolve(key + ".f64"), size.get(0).intValue(),
                    size.get(1).intValue()));
        }
        provenance.put(name, UserText.escape(text(meta, root, "build")) + ", finished "
                + UserText.escape(text(meta, root, "finished")) + " (read from " + folder.getFileName() + ")");
        return new Stored(meta.toString(), (ObjectNode) fields, matrices);
    }

    private static String text(Path file, JsonNode root, String field) {
        JsonNode v = root.path(field);
        if (!v.isTextual()) {
            throw new BadCheckpoint(file + ": field " + field + ": missing or not text");
        }
        return v.textValue();
    }

    /** The matrix's values row by row, little-endian doubles. */
    private static void writeMatrix(OutputStream out, Matrix m) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(8L * m.rows() * m.cols())).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                b.putDouble(m.get(i, j));
            }
        }
        out.write(b.array());
    }

    private static Matrix readMatrix(Path file, int rows, int cols) {
        long expected = 8L * rows * cols;
        try {
            long size = Files.size(file);
            if (size != expected) {
                throw new BadCheckpoint(file + ": " + size + " bytes, expected " + expected + " for a "
                        + rows + " x " + cols + " matrix");
            }
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            Matrix m = Matrix.zeros(rows, cols);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    m.set(i, j, b.getDouble());
                }
            }
            return m;
        } catch (IOException e) {
            throw new BadCheckpoint(file + ": cannot be read: " + UserText.quote(e.getMessage()));
        }
    }
}
