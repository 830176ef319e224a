package org.okl.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrustPolicy;

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
        return verified(okl, TrustPolicy.none());
    }

    /**
     * The default loader under a trust policy ({@code --trust-key}): a file that is unsigned, signed by a key the
     * policy does not trust, or changed after signing is refused ({@link ErrorCode#UNTRUSTED_MODEL}) at start and on
     * every reload, before anything of it is used.
     */
    static ModelLoader verified(Okl okl, TrustPolicy trust) {
        return (name, file) -> {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                throw new OklException(ErrorCode.INVALID_MODEL, file + ": cannot read the model file: " + e, e);
            }
            Model model = Model.fromBytes(bytes, file.toString(), okl, trust);
            return ServedModel.of(name, file, model, bytes);
        };
    }
}
