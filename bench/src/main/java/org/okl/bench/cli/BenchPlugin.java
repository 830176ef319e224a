package org.okl.bench.cli;

import java.util.Collection;
import java.util.List;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;
import org.okl.app.Main;
import picocli.CommandLine.Command;

/**
 * Contributes {@code okl bench} to the command line: the benchmark harness is research code, not part of the product
 * JARs; the repository's {@code okl} launcher puts it on the class path (the lab JAR).
 */
public final class BenchPlugin implements OklPlugin {

    /** The plugin, as {@link java.util.ServiceLoader} creates it. */
    public BenchPlugin() {
    }

    @Override
    public String name() {
        return "okl-bench";
    }

    @Override
    public String version() {
        String v = BenchPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<PluginCommand> commands() {
        return List.of(new PluginCommand() {
            @Override
            public String name() {
                return "bench";
            }

            @Override
            public String description() {
                return String.join(" ", BenchCommand.class.getAnnotation(Command.class).description());
            }

            @Override
            public int run(List<String> arguments) {
                return Main.runCommand(name(), new BenchCommand(), arguments);
            }
        });
    }
}
