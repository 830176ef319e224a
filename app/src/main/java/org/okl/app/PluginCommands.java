package org.okl.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Okl;
import org.okl.core.plugin.PluginLoader;

/**
 * The sub-commands that plugins contribute ({@link OklPlugin#commands()}), such as the research tools {@code okl
 * bench} and {@code okl experiment} that the repository's launcher puts on the class path: found with the same plugin
 * discovery as every component, only when the command line names no built-in command (or asks for the list).
 */
final class PluginCommands {
    /** The global options of {@link OklCommand} that take a value. */
    private static final Set<String> GLOBAL_WITH_VALUE = Set.of("--plugins", "--data-dir", "--seed");
    /** The global options of {@link OklCommand} without a value. */
    private static final Set<String> GLOBAL_FLAGS = Set.of("-v", "--verbose");

    private PluginCommands() {
    }

    /**
     * A command found for a command line.
     *
     * @param command   the plugin's command
     * @param arguments the command line without the command's name
     */
    record Routed(PluginCommand command, List<String> arguments) {
    }

    /**
     * The plugin command a command line names, if its first word (after global options) is not a built-in command
     * but a plugin's; else empty, and picocli parses the line as usual (help, version, built-in commands, errors).
     */
    static Optional<Routed> route(String[] args, Set<String> builtIns) {
        List<Path> folders = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (GLOBAL_WITH_VALUE.contains(a)) {
                if (a.equals("--plugins") && i + 1 < args.length) {
                    folders.add(Path.of(args[i + 1]));
                }
                i++;
            } else if (a.startsWith("--plugins=")) {
                folders.add(Path.of(a.substring("--plugins=".length())));
            } else if (GLOBAL_FLAGS.contains(a) || GLOBAL_WITH_VALUE.stream().anyMatch(o -> a.startsWith(o + "="))) {
                // a global option before the command's name
            } else if (a.startsWith("-") || builtIns.contains(a)) {
                return Optional.empty();
            } else {
                PluginCommand command = find(a, folders).orElse(null);
                if (command == null) {
                    return Optional.empty();
                }
                List<String> rest = new ArrayList<>(Arrays.asList(args));
                rest.remove(i);
                return Optional.of(new Routed(command, List.copyOf(rest)));
            }
        }
        return Optional.empty();
    }

    /** The plugin command of this name: from the class path, else from the plugin folders. */
    private static Optional<PluginCommand> find(String name, List<Path> extraFolders) {
        PluginCommand onClassPath = all(List.of()).get(name);
        if (onClassPath != null) {
            return Optional.of(onClassPath);
        }
        List<Path> folders = new ArrayList<>(Okl.foldersFromEnvironment());
        folders.addAll(extraFolders);
        folders.removeIf(f -> !Files.isDirectory(f)); // the command itself reports a missing folder
        return folders.isEmpty() ? Optional.empty() : Optional.ofNullable(all(folders).get(name));
    }

    /** Every plugin command on the class path (and in these plugin folders), by name; the first of a name wins. */
    static Map<String, PluginCommand> all(List<Path> folders) {
        Map<String, PluginCommand> commands = new TreeMap<>();
        for (PluginLoader.LoadedPlugin p : PluginLoader.discover(PluginCommands.class.getClassLoader(), folders)
                .plugins()) {
            try {
                p.plugin().commands().forEach(c -> commands.putIfAbsent(c.name(), c));
            } catch (RuntimeException | LinkageError e) {
                // a plugin whose commands fail is reported when its components are registered
            }
        }
        return commands;
    }
}
