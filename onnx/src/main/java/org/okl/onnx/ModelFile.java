package org.okl.onnx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;

/**
 * The fitted arrays of a model, read from the bytes of its model file ({@code docs/model-format.md}): the exporter
 * works from the documented format, as any other reader of a model would, so core keeps its predictor private.
 */
final class ModelFile {
    private final JsonNode index;
    private final Map<String, byte[]> entries;

    private ModelFile(JsonNode index, Map<String, byte[]> entries) {
        this.index = index;
        this.entries = entries;
    }

    /** The model's file as {@link Model#toBytes} writes it (the loaded model checked it already). */
    static ModelFile of(Model model) {
        Map<String, byte[]> entries = new HashMap<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(model.toBytes()))) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                entries.put(e.getName(), zip.readAllBytes());
            }
            return new ModelFile(new ObjectMapper().readTree(entries.get("model.json")), entries);
        } catch (IOException | RuntimeException e) {
            throw new OklException(ErrorCode.INTERNAL, "cannot read the model's own file to export it: " + e, e);
        }
    }

    /** {@code model.json}. */
    JsonNode index() {
        return index;
    }

    /** The predictor's arrays by name. */
    Map<String, Matrix> predictorArrays() {
        return arrays(index.path("predictor").path("arrays"));
    }

    /** The transforms' arrays by name ({@code inputs/<k>/<array>}, {@code targets/<k>/<array>}). */
    Map<String, Matrix> transformArrays() {
        return arrays(index.path("transforms"));
    }

    /** The stored training outputs (as the target transforms give them), or null. */
    Matrix trainingOutputs() {
        return arrays(index.path("training")).get("outputs");
    }

    /** The stored unlabelled outputs, or null. */
    Matrix unlabelledOutputs() {
        return arrays(index.path("training")).get("unlabelledOutputs");
    }

    /** The SHA-256 of the model's checksum list {@code SHA256SUMS}, which covers every entry of its file. */
    String checksum() {
        byte[] sums = entries.getOrDefault("SHA256SUMS", entries.get("model.json"));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(sums));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<String, Matrix> arrays(JsonNode members) {
        Map<String, Matrix> out = new LinkedHashMap<>();
        members.fields().forEachRemaining(f -> {
            JsonNode a = f.getValue();
            byte[] bytes = entries.get(a.path("entry").asText());
            int rows = a.path("rows").asInt();
            int cols = a.path("cols").asInt();
            double[] d = new double[rows * cols];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
            out.put(f.getKey(), new Matrix(rows, cols, d));
        });
        return out;
    }
}
