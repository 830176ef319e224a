package org.okl.spark.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.error.OklException;
import org.okl.core.Okl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The {@code spark-submit} entry of okl-spark: {@code fit}, {@code predict} and {@code decode} on a cluster, with the
 * rows, inputs and candidates read by Spark from any Hadoop path. Errors print as one line (the stack trace with
 * {@code --verbose}); exit codes 0 ok, 1 failure, 2 usage error.
 *
 * <pre>
 * spark-submit --master spark://host:7077 --class org.okl.spark.cli.OklSparkMain okl-spark-VERSION-all.jar \
 *     fit --pipeline p.json --data hdfs:///train.csv --inputs 0:20 --outputs 20:25 --model m.okl
 * </pre>
 */
@Command(name = "okl-spark", mixinStandardHelpOptions = true, versionProvider = OklSparkMain.Version.class,
        description = "OKL on Apache Spark: fit a pipeline with the rows on the executors, predict, and decode over "
                + "candidate sets of any size.",
        subcommands = {FitCommand.class, PredictCommand.class, DecodeCommand.class})
public final class OklSparkMain implements Runnable {
    @Option(names = "--verbose", description = "Print stack traces of errors.", scope = CommandLine.ScopeType.INHERIT)
    boolean verbose;

    @Option(names = "--master", paramLabel = "URL", description = "The Spark master when not run by spark-submit "
            + "(default: spark-submit's, else local[*]).", scope = CommandLine.ScopeType.INHERIT)
    String master;

    @Option(names = "--plugins", paramLabel = "DIR", description = "A folder of plugin JARs on the driver (repeatable; "
            + "beside those OKL_PLUGINS names): its plugins load on the driver and go with the job to the executors.",
            scope = CommandLine.ScopeType.INHERIT)
    List<Path> plugins = new ArrayList<>();

    /** The plugin folders: those {@code OKL_PLUGINS} names, then {@code --plugins}. */
    List<Path> pluginFolders() {
        List<Path> all = new ArrayList<>(Okl.foldersFromEnvironment());
        all.addAll(plugins);
        return all;
    }

    /**
     * Runs the command line. A command that succeeds returns normally, so that a driver that spark-submit runs in
     * cluster deploy mode (YARN's ApplicationMaster, a standalone cluster's driver wrapper) finishes as succeeded: an
     * explicit exit, even with 0, is reported there as a failed driver and may run the whole fit again. A command that
     * fails exits with its code (1 failure, 2 usage error), which every cluster manager reports as failed.
     */
    public static void main(String[] args) {
        int code = run(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the command line and returns its exit code, without exiting (for tests). */
    public static int run(String... args) {
        OklSparkMain root = new OklSparkMain();
        CommandLine cli = new CommandLine(root);
        cli.setExecutionExceptionHandler((e, line, parsed) -> report(e, line.getErr(), root.verbose));
        cli.setParameterExceptionHandler((e, args2) -> {
            e.getCommandLine().getErr().println("okl-spark: error: " + e.getMessage());
            e.getCommandLine().getErr().println("okl-spark: see '" + e.getCommandLine().getCommandSpec()
                    .qualifiedName() + " --help'");
            return 2;
        });
        return cli.execute(args);
    }

    private static int report(Exception e, PrintWriter err, boolean verbose) {
        err.println("okl-spark: error: " + (e.getMessage() == null ? e.toString() : e.getMessage().lines()
                .findFirst().orElse("")));
        if (verbose) {
            e.printStackTrace(err);
        } else if (!(e instanceof OklException)) {
            err.println("okl-spark: run with --verbose for the stack trace");
        }
        err.flush();
        if (e instanceof OklException o) {
            return switch (o.errorCode()) {
                case USAGE, UNKNOWN_COMPONENT, DUPLICATE_COMPONENT, INVALID_PARAMETER, INVALID_PIPELINE,
                        PLUGIN_FOLDER -> 2;
                default -> 1;
            };
        }
        return 1;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /** The OKL version from the JAR's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"okl-spark " + org.okl.api.OklVersion.get()};
        }
    }
}
