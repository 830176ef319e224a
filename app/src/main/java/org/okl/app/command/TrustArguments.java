package org.okl.app.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.okl.core.Model;
import org.okl.core.TrustPolicy;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/**
 * The {@code --trust-key} option of the commands that load a model file ({@code okl predict}; a picocli mixin:
 * {@code @Mixin TrustArguments trust}): with one or more public keys, only a model signed by one of them is loaded
 * ({@link TrustPolicy}); without, every intact model loads as before, with a note when it is signed.
 */
public final class TrustArguments {
    @Option(names = "--trust-key", paramLabel = "PUB", description = "Load only a model signed (okl sign) by this "
            + "Ed25519 public key (PEM); repeatable: any of the keys. Without it, an unsigned model loads too.")
    private List<Path> keys = new ArrayList<>();

    /** The trust policy of the option: the keys given, or {@link TrustPolicy#none()}. */
    public TrustPolicy policy() {
        return TrustPolicy.fromKeyFiles(keys);
    }

    /** Loads a model file under the policy, with a note on its signature (on standard error). */
    public Model load(Path file, org.okl.core.Okl okl) {
        Model model = Model.load(file, okl, policy());
        model.signature().ifPresent(s -> LoggerFactory.getLogger("okl.note").info(s.verified()
                ? "note: " + file + " is signed by the trusted key " + s.fingerprint()
                : "note: " + file + " says it is signed by key " + s.fingerprint() + " (not checked: give "
                        + "--trust-key to require a trusted signature)"));
        return model;
    }
}
