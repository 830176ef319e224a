package org.okl.experiments.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.okl.api.OklVersion;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.app.OklCommand;
import org.okl.app.usage.UsageException;
import org.okl.core.Okl;
import org.okl.core.data.MissingDatasets;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.IoErrors;
import org.okl.experiments.Checkpoints;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.ReportPart;
import org.okl.experiments.ReportWriter;
import org.okl.experiments.TestSeal;
import org.okl.experiments.catalog.Experiments;
import org.okl.experiments.table.ResultTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl experiment NAME|all}: reproduces experiments of the papers (RESULTS.md). */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "Reproduce an experiment of the papers (or 'all'); --list shows which are available.")
public final class ExperimentCommand implements Runnable {
    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "The experiment to run, or 'all'.")
    private String name;

    @Option(names = "--list", description = "List the experiments.")
    private boolean list;

    @Option(names = "--quick", description = "A reduced protocol that runs in under two minutes (for CI).")
    private boolean quick;

    @Option(names = "--report", paramLabel = "DIR", description = "Write an HTML report with tables and plots.")
    private Path report;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write the results as Markdown "
            + "(RESULTS.md).")
    private Path markdown;

    @Option(names = "--part", paramLabel = "DIR", description = "Also write each experiment's share of the "
            + "results into DIR as soon as it ends (EXPERIMENT.part and its figures), for --assemble.")
    private Path part;

    @Option(names = "--checkpoints", paramLabel = "DIR", description = "Keep the finished units of long experiments "
            + "(oel-multilabel's Bibtex draws) in DIR/EXPERIMENT as they end and read them back instead of computing "
            + "them again, so a run stopped midway resumes; the test set is still scored once, at the end.")
    private Path checkpoints;

    @Option(names = "--assemble", paramLabel = "DIR", description = "Run nothing: write --markdown and --report "
            + "from the parts that runs with --part DIR left there (experiments run in separate processes).")
    private Path assemble;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Experiment> all = Experiments.all();
        if (list || name == null) {
            all.values().forEach(e -> out.printf("  %-24s %s%n", e.name(), e.description()));
            if (all.isEmpty()) {
                out.println("no experiments are available in this build");
            }
            out.flush();
            return;
        }
        List<Experiment> chosen = new ArrayList<>();
        if (name.equals("all")) {
            chosen.addAll(all.values());
        } else if (all.containsKey(name)) {
            chosen.add(all.get(name));
        } else {
            throw new UsageException("no experiment named '" + name + "'; available: all, "
                    + String.join(", ", all.keySet()));
        }
        Okl okl = root.okl();
        if (assemble != null) {
            assemble(chosen, okl, out);
            return;
        }
        requireData(chosen, okl);
        PrintWriter progress = spec.commandLine().getErr();
        List<ExperimentResult> results = new ArrayList<>();
        double loadBefore = load();
        long start = System.nanoTime();
        List<String> durations = new ArrayList<>();
        for (Experiment e : chosen) {
            progress.println("okl: running " + e.name() + (quick ? " (quick)" : ""));
            progress.flush();
            long t0 = System.nanoTime();
            double load0 = load();
            // one context, so one seal, per experiment: a test set is scored once per experiment run
            ExperimentContext context = new ExperimentContext(okl, quick, okl.context().seed(), progress,
                    new TestSeal(), checkpoints == null ? Checkpoints.none()
                            : Checkpoints.in(checkpoints.resolve(e.name())));
            ExperimentResult r;
            try {
                r = e.run(context);
            } catch (Checkpoints.BadCheckpoint bad) {
                throw new UsageException(bad.getMessage());
            }
            durations.add(e.name() + " " + minutes(System.nanoTime() - t0));
            results.add(r);
            if (part != null) {
                writePart(r, minutes(System.nanoTime() - t0), load0);
            }
            out.println("== " + r.experiment() + ": " + r.protocol());
            r.tables().stream().map(ResultTable::toText).forEach(out::println);
            r.notes().forEach(n -> out.println("  * " + n));
            out.println();
            out.flush();
        }
        double loadAfter = load();
        String header = environment(okl) + "\n\nProduced by `okl experiment " + name + (quick ? " --quick" : "")
                + (markdown != null ? " --markdown " + markdown : "")
                + (report != null ? " --report " + report : "") + "` in " + minutes(System.nanoTime() - start)
                + " wall-clock (" + String.join(", ", durations) + "); load average " + String.format(Locale.ROOT,
                "%.1f", loadBefore) + " at the start and " + String.format(Locale.ROOT, "%.1f", loadAfter) + " at the"
                + " end (other jobs sharing the cores slow every time in this file down; speed is measured in"
                + " BENCHMARKS.md).";
        if (report != null) {
            try {
                ReportWriter.writeFigures(results, report);
            } catch (IOException e) {
                throw new OklException(ErrorCode.OUTPUT_FILE, "cannot write the figures: " + IoErrors.describe(e),
                        e);
            }
        }
        writeDocuments(results.stream().map(r -> ReportPart.of(r, "")).toList(), header, null, out);
    }

    /** Writes --report's page (copying figures from {@code figures} unless null) and --markdown from parts. */
    private void writeDocuments(List<ReportPart> parts, String header, Path figures, PrintWriter out) {
        try {
            if (report != null) {
                ReportWriter.writeHtml(parts, header, report, figures);
                out.println("report written to " + report.resolve("index.html"));
            }
            if (markdown != null) {
                AtomicFiles.writeString(markdown, ReportWriter.markdownOf(parts, header));
                out.println("results written to " + markdown);
            }
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, "cannot write the results: " + IoErrors.describe(e), e);
        }
        out.flush();
    }

    /** The first line of the header: version, back-end, cores, Java, protocol and seed. */
    private String environment(Okl okl) {
        return "OKL " + OklVersion.get() + ", linear algebra: " + okl.context().linearAlgebra().description()
                + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + Runtime.version()
                + (quick ? ", quick protocol" : "") + ", seed " + okl.context().seed() + ".";
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** Writes one experiment's part and its figures into the --part folder. */
    private void writePart(ExperimentResult r, String wall, double loadBefore) {
        // with checkpoints, the wall time is this run's: the draws read from them were computed before (the
        // experiment's notes say when)
        String run = String.format(Locale.ROOT, "%s %s (`okl experiment %s%s --part %s%s`, load average %.1f to "
                + "%.1f)", r.experiment(), wall, name, quick ? " --quick" : "", part,
                checkpoints == null ? "" : " --checkpoints " + checkpoints, loadBefore, load());
        try {
            ReportWriter.writeFigures(List.of(r), part);
            ReportPart.of(r, run).write(part);
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, "cannot write the part of " + r.experiment() + ": "
                    + IoErrors.describe(e), e);
        }
    }

    /** Writes --markdown and --report from the parts of the chosen experiments, running nothing. */
    private void assemble(List<Experiment> chosen, Okl okl, PrintWriter out) {
        if (markdown == null && report == null) {
            throw new UsageException("--assemble writes --markdown FILE and/or --report DIR; give at least one");
        }
        List<ReportPart> parts = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        try {
            for (Experiment e : chosen) {
                if (Files.isRegularFile(assemble.resolve(e.name() + ".part"))) {
                    parts.add(ReportPart.read(assemble, e.name()));
                } else {
                    String command = "okl experiment " + e.name() + (quick ? " --quick" : "") + " --part " + assemble;
                    missing.add(command);
                    parts.add(ReportPart.missing(e.name(), command));
                }
            }
        } catch (IllegalArgumentException e) {
            throw new OklException(ErrorCode.INVALID_DATA, e.getMessage(), e);
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_DATA, "cannot read a part: " + IoErrors.describe(e), e);
        }
        if (missing.size() == chosen.size()) {
            throw new UsageException("no part of any experiment in " + assemble + "; run okl experiment NAME"
                    + (quick ? " --quick" : "") + " --part " + assemble + " first");
        }
        PrintWriter err = spec.commandLine().getErr();
        missing.forEach(m -> err.println("okl: warning: no part yet, listed as not run: " + m));
        err.flush();
        String header = environment(okl) + "\n\nAssembled by `okl experiment " + name + (quick ? " --quick" : "")
                + " --assemble " + assemble + (markdown != null ? " --markdown " + markdown : "")
                + (report != null ? " --report " + report : "") + "` from parts, each experiment run in its own"
                + " process: " + parts.stream().map(ReportPart::run).filter(r -> !r.isEmpty())
                .collect(Collectors.joining("; ")) + (missing.isEmpty() ? "" : ". Not run yet (listed as not run): "
                + String.join("; ", missing))
                + " (other jobs sharing the cores slow every time in this file down; speed is measured in"
                + " BENCHMARKS.md).";
        writeDocuments(parts, header, assemble, out);
    }

    /** A duration as {@code 12.3 min} (or seconds below a minute). */
    private static String minutes(long nanos) {
        double s = nanos / 1e9;
        return s < 60 ? String.format(Locale.ROOT, "%.1f s", s) : String.format(Locale.ROOT, "%.1f min", s / 60);
    }

    /**
     * Checks, before anything runs, that every data set the chosen protocols read is here; else one error naming
     * the command that downloads the missing ones.
     */
    private void requireData(List<Experiment> chosen, Okl okl) {
        Set<String> missing = new LinkedHashSet<>();
        Set<String> needing = new LinkedHashSet<>();
        for (Experiment e : chosen) {
            for (String id : e.datasets(quick)) {
                DatasetSource source = okl.create(DatasetSource.class, ComponentSpec.of(id));
                if (!source.isAvailable(okl.context())) {
                    if (!(source instanceof DownloadableDataset)) {
                        throw MissingDatasets.error(id, source, okl.context());
                    }
                    missing.add(id);
                    needing.add(e.name());
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new OklException(ErrorCode.INVALID_DATA, String.join(", ", needing) + " needs data set(s) "
                    + String.join(", ", missing) + ", not downloaded yet (data directory: "
                    + okl.context().dataDirectory().map(Object::toString).orElse("none") + "); fetch them with: okl"
                    + " datasets fetch " + String.join(" ", missing) + " (or run the reduced protocol on bundled data"
                    + " with --quick)");
        }
    }
}
