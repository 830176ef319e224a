package org.okl.bench.cli;

import java.util.Collection;
import java.util.List;
import org.okl.api.OklVersion;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;
import org.okl.app.Main;

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
        return OklVersion.get();
    }

    @Override
    public Collection<PluginCommand> commands() {
        return List.of(Main.pluginCommand("bench", BenchCommand.class, BenchCommand::new));
    }
}
