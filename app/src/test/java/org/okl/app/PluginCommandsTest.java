package org.okl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.command.PluginCommand;
import org.okl.api.plugin.OklPlugin;

/** The commands of plugins run as {@code okl NAME ...}, with the global options handed over, and never shadow ours. */
class PluginCommandsTest {
    static final List<List<String>> RUNS = new ArrayList<>();

    /** A plugin on the test class path (META-INF/services) with one command, {@code echo-args}, that exits with 7. */
    public static final class EchoPlugin implements OklPlugin {
        @Override
        public String name() {
            return "echo-commands";
        }

        @Override
        public Collection<PluginCommand> commands() {
            return List.of(new PluginCommand() {
                @Override
                public String name() {
                    return "echo-args";
                }

                @Override
                public String description() {
                    return "Records its arguments.";
                }

                @Override
                public int run(List<String> arguments) {
                    RUNS.add(arguments);
                    return 7;
                }
            });
        }
    }

    @Test
    void aPluginCommandRunsWithEveryArgumentButItsName() {
        RUNS.clear();
        assertThat(Main.run("--seed", "3", "-v", "--data-dir=/d", "echo-args", "--x", "1", "--seed", "4")).isEqualTo(7);
        assertThat(RUNS).containsExactly(List.of("--seed", "3", "-v", "--data-dir=/d", "--x", "1", "--seed", "4"));
    }

    @Test
    void builtInCommandsAndOptionsAreNeverRouted() {
        assertThat(Main.builtInCommands()).contains("plugins", "fit", "predict", "evaluate", "datasets")
                .doesNotContain("bench", "experiment");
        assertThat(PluginCommands.route(new String[] {"plugins", "echo-args"}, Main.builtInCommands())).isEmpty();
        assertThat(PluginCommands.route(new String[] {"--help", "echo-args"}, Main.builtInCommands())).isEmpty();
        assertThat(PluginCommands.route(new String[] {"no-such-command"}, Main.builtInCommands())).isEmpty();
        assertThat(PluginCommands.route(new String[] {"--plugins", "echo-args", "plugins"}, Main.builtInCommands()))
                .as("a global option's value is not a command's name").isEmpty();
        assertThat(PluginCommands.all(List.of())).containsKey("echo-args");
    }
}
