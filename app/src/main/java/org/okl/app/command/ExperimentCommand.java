package org.okl.app.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.okl.app.OklCommand;
import org.okl.app.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code okl experiment NAME}: reproduces an experiment of the papers (see {@code EXPERIMENTS.md}). The experiments
 * themselves are registered in {@link #EXPERIMENTS}; each prints its table beside the paper's numbers.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "Reproduce an experiment of the papers; --list shows which are available.")
public final class ExperimentCommand implements Runnable {
    /** The experiments, by name. */
    static final Map<String, Runnable> EXPERIMENTS = new TreeMap<>();

    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "The experiment to run.")
    private String name;

    @Option(names = "--list", description = "List the experiments.")
    private boolean list;

    @Option(names = "--quick", description = "A reduced protocol that runs in under two minutes (for CI).")
    private boolean quick;

    @Option(names = "--report", paramLabel = "DIR", description = "Write an HTML report with tables and plots.")
    private Path report;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        if (list || name == null) {
            out.println(EXPERIMENTS.isEmpty() ? "no experiments are available in this build yet"
                    : "experiments: " + String.join(", ", EXPERIMENTS.keySet()));
            out.flush();
            return;
        }
        Runnable experiment = EXPERIMENTS.get(name);
        if (experiment == null) {
            throw new UsageException("no experiment named '" + name + "'; available: "
                    + (EXPERIMENTS.isEmpty() ? "(none yet)" : String.join(", ", EXPERIMENTS.keySet())));
        }
        experiment.run();
    }
}
