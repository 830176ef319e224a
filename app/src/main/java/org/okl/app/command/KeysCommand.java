package org.okl.app.command;

import org.okl.app.usage.UsageException;
import picocli.CommandLine.Command;

/** {@code okl keys}: the Ed25519 keys that sign model files ({@code okl sign}) and that loaders trust. */
@Command(name = "keys", mixinStandardHelpOptions = true, subcommands = KeysGenerateCommand.class,
        description = {"Keys for signing model files: 'okl keys generate --private K --public PUB' makes an Ed25519"
                + " pair; 'okl sign --model M.okl --key K' signs a model; 'okl predict --trust-key PUB' accepts only"
                + " models signed by a trusted key."})
public final class KeysCommand implements Runnable {
    @Override
    public void run() {
        throw new UsageException("name a keys command: generate (okl keys --help)");
    }
}
