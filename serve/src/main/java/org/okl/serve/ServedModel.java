package org.okl.serve;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.transform.ColumnSchema;
import org.okl.core.InputColumns;
import org.okl.core.Model;

/**
 * One version of a model the server answers with: the model, where it was read from, and what identifies it.
 *
 * @param name        the name the model is served under
 * @param file        the file it was read from (re-read on reload)
 * @param model       the model
 * @param sha256      the SHA-256 of the file's bytes
 * @param version     the OKL version that wrote it
 * @param inputNames  the names of its input columns (c0, c1, ... when it does not know them)
 * @param outputNames the names of its outputs (y0, y1, ... when it does not know them)
 */
public record ServedModel(String name, Path file, Model model, String sha256, String version,
        List<String> inputNames, List<String> outputNames) {

    /** Copies the lists. */
    public ServedModel {
        inputNames = List.copyOf(inputNames);
        outputNames = List.copyOf(outputNames);
    }

    /** The request column of a multi-task model's rows that holds each row's task (0, 1, ...). */
    public static final String TASK = "task";

    /**
     * A model read from {@code bytes}.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a multi-task model with an input column named
     *                      {@value #TASK} (its requests could not say which is the task)
     */
    public static ServedModel of(String name, Path file, Model model, byte[] bytes) {
        Optional<InputColumns> columns = model.inputColumns().filter(c -> c.count() == model.inputCount());
        List<String> inputs = columns.map(c -> c.schema().names())
                .orElse(ColumnSchema.unnamed(model.inputCount()).names());
        if (model.multiTask() && inputs.contains(TASK)) {
            throw new OklException(ErrorCode.INVALID_MODEL, file + ": a multi-task model with an input column named "
                    + "'" + TASK + "', the column a request gives every row's task in; rename the column and fit "
                    + "again");
        }
        List<String> outputs = model.outputNames().size() == model.outputCount() ? model.outputNames()
                : IntStream.range(0, model.outputCount()).mapToObj(j -> "y" + j).toList();
        String version = Optional.ofNullable(model.provenance().oklVersion()).orElse("unknown");
        return new ServedModel(name, file, model, sha256(bytes), version, inputs, outputs);
    }

    /**
     * The columns of a request's rows: the input columns, and for a multi-task model {@value #TASK} last (the key
     * of a JSON object, the last value of a JSON array, a CSV column).
     */
    public List<String> requestColumns() {
        if (!model.multiTask()) {
            return inputNames;
        }
        List<String> all = new java.util.ArrayList<>(inputNames);
        all.add(TASK);
        return List.copyOf(all);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
