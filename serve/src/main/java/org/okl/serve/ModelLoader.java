package org.okl.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.core.Okl;

/**
 * Reads a model file for the server, at start and on every reload. The default reads the file's bytes once,
 * verifies the archive's checksums ({@link Model#fromBytes}) and records the SHA-256 of the bytes it read. This is the
 * seam where a signature check plugs in ({@code --trust-key}): a loader that refuses a file before or after the
 * default reads it.
 */
@FunctionalInterface
public interface ModelLoader {
    /**
     * The model in the file, as it is now.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, damaged or refused file
     */
    ServedModel load(String name, Path file);

    /** The default loader: checksums verified, components recreated through the plugins of {@code okl}. */
    static ModelLoader verified(Okl okl) {
        return (name, file) -> {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                throw new OklException(ErrorCode.INVALID_MODEL, file + ": cannot read the model file: " + e, e);
            }
            Model model = Model.fromBytes(bytes, file.toString(), okl);
            return ServedModel.of(name, file, model, bytes);
        };
    }
}
