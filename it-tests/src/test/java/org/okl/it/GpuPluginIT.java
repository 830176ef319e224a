package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * okl-gpu as a user meets it through the real {@code okl} process: listed by {@code okl plugins} with the reason it
 * is idle (Java 17; a JDK 22+ without a GPU), the setting's values checked, and {@code okl.gpu=on} without a GPU
 * refused with what to do.
 */
class GpuPluginIT {
    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @TempDir
    Path dir;

    @Test
    void pluginsNamesTheDeviceOrWhyThereIsNone() throws Exception {
        OklProcess.Result plugins = OklProcess.run(dir, Map.of(), "plugins");
        assertThat(plugins.exitCode()).as(plugins.stderr()).isZero();
        assertThat(plugins.stdout()).contains("  okl-gpu ")
                .contains("compute device: none: okl-gpu is idle: its CUDA binding needs Java 22 or later")
                .contains("(okl.gpu=auto)");
        OklProcess.Result off = OklProcess.run(dir, Map.of("OKL_GPU", "off"), "plugins");
        assertThat(off.stdout()).contains("compute device: not used (okl.gpu=off)");
    }

    @Test
    void onAJdk22OrLaterTheLauncherRunsTheBindingWhichSaysWhatIsMissing() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JDK25), "no JDK 25 at " + JDK25);
        OklProcess.Result plugins = OklProcess.runLauncher(dir, Map.of("OKL_JAVA", JDK25.toString()), "plugins");
        assertThat(plugins.exitCode()).as(plugins.stderr()).isZero();
        assertThat(plugins.stdout()).containsPattern("compute device: (cuda:0 .*FP64|none: okl-gpu is idle: (no cudart "
                + "library loads|CUDA runtime .* finds no))");
        assertThat(plugins.stderr()).as("native access is allowed by the launcher").doesNotContain("restricted method");
    }

    @Test
    void aBadSettingAndOnWithoutADeviceAreUsageErrors() throws Exception {
        Path csv = dir.resolve("train.csv");
        StringBuilder rows = new StringBuilder("x1,x2,y\n");
        for (int i = 0; i < 40; i++) {
            rows.append(i * 0.1).append(',').append(Math.sin(i)).append(',').append(Math.cos(i * 0.1)).append('\n');
        }
        Files.writeString(csv, rows.toString());
        Path pipeline = dir.resolve("p.json");
        Files.writeString(pipeline, "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.01}}");
        Path model = dir.resolve("m.okl");
        OklProcess.Result bad = OklProcess.run(dir, Map.of("OKL_GPU", "sometimes"), "fit", "--pipeline",
                pipeline.toString(), "--data", csv.toString(), "--outputs", "y", "--model", model.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr()).contains("[OKL-E009] environment variable OKL_GPU is 'sometimes'; use auto, on or off");
        OklProcess.Result on = OklProcess.run(dir, Map.of("OKL_GPU", "on"), "fit", "--pipeline", pipeline.toString(),
                "--data", csv.toString(), "--outputs", "y", "--model", model.toString());
        assertThat(on.exitCode()).isEqualTo(2);
        assertThat(on.stderr()).contains("[OKL-E009] okl.gpu=on but there is no compute device: none: okl-gpu is idle")
                .contains("use okl.gpu=auto or off to run on the CPU");
        assertThat(model).doesNotExist();
        OklProcess.Result auto = OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data",
                csv.toString(), "--outputs", "y", "--model", model.toString());
        assertThat(auto.exitCode()).as(auto.stderr()).isZero();
    }
}
