package org.okl.app;

import java.io.PrintWriter;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.core.memory.MemoryBudget;
import org.okl.core.plugin.OklException;
import picocli.CommandLine;

/**
 * Prints errors as one line ({@code okl: error: ...}) with the exit code that fits: 2 for usage errors, 1 for
 * failures. The stack trace is printed only with {@code --verbose}.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {
    private final OklCommand root;

    ErrorReporter(OklCommand root) {
        this.root = root;
    }

    @Override
    public int handleExecutionException(Exception failure, CommandLine cli, CommandLine.ParseResult parseResult) {
        OutOfMemoryError oom = outOfMemoryIn(failure);
        if (oom != null) {
            return outOfMemory(oom, cli, parseResult.originalArgs().toArray(String[]::new));
        }
        PrintWriter err = cli.getErr();
        Exception e = root.oklIfBuilt()
                .flatMap(okl -> okl.registry().runtimeFailures().explain(failure, "running the command"))
                .<Exception>map(named -> named)
                .orElse(failure);
        err.println("okl: error: " + message(e));
        if (root.verbose()) {
            e.printStackTrace(err);
        } else if (!isUserError(e)) {
            err.println("okl: run with --verbose for the stack trace");
        }
        err.flush();
        return exitCode(e);
    }

    /**
     * Reports running out of memory as one line naming what was being built and the heap (never a stack trace unless
     * {@code --verbose}), and returns the failure exit code.
     */
    int outOfMemory(OutOfMemoryError e, CommandLine cli, String[] args) {
        String command = "okl " + (args.length > 0 ? args[0] : "");
        OklException error = MemoryBudget.outOfMemory(e, command);
        PrintWriter err = cli.getErr();
        err.println("okl: error: " + message(error));
        if (root.verbose()) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.FAILURE;
    }

    /** A thread that dies of an error outside the command's own thread: one line, as for the command itself. */
    void uncaught(Thread thread, Throwable e, CommandLine cli) {
        PrintWriter err = cli.getErr();
        OutOfMemoryError oom = outOfMemoryIn(e);
        err.println("okl: error: " + (oom != null ? message(MemoryBudget.outOfMemory(oom, "thread "
                + thread.getName())) : "thread " + thread.getName() + " failed: " + message(e)));
        if (root.verbose()) {
            e.printStackTrace(err);
        }
        err.flush();
    }

    /** The out-of-memory error among the causes of an exception, if any. */
    static OutOfMemoryError outOfMemoryIn(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof OutOfMemoryError oom) {
                return oom;
            }
        }
        return null;
    }

    /** Prints a picocli usage error and the command's usage hint. */
    static int usage(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        cli.getErr().println("okl: error: " + e.getMessage());
        cli.getErr().println("okl: see '" + cli.getCommandSpec().qualifiedName() + " --help'");
        return ExitCodes.USAGE;
    }

    static int exitCode(Throwable e) {
        if (e instanceof OklException o) {
            return switch (o.errorCode()) {
                case UNKNOWN_COMPONENT, DUPLICATE_COMPONENT, INVALID_PARAMETER, INVALID_PIPELINE, PLUGIN_FOLDER ->
                        ExitCodes.USAGE;
                default -> ExitCodes.FAILURE;
            };
        }
        if (e instanceof InvalidParameterException || e instanceof UsageException) {
            return ExitCodes.USAGE;
        }
        return ExitCodes.FAILURE;
    }

    private static boolean isUserError(Throwable e) {
        return e instanceof OklException || e instanceof InvalidParameterException || e instanceof DataFormatException
                || e instanceof UsageException;
    }

    /** The error line: an OKL error ends with the page that explains its code, as SLF4J's messages do. */
    static String message(Throwable e) {
        if (e instanceof OklException o) {
            return o.getMessage() + " (see " + o.errorCode().reference() + ")";
        }
        if (isUserError(e)) {
            return e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
