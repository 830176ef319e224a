package org.okl.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.text.UserText;
import org.okl.app.command.CommandRoot;
import org.okl.app.command.DatasetsCommand;
import org.okl.app.command.EvaluateCommand;
import org.okl.app.command.ExportCommand;
import org.okl.app.command.FitCommand;
import org.okl.app.command.KeysCommand;
import org.okl.app.command.PluginsCommand;
import org.okl.app.command.PredictCommand;
import org.okl.app.command.ServeCommand;
import org.okl.app.command.SignCommand;
import org.okl.app.usage.UsageException;
import org.okl.core.Okl;
import org.okl.core.plugin.PluginLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The root {@code okl} command: global options, and the subcommands. */
@Command(name = "okl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Learning functions with many or structured outputs using operator-valued kernels.",
        subcommands = {PluginsCommand.class, FitCommand.class, PredictCommand.class, EvaluateCommand.class,
                ExportCommand.class,
                DatasetsCommand.class, ServeCommand.class, KeysCommand.class, SignCommand.class},
        footer = {"", "Exit codes: 0 ok, 1 failure (data, model, computation), 2 usage error.",
                "Environment: OKL_PLUGINS (plugin folders), OKL_DATA (data directory), OKL_DATA_MIRROR (where 'okl datasets"
                        + " fetch' downloads from), OKL_LINALG (native|java)."})
public final class OklCommand implements Runnable, CommandRoot {
    @Option(names = "--plugins", scope = ScopeType.INHERIT, paramLabel = "DIR", description = "Folder of extra plugin JARs (repeatable; also "
            + "OKL_PLUGINS).")
    private List<Path> pluginFolders = new ArrayList<>();

    @Option(names = "--data-dir", scope = ScopeType.INHERIT, paramLabel = "DIR", description = "Data directory: where "
            + "'okl datasets fetch' puts the data sets that are not bundled, and where they are read from (default: "
            + "OKL_DATA, else ~/.okl/data).")
    private Path dataDirectory;

    @Option(names = "--seed", scope = ScopeType.INHERIT, description = "Seed of every random choice (default ${DEFAULT-VALUE}).",
            defaultValue = "0")
    private long seed;

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT, description = "Print stack traces and debug logs.")
    private boolean verbose;

    private Okl okl;

    @Override
    public void run() {
        // the built-in commands, then those of plugins (okl bench and okl experiment where the lab is installed)
        List<String> names = new ArrayList<>(List.of("plugins", "fit", "predict", "evaluate", "datasets", "serve",
                "keys", "sign"));
        names.addAll(PluginCommands.all(List.of()).keySet());
        throw new UsageException("name a command: " + String.join(", ", names.subList(0, names.size() - 1)) + " or "
                + names.get(names.size() - 1) + " (okl --help lists them)");
    }

    /** Whether --verbose was given. */
    public boolean verbose() {
        return verbose;
    }

    /**
     * Checks that every plugin folder (from {@code --plugins} and {@code OKL_PLUGINS}) exists, for every command,
     * including those that load no plugin.
     */
    void checkPluginFolders() {
        List<Path> folders = new ArrayList<>(Okl.foldersFromEnvironment());
        folders.addAll(pluginFolders);
        PluginLoader.checkFolders(folders);
    }

    /** The OKL runtime, if a command has built it. */
    Optional<Okl> oklIfBuilt() {
        return Optional.ofNullable(okl);
    }

    /**
     * The OKL runtime for these options, built once.
     *
     * @throws UsageException when {@code --data-dir} names no folder (a typo would otherwise go unnoticed: data sets
     *                        would silently not be found there)
     */
    @Override
    public Okl okl() {
        return okl(false);
    }

    /**
     * The OKL runtime, for a command that creates the data directory when it is missing ({@code okl datasets fetch}).
     */
    @Override
    public Okl oklCreatingDataDirectory() {
        return okl(true);
    }

    private Okl okl(boolean dataDirectoryMayBeMissing) {
        if (dataDirectory != null && !dataDirectoryMayBeMissing && !Files.isDirectory(dataDirectory)) {
            throw new UsageException("--data-dir " + UserText.quote(dataDirectory.toString()) + (Files.exists(
                    dataDirectory) ? " is not a folder" : " does not exist") + "; give an existing folder (okl "
                    + "datasets fetch creates it)");
        }
        if (okl == null) {
            Logging.configure(verbose);
            Okl.Builder b = Okl.builder().seed(seed).pluginFoldersFromEnvironment()
                    .progress(ConsoleProgress.forTerminal());
            pluginFolders.forEach(b::pluginFolder);
            if (dataDirectory != null) {
                b.dataDirectory(dataDirectory);
            }
            okl = b.build();
        }
        return okl;
    }
}
