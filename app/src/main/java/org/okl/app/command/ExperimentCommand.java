package org.okl.app.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.okl.app.OklCommand;
import org.okl.app.UsageException;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Experiments;
import org.okl.experiments.ReportWriter;
import org.okl.experiments.ResultTable;
import org.okl.core.Okl;
import org.okl.core.OklVersion;
import org.okl.core.io.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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
        PrintWriter progress = spec.commandLine().getErr();
        ExperimentContext context = new ExperimentContext(okl, quick, okl.context().seed(), progress);
        List<ExperimentResult> results = new ArrayList<>();
        for (Experiment e : chosen) {
            progress.println("okl: running " + e.name() + (quick ? " (quick)" : ""));
            progress.flush();
            ExperimentResult r = e.run(context);
            results.add(r);
            out.println("== " + r.experiment() + ": " + r.protocol());
            r.tables().stream().map(ResultTable::toText).forEach(out::println);
            r.notes().forEach(n -> out.println("  * " + n));
            out.println();
            out.flush();
        }
        String header = "OKL " + OklVersion.get() + ", linear algebra: " + okl.context().linearAlgebra().description()
                + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + Runtime.version()
                + (quick ? ", quick protocol" : "") + ", seed " + okl.context().seed() + ".";
        try {
            if (report != null) {
                ReportWriter.write(results, header, report);
                out.println("report written to " + report.resolve("index.html"));
            }
            if (markdown != null) {
                AtomicFiles.writeString(markdown, ReportWriter.markdown(results, header));
                out.println("results written to " + markdown);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report: " + e.getMessage(), e);
        }
        out.flush();
    }
}
