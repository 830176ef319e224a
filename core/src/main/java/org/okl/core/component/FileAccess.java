package org.okl.core.component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.okl.api.component.ParameterType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.core.io.IoErrors;

/**
 * Where the files that components' {@link ParameterType#FILE} parameters name are read from: the files themselves
 * while a pipeline is fitted ({@link #LIVE}), or only the copies a model file holds once it is loaded
 * ({@link #stored}), so that a model never makes OKL open a path it names.
 */
@FunctionalInterface
public interface FileAccess {

    /**
     * The content of a file.
     *
     * @throws OklException {@link ErrorCode#INVALID_PARAMETER} when the file cannot be read, or
     *                      {@link ErrorCode#INVALID_MODEL} when a model holds no copy of it
     */
    byte[] read(String location);

    /** The files themselves: the path as the parameter gives it (a pipeline file's are made absolute on reading). */
    FileAccess LIVE = location -> {
        Path file = Path.of(location);
        try {
            if (!Files.exists(file)) {
                throw new OklException(ErrorCode.INVALID_PARAMETER, "the file " + UserText.quote(location)
                        + " that the pipeline names does not exist");
            }
            if (!Files.isRegularFile(file)) {
                throw new OklException(ErrorCode.INVALID_PARAMETER, "the pipeline names " + UserText.quote(location)
                        + ", which is not a regular file (a folder, a named pipe or a device)");
            }
            if (Files.size(file) > Matrix.MAX_VALUES) {
                throw new OklException(ErrorCode.INVALID_PARAMETER, "the file " + UserText.quote(location)
                        + " that the pipeline names holds " + Files.size(file) + " bytes, more than OKL reads into "
                        + "one component (" + Matrix.MAX_VALUES + ")");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, "cannot read the file " + UserText.quote(location)
                    + " that the pipeline names: " + IoErrors.describe(e), e);
        }
    };

    /**
     * The copies a model holds, by the location its pipeline names them with; every other location is refused.
     *
     * @param files the stored files
     * @param model the model file, for messages
     */
    static FileAccess stored(Map<String, byte[]> files, String model) {
        Map<String, byte[]> copies = new TreeMap<>(files);
        return location -> {
            byte[] content = copies.get(location);
            if (content == null) {
                throw notStored(model, location, copies.keySet());
            }
            return content.clone();
        };
    }

    /** The error for a file a model names without holding it. */
    static OklException notStored(String model, String location, Set<String> stored) {
        return new OklException(ErrorCode.INVALID_MODEL, model + ": its pipeline names the file "
                + UserText.quote(location) + ", which the model does not hold (it holds " + (stored.isEmpty() ? "none"
                        : stored.size() + ": " + String.join(", ", stored.stream().map(UserText::quote).toList()))
                + "); a model never makes OKL open a path it names: fit the model again with this OKL, which stores "
                + "the files a pipeline reads in the model");
    }
}
