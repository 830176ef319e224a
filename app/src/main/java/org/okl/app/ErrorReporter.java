package org.okl.app;

import java.io.PrintWriter;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
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
