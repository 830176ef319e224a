package org.okl.app;

import java.io.PrintWriter;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import picocli.CommandLine;

/**
 * Prints errors as one line, {@code okl: error: [OKL-Ennn] what is wrong and what to do}, with the exit code that
 * fits: 2 for usage errors, 1 for failures. Every error carries its code ({@code docs/errors.md}) and no Java class
 * name: user mistakes print their message; anything else is an internal error (a bug), said so with a hint to rerun
 * with {@code --verbose}, which prints the stack trace.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {
    private final OklCommand root;

    ErrorReporter(OklCommand root) {
        this.root = root;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parseResult) {
        PrintWriter err = cli.getErr();
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

    /** Prints a picocli usage error and the command's usage hint. */
    static int usage(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        cli.getErr().println("okl: error: [" + ErrorCode.USAGE.code() + "] " + e.getMessage());
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

    /** The one-line message: the code, then what went wrong, never a class name. */
    static String message(Throwable e) {
        if (e instanceof OklException) {
            return e.getMessage();
        }
        ErrorCode code = codeOf(e);
        String text = e.getMessage();
        if (code == ErrorCode.INTERNAL) {
            text = "internal error: " + (text == null || text.isBlank() ? "no details (see --verbose)" : text);
        }
        return "[" + code.code() + "] " + text;
    }
}
