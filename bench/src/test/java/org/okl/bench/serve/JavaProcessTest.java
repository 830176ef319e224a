package org.okl.bench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The collector the soak's server and the other commands' processes run on, as the launcher chooses it. */
class JavaProcessTest {
    @Test
    void serveRunsOnG1WithTheLaunchersSettingsAndTheOtherCommandsOnParallelGc() {
        List<String> serve = JavaProcess.okl(List.of("serve", "--model", "m.okl"));
        assertThat(serve).containsAll(JavaProcess.SERVER_COLLECTOR).doesNotContain("-XX:+UseParallelGC");
        assertThat(JavaProcess.okl(List.of("predict", "--model", "m.okl"))).contains("-XX:+UseParallelGC")
                .doesNotContain("-XX:+UseG1GC");
        List<String> chosen = JavaProcess.okl(List.of("-XX:+UseSerialGC"), List.of("serve"));
        assertThat(chosen).contains("-XX:+UseSerialGC").doesNotContain("-XX:+UseG1GC", "-XX:+UseParallelGC");
    }

    @Test
    void theLauncherGivesOklServeTheSameCollector() throws java.io.IOException {
        java.nio.file.Path launcher = java.nio.file.Path.of("..", "okl");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(launcher), "no ../okl here");
        assertThat(java.nio.file.Files.readString(launcher))
                .contains("collector=(" + String.join(" ", JavaProcess.SERVER_COLLECTOR) + ")");
    }
}
