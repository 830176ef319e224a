package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.testkit.PipelineTestKit;
import org.okl.testkit.TestContext;

/**
 * The test kit loads a plugin JAR as {@code okl --plugins} does, and its cross-validation gives what the {@code okl}
 * process gives for the same pipeline, data and seed.
 */
class PipelineTestKitIT {

    @Test
    void aPluginFolderRunsInTheKitAsInTheOklProcess(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path jar = Files.copy(OklProcess.artifact("okl.sample.jar"), plugins.resolve("sample.jar"));
        Path csv = ThirdPartyPluginIT.regressionCsv(dir);
        Path pipeline = ThirdPartyPluginIT.samplePipeline(dir);

        PipelineTestKit kit = PipelineTestKit.withPluginFolder(plugins);
        assertThat(kit.component(OperatorKernel.class, "output-correlation").location()).isEqualTo(jar.toString());
        assertThat(kit.okl().create(OperatorKernel.class, ComponentSpec.of("output-correlation")).getClass()
                .getClassLoader()).as("loaded in its own class loader").isNotSameAs(getClass().getClassLoader());

        List<String> lines = Files.readAllLines(csv).subList(1, 61);
        Matrix x = Matrix.zeros(lines.size(), 3);
        Matrix y = Matrix.zeros(lines.size(), 2);
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",");
            for (int j = 0; j < 3; j++) {
                x.set(i, j, Double.parseDouble(f[j]));
            }
            y.set(i, 0, Double.parseDouble(f[3]));
            y.set(i, 1, Double.parseDouble(f[4]));
        }
        double kitMse = kit.pipeline(Files.readString(pipeline)).crossValidate(x, y, 3, "mse").get("mse");

        OklProcess.Result eval = OklProcess.run(dir, Map.of(), "evaluate", "--plugins", plugins.toString(), "--seed",
                Long.toString(TestContext.SEED), "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "3", "--metrics", "mse", "--json");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        double processMse = new ObjectMapper().readTree(eval.stdout()).path("metrics").path("mse").asDouble();
        assertThat(kitMse).isCloseTo(processMse, within(1e-12)).isBetween(0.0, 0.3);
    }
}
