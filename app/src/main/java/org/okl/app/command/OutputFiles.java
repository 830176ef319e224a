package org.okl.app.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import org.okl.api.text.UserText;
import org.okl.app.usage.UsageException;

/**
 * Refuses an output that exists and is not a regular file (a folder; a device such as {@code /dev/null}, which the
 * atomic rename would replace), and an output file that is one of the command's input files ({@code okl predict --out m.okl --model m.okl}
 * would replace the model by predictions; {@code okl fit --model train.csv} the data by a model): the same path, or
 * another path to the same file (a link), before anything is read or written.
 */
final class OutputFiles {

    private OutputFiles() {
    }

    /**
     * Fails when the output is not a regular file or names one of the inputs.
     *
     * @param option the output's option, for example {@code --out}
     * @param output the output path
     * @param inputs the inputs by option; a value that is not an existing file (a data set name) is skipped
     * @throws UsageException naming both options and the file
     */
    static void requireDistinct(String option, Path output, Map<String, String> inputs) {
        if (output == null) {
            return;
        }
        if (Files.exists(output) && !Files.isRegularFile(output)) {
            throw new UsageException(option + " " + UserText.quote(output.toString()) + " is " + (Files.isDirectory(
                    output) ? "a folder" : "not a regular file (a device or a named pipe)") + "; OKL writes a new file"
                    + " or replaces a regular one, never a folder, a device or a pipe: name a file");
        }
        inputs.forEach((inputOption, input) -> {
            if (input != null && same(output, input)) {
                throw new UsageException(option + " " + UserText.quote(output.toString()) + " is the file "
                        + inputOption + " names; writing it would replace the " + inputOption.substring(2)
                        + " it reads: choose another " + option + " file");
            }
        });
    }

    private static boolean same(Path output, String input) {
        Path in;
        try {
            in = Path.of(input);
        } catch (InvalidPathException e) {
            return false;
        }
        if (!Files.exists(in)) {
            return false;
        }
        try {
            if (Files.exists(output)) {
                return Files.isSameFile(output, in);
            }
        } catch (IOException e) {
            return false;
        }
        return output.toAbsolutePath().normalize().equals(in.toAbsolutePath().normalize());
    }
}
