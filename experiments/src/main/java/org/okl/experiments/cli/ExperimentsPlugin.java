package org.okl.experiments.cli;

import java.util.Collection;
import java.util.List;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;
import org.okl.app.Main;
import picocli.CommandLine.Command;

/**
 * Contributes {@code okl experiment} to the command line: the experiments of the papers are research code, not part of the product
 * JARs; the repository's {@code okl} launcher puts it on the class path (the lab JAR).
 */
public final class ExperimentsPlugin implements OklPlugin {

    /** The plugin, as {@link java.util.ServiceLoader} creates it. */
    public ExperimentsPlugin() {
    }

    @Override
    public String name() {
        return "okl-experiments";
    }

    @Override
    public String version() {
        String v = ExperimentsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<PluginCommand> commands() {
        return List.of(new PluginCommand() {
            @Override
            public String name() {
                return "experiment";
            }

            @Override
            public String description() {
                return String.join(" ", ExperimentCommand.class.getAnnotation(Command.class).description());
            }

            @Override
            public int run(List<String> arguments) {
                return Main.runCommand(name(), new ExperimentCommand(), arguments);
            }
        });
    }
}
