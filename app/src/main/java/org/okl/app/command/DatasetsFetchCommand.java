package org.okl.app.command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.Okl;
import org.okl.core.data.DataFetcher;
import org.okl.core.plugin.ComponentKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code okl datasets fetch NAME...|all}: downloads data sets that are not bundled from their public source into
 * the data directory, each file checked against its SHA-256 (see {@link DataFetcher}).
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = {"Download data sets that are not bundled from their public source into the data directory "
                + "(--data-dir, else OKL_DATA, else ~/.okl/data), checking every file's SHA-256.",
                "A mirror holding the same files under MIRROR/HOST/PATH can be named with OKL_DATA_MIRROR."})
public final class DatasetsFetchCommand implements Runnable {
    @ParentCommand
    private DatasetsCommand parent;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "NAME", description = "Data sets to download, or 'all'.")
    private List<String> names;

    @Option(names = "--force", description = "Download again even when the files are there and match.")
    private boolean force;

    @Override
    public void run() {
        Okl okl = parent.root().oklCreatingDataDirectory();
        PrintWriter out = spec.commandLine().getOut();
        Map<String, DownloadableDataset> byFolder = new LinkedHashMap<>();
        Map<String, List<String>> idsByFolder = new LinkedHashMap<>();
        for (String id : expand(okl)) {
            DatasetSource source = DatasetsCommand.source(okl, id);
            if (source instanceof DownloadableDataset d) {
                byFolder.putIfAbsent(d.folder(), d);
                idsByFolder.computeIfAbsent(d.folder(), f -> new ArrayList<>()).add(id);
            } else {
                out.println(id + ": " + (source.isAvailable(okl.context()) ? "ships with OKL or is generated"
                        : "cannot be downloaded by OKL (expected at " + source.expectedLocation(okl.context()) + ")")
                        + "; nothing to fetch");
            }
        }
        DataFetcher fetcher = DatasetsCommand.fetcher(okl);
        for (Map.Entry<String, DownloadableDataset> e : byFolder.entrySet()) {
            String ids = String.join(", ", idsByFolder.get(e.getKey()));
            DataFetcher.Fetched f = fetcher.fetch(e.getValue(), force);
            out.println(ids + ": " + (f.downloaded()
                    ? "downloaded " + e.getValue().downloads().size() + " file(s), " + megabytes(f.bytes())
                            + ", checksums match; in " + f.folder()
                    : "already downloaded, checksums match; in " + f.folder()));
            out.flush();
        }
        out.flush();
    }

    /** The ids named, with 'all' meaning every downloadable data set. */
    private List<String> expand(Okl okl) {
        List<String> known = List.copyOf(okl.registry().components(ComponentKind.DATASET).keySet());
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (name.equals("all")) {
                known.stream().filter(id -> DatasetsCommand.source(okl, id) instanceof DownloadableDataset)
                        .forEach(out::add);
            } else if (known.contains(name)) {
                out.add(name);
            } else {
                throw new OklException(ErrorCode.UNKNOWN_COMPONENT, "unknown data set " + UserText.quote(name)
                        + "; available: "
                        + String.join(", ", known) + " (or all)");
            }
        }
        return out;
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
