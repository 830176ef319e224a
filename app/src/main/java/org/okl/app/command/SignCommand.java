package org.okl.app.command;

import java.nio.file.Path;
import java.util.Optional;
import org.okl.core.Model;
import org.okl.core.ModelSignature;
import org.okl.core.signing.SigningKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code okl sign}: signs a model file in place with an Ed25519 key. */
@Command(name = "sign", mixinStandardHelpOptions = true,
        description = "Sign a model file with an Ed25519 private key (okl keys generate): the signature of its"
                + " checksums and the key's fingerprint are added to the file, which is rewritten atomically after"
                + " every entry is checked. 'okl predict --trust-key PUB' then accepts it.")
public final class SignCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "The model file to sign.")
    private Path model;

    @Option(names = "--key", required = true, paramLabel = "K", description = "The private key (PEM).")
    private Path key;

    @Option(names = "--public", paramLabel = "PUB", description = "The public key, for a private key file that does "
            + "not hold it (one made by OpenSSL).")
    private Path publicKey;

    @Override
    public void run() {
        OutputFiles.requireDistinct("--model", model, java.util.Map.of("--key", key.toString()));
        ModelSignature signature = Model.sign(model, SigningKeys.readPair(key, Optional.ofNullable(publicKey)));
        spec.commandLine().getOut().println("signed " + model + " with key " + signature.fingerprint());
        spec.commandLine().getOut().flush();
    }
}
