package org.okl.api.command;

import java.util.List;
import org.okl.api.API;

/**
 * A sub-command of the {@code okl} command line contributed by a plugin ({@link
 * org.okl.api.plugin.OklPlugin#commands()}): {@code okl NAME ARGS...} runs it when no built-in command has that name.
 * The research tools ({@code okl bench}, {@code okl experiment}) come this way, so that the product's JARs do not
 * contain them and the repository's launcher still offers them.
 *
 * <p>The command line finds these commands on its class path and in the plugin folders named by {@code OKL_PLUGINS}
 * or by a {@code --plugins} option given before the command's name, and lists them in {@code okl --help}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public interface PluginCommand {

    /** The command's name, as typed after {@code okl} (for example {@code bench}); not a built-in command's. */
    String name();

    /** One line saying what the command does, listed by {@code okl --help}. */
    String description();

    /**
     * Runs the command.
     *
     * @param arguments every argument of the command line but the command's name, in order: the global options
     *                  ({@code --plugins}, {@code --data-dir}, {@code --seed}, {@code --verbose}) wherever they were
     *                  given, then the command's own
     * @return the process exit code: 0 ok, 1 failure (data, model, computation), 2 usage error
     */
    int run(List<String> arguments);
}
