package org.okl.experiments.cli;

import java.util.Collection;
import java.util.List;
import org.okl.api.OklVersion;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;
import org.okl.app.Main;

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
        return OklVersion.get();
    }

    @Override
    public Collection<PluginCommand> commands() {
        return List.of(Main.pluginCommand("experiment", ExperimentCommand.class, ExperimentCommand::new));
    }
}
