package org.okl.app.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.core.Okl;
import org.okl.core.data.DataFetcher;
import org.okl.core.plugin.ComponentKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code okl datasets}: every data set with its task, shape and source, and where it is: bundled, generated,
 * downloaded into the data directory, or still to fetch ({@code okl datasets fetch NAME}).
 */
@Command(name = "datasets", mixinStandardHelpOptions = true, subcommands = DatasetsFetchCommand.class,
        description = {"List the data sets: task, shape, source, and whether each is bundled, generated, downloaded"
                + " or still to fetch.", "Sets that are not bundled are downloaded with 'okl datasets fetch NAME|all'"
                + " into the data directory (--data-dir, else OKL_DATA, else ~/.okl/data)."})
public final class DatasetsCommand implements Runnable {
    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    /** The root command, for the subcommands. */
    CommandRoot root() {
        return root;
    }

    @Override
    public void run() {
        Okl okl = root.okl();
        PrintWriter out = spec.commandLine().getOut();
        List<Path> directories = okl.dataDirectories();
        out.println("data directory: " + okl.context().dataDirectory().map(Object::toString).orElse("(none)")
                + (directories.size() > 1 ? "; also read: " + directories.subList(1, directories.size()) : ""));
        for (String id : okl.registry().components(ComponentKind.DATASET).keySet()) {
            DatasetSource source = okl.create(DatasetSource.class, ComponentSpec.of(id));
            out.printf("  %-22s %s%s%n", id, source.summary(), status(id, source, okl));
        }
        out.flush();
    }

    /**
     * Where a data set that is not bundled or generated is ({@code [downloaded: PATH]}), or what to do to get it
     * ({@code [not downloaded: okl datasets fetch NAME]}); empty for bundled and generated ones.
     */
    static String status(String id, DatasetSource source, Okl okl) {
        boolean available = source.isAvailable(okl.context());
        if (source instanceof DownloadableDataset) {
            return available ? "  [downloaded: " + source.expectedLocation(okl.context()) + "]"
                    : "  [not downloaded: okl datasets fetch " + id + "]";
        }
        return available ? "" : "  [missing: expected at " + source.expectedLocation(okl.context()) + "]";
    }

    /** Creates a data set's source with its default parameters. */
    static DatasetSource source(Okl okl, String id) {
        return okl.create(DatasetSource.class, ComponentSpec.of(id));
    }

    /** A fetcher into the data directory. */
    static DataFetcher fetcher(Okl okl) {
        Path dir = okl.context().dataDirectory().orElseThrow(() -> new org.okl.app.usage.UsageException(
                "no data directory is configured: give --data-dir DIR or set OKL_DATA"));
        return new DataFetcher(dir, okl.progress());
    }
}
