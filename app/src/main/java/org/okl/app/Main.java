package org.okl.app;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import picocli.CommandLine;

/** The {@code okl} command line. */
public final class Main {
    /**
     * The system property naming the file OKL writes its standard-error messages to instead of the JVM's standard
     * error: the {@code okl} launcher sets it to the original standard error ({@code /dev/fd/3}) when it filters the
     * JVM's own start-up warning from file descriptor 2.
     */
    static final String STDERR_PROPERTY = "okl.stderr";

    private Main() {
    }

    /** Runs the command line and exits with its code (0 ok, 1 failure, 2 usage error). */
    public static void main(String[] args) {
        redirectStandardError(System.getProperty(STDERR_PROPERTY));
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code, without exiting (for tests). */
    public static int run(String... args) {
        OklCommand root = new OklCommand();
        CommandLine cli = new CommandLine(root);
        ErrorReporter reporter = new ErrorReporter(root);
        cli.setExecutionExceptionHandler(reporter);
        cli.setParameterExceptionHandler(ErrorReporter::usage);
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> reporter.uncaught(thread, e, cli));
        cli.setExecutionStrategy(parseResult -> {
            Integer help = CommandLine.executeHelpRequest(parseResult);
            if (help != null) {
                return help;
            }
            try {
                root.checkPluginFolders();
            } catch (RuntimeException e) {
                throw new CommandLine.ExecutionException(cli, e.getMessage(), e);
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            return reporter.outOfMemory(e, cli, args);
        }
    }

    /**
     * Sends {@link System#err} to the given file (appending, as a shell's {@code 2>>} would), or leaves it alone when
     * none is given or it cannot be opened (then the messages still reach the JVM's standard error).
     */
    static void redirectStandardError(String file) {
        if (file == null || file.isBlank()) {
            return;
        }
        try {
            System.setErr(new PrintStream(new FileOutputStream(file, true), true, Charset.defaultCharset()));
        } catch (IOException | SecurityException e) {
            // keep the JVM's standard error
        }
    }
}
