package org.okl.app.command;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The command tests' data files (resources of this package), copied where a command can read them. */
final class CommandResources {
    private CommandResources() {
    }

    /** Copies the resource {@code name} of this package into {@code dir}, under the same name. */
    static Path copy(Path dir, String name) throws IOException {
        try (InputStream in = CommandResources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name + " beside " + CommandResources.class.getName());
            }
            Path file = dir.resolve(name);
            Files.copy(in, file);
            return file;
        }
    }
}
