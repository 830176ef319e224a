package org.okl.app.command;

import java.nio.file.Path;
import java.security.KeyPair;
import org.okl.core.signing.SigningKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code okl keys generate}: writes a new Ed25519 key pair as PEM files. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Make an Ed25519 key pair for signing models: the private key (PKCS#8 PEM, readable by its owner"
                + " only, followed by its public key) and the public key (X.509 PEM) to give to those who load the"
                + " models. Prints the key's fingerprint.")
public final class KeysGenerateCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Option(names = "--private", required = true, paramLabel = "K", description = "Where to write the private key.")
    private Path privateKey;

    @Option(names = "--public", required = true, paramLabel = "PUB", description = "Where to write the public key.")
    private Path publicKey;

    @Option(names = "--force", description = "Replace key files that exist (never done without it).")
    private boolean force;

    @Override
    public void run() {
        KeyPair pair = SigningKeys.generate();
        SigningKeys.write(pair, privateKey, publicKey, force);
        spec.commandLine().getOut().println("wrote the private key to " + privateKey + " and the public key to "
                + publicKey + "; fingerprint " + SigningKeys.fingerprint(pair.getPublic()));
        spec.commandLine().getOut().flush();
    }
}
