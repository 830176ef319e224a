package org.okl.app;

import picocli.CommandLine;

/** The {@code okl} command line. */
public final class Main {
    private Main() {
    }

    /** Runs the command line and exits with its code (0 ok, 1 failure, 2 usage error). */
    public static void main(String[] args) {
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
}
