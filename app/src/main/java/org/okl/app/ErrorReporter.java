package org.okl.app;

import java.io.PrintWriter;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.linalg.memory.MemoryBudget;
import picocli.CommandLine;

/**
 * Prints errors as one line, {@code okl: error: [OKL-Ennn] what is wrong and what to do (see docs/errors.md#okl-ennn)},
 * with the exit code that fits: 2 for usage errors, 1 for failures. Every error carries its code and ends with the
 * section of {@code docs/errors.md} that explains it, as SLF4J's messages do, and holds no Java class name: user
 * mistakes print their message, a third-party plugin's failure names the plugin (E013), anything else is an internal
 * error (a bug), said so with a hint to rerun with {@code --verbose}, which prints the stack trace. Every line it
 * prints is {@link #safe}: control characters escaped, length bounded, whatever the message holds.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {
    /** The most characters of one message line: a message that quotes user text stays far below it. */
    static final int MAX_LINE = 2000;

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
        } else if (codeOf(e) == ErrorCode.INTERNAL) {
            err.println("okl: this is a bug in OKL or in a plugin; run again with --verbose for the stack trace and "
                    + "report it");
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

    /**
     * A message made safe for the terminal, the last guard after every message has quoted the user's text: control
     * characters escaped ({@link UserText#escape}), and cut to {@value #MAX_LINE} characters.
     */
    static String safe(String message) {
        String text = UserText.escape(message);
        return text.length() <= MAX_LINE ? text : text.substring(0, MAX_LINE) + "... (" + text.length()
                + " characters; --verbose for all)";
    }

    /** Prints a picocli usage error and the command's usage hint. */
    static int usage(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        cli.getErr().println("okl: error: " + line(ErrorCode.USAGE, e.getMessage()));
        cli.getErr().println("okl: see '" + cli.getCommandSpec().qualifiedName() + " --help'");
        return ExitCodes.USAGE;
    }

    /** 2 for usage errors (bad options, names, parameters, pipelines), 1 for everything else. */
    static int exitCode(Throwable e) {
        return switch (codeOf(e)) {
            case UNKNOWN_COMPONENT, DUPLICATE_COMPONENT, INVALID_PARAMETER, INVALID_PIPELINE, PLUGIN_FOLDER, USAGE ->
                    ExitCodes.USAGE;
            default -> ExitCodes.FAILURE;
        };
    }

    /** The code an exception is reported with. */
    static ErrorCode codeOf(Throwable e) {
        if (e instanceof OklException o) {
            return o.errorCode();
        }
        if (e instanceof InvalidParameterException) {
            return ErrorCode.INVALID_PARAMETER;
        }
        if (e instanceof DataFormatException) {
            return ErrorCode.INVALID_DATA;
        }
        return ErrorCode.INTERNAL;
    }

    /** The error line: the code, what went wrong (never a class name), and the section explaining the code. */
    static String message(Throwable e) {
        ErrorCode code = codeOf(e);
        if (e instanceof OklException) {
            return safe(e.getMessage()) + " (see " + code.reference() + ")";
        }
        String text = e.getMessage();
        if (code == ErrorCode.INTERNAL) {
            text = "internal error: " + (text == null || text.isBlank() ? "no details (see --verbose)" : text);
        }
        return line(code, text);
    }

    private static String line(ErrorCode code, String text) {
        return "[" + code.code() + "] " + safe(text) + " (see " + code.reference() + ")";
    }
}
