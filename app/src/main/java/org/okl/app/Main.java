package org.okl.app;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.okl.api.command.PluginCommand;
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
        Optional<PluginCommands.Routed> routed = PluginCommands.route(args, builtInCommands());
        if (routed.isPresent()) {
            return runPluginCommand(routed.get(), args);
        }
        return execute(null, null, args);
    }

    /**
     * Runs a command written with picocli as the sub-command {@code name} of {@code okl}, exactly as a built-in one:
     * the same global options (which it reads through its {@code @ParentCommand} {@link OklCommand}), help, error
     * messages and exit codes. A plugin's {@link org.okl.api.command.PluginCommand} whose command is written with
     * picocli runs itself this way (okl bench, okl experiment).
     *
     * @param name      the command's name
     * @param command   the picocli command object
     * @param arguments the command line without the command's name (global options included)
     * @return the exit code
     */
    public static int runCommand(String name, Object command, List<String> arguments) {
        List<String> args = new ArrayList<>();
        args.add(name);
        args.addAll(arguments);
        return execute(name, command, args.toArray(String[]::new));
    }

    /**
     * A plugin's command written with picocli, run by {@link #runCommand}: its description is the first line(s) of its
     * {@code @Command} annotation, and each run gets a fresh command object from {@code commands}.
     *
     * @param name     the command's name ({@code okl NAME ...})
     * @param type     the picocli command class (read for its description)
     * @param commands makes the command object for one run
     */
    public static <T> PluginCommand pluginCommand(String name, Class<T> type, Supplier<? extends T> commands) {
        String description = String.join(" ", type.getAnnotation(picocli.CommandLine.Command.class).description());
        return new PluginCommand() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public int run(List<String> arguments) {
                return runCommand(name, commands.get(), arguments);
            }
        };
    }

    private static int execute(String extraName, Object extraCommand, String... args) {
        OklCommand root = new OklCommand();
        CommandLine cli = new CommandLine(root);
        if (extraCommand != null) {
            cli.addSubcommand(extraName, extraCommand);
        }
        ErrorReporter reporter = new ErrorReporter(root);
        cli.setExecutionExceptionHandler(reporter);
        cli.setParameterExceptionHandler(ErrorReporter::usage);
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> reporter.uncaught(thread, e, cli));
        cli.setExecutionStrategy(parseResult -> {
            if (parseResult.isUsageHelpRequested()) {
                // okl --help lists the commands of plugins too
                PluginCommands.all(List.of()).values().stream()
                        .filter(c -> !cli.getSubcommands().containsKey(c.name()))
                        .forEach(c -> cli.addSubcommand(c.name(), CommandLine.Model.CommandSpec.create()
                                .usageMessage(new CommandLine.Model.UsageMessageSpec().description(c.description()))));
            }
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

    /** Runs a plugin's command; a failure it does not report itself is reported as a built-in command's would be. */
    private static int runPluginCommand(PluginCommands.Routed routed, String[] args) {
        try {
            return routed.command().run(routed.arguments());
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            OklCommand root = new OklCommand();
            CommandLine cli = new CommandLine(root);
            ErrorReporter reporter = new ErrorReporter(root);
            if (e instanceof OutOfMemoryError oom) {
                return reporter.outOfMemory(oom, cli, args);
            }
            Exception failure = e instanceof Exception ex ? ex : new IllegalStateException(e.toString(), e);
            return reporter.handleExecutionException(failure, cli, null);
        }
    }

    /** The names of the built-in commands (and their aliases). */
    static Set<String> builtInCommands() {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (Class<?> c : OklCommand.class.getAnnotation(CommandLine.Command.class).subcommands()) {
            CommandLine.Command command = c.getAnnotation(CommandLine.Command.class);
            names.add(command.name());
            names.addAll(List.of(command.aliases()));
        }
        return names;
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
