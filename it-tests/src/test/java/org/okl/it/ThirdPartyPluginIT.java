package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * A third-party plugin (the sample module, which depends on the api JAR only) dropped into a plugins folder is
 * listed and usable by name, without any change to core.
 */
class ThirdPartyPluginIT {

    static Path regressionCsv(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("x1,x2,x3,y1,y2\n");
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 60; i++) {
            double a = r.nextGaussian();
            double b = r.nextGaussian();
            double c = r.nextGaussian();
            double y1 = Math.sin(a) + 0.5 * b + 0.05 * r.nextGaussian();
            double y2 = 0.8 * y1 + 0.3 * c + 0.05 * r.nextGaussian();
            sb.append(a).append(',').append(b).append(',').append(c).append(',').append(y1).append(',').append(y2)
                    .append('\n');
        }
        Path csv = dir.resolve("data.csv");
        Files.writeString(csv, sb.toString());
        return csv;
    }

    static Path samplePipeline(Path dir) throws IOException {
        Path p = dir.resolve("sample.json");
        Files.writeString(p, """
                {"kernel": {"name": "gaussian", "sigma": 1.5},
                 "operator": {"name": "output-correlation", "shrinkage": 0.2},
                 "output": {"name": "standardized"},
                 "filter": {"name": "tikhonov", "lambda": 1e-2},
                 "decoder": {"name": "identity"}}
                """);
        return p;
    }

    @Test
    void droppedJarIsListedAndUsableByName(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.copy(OklProcess.artifact("okl.sample.jar"), plugins.resolve("sample.jar"));

        OklProcess.Result listed = OklProcess.run(dir, Map.of(), "plugins", "--plugins", plugins.toString());
        assertThat(listed.exitCode()).as(listed.stderr()).isZero();
        assertThat(listed.stdout()).contains("output-correlation").contains("standardized").contains("[sample]")
                .contains("sample.jar").contains("linear algebra:")
                .contains("defaults (the stages a pipeline leaves out): operator separable, output vector, decoder "
                        + "identity, metric mse");

        Path csv = regressionCsv(dir);
        OklProcess.Result eval = OklProcess.run(dir, Map.of("OKL_PLUGINS", plugins.toString()), "evaluate",
                "--pipeline", samplePipeline(dir).toString(), "--data", csv.toString(), "--outputs", "y1,y2",
                "--cv", "3", "--metrics", "mse", "--json");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        double mse = new com.fasterxml.jackson.databind.ObjectMapper().readTree(eval.stdout())
                .path("metrics").path("mse").asDouble(Double.NaN);
        assertThat(mse).as("cross-validated MSE of a smooth target").isBetween(0.0, 0.3);
    }

    @Test
    void withoutThePluginTheNamesAreUnknown(@TempDir Path dir) throws Exception {
        Path csv = regressionCsv(dir);
        OklProcess.Result eval = OklProcess.run(dir, Map.of(), "evaluate", "--pipeline",
                samplePipeline(dir).toString(), "--data", csv.toString(), "--outputs", "y1,y2", "--cv", "3",
                "--metrics", "mse");
        assertThat(eval.exitCode()).isEqualTo(2);
        assertThat(eval.stderr().strip().lines().filter(l -> !l.startsWith("okl: note: "))).hasSize(1);
        assertThat(eval.stderr()).contains("[OKL-E001] unknown operator 'output-correlation'; available:");
    }

    @Test
    void pluginCompiledAgainstTheApiJarAloneWorksInProcess(@TempDir Path dir) throws Exception {
        Path jar = compileSampleAgainstApiOnly(dir);
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.copy(jar, plugins.resolve(jar.getFileName()));
        Okl okl = Okl.builder().pluginFolder(plugins).build();
        assertThat(okl.registry().plugins()).anySatisfy(p -> assertThat(p.name()).isEqualTo("sample"));

        Matrix x = Matrix.zeros(40, 2);
        Matrix y = Matrix.zeros(40, 2);
        for (int i = 0; i < 40; i++) {
            double t = i / 40.0;
            x.set(i, 0, t);
            x.set(i, 1, t * t);
            y.set(i, 0, 10 + 3 * Math.sin(3 * t));
            y.set(i, 1, -5 + 2 * Math.cos(3 * t));
        }
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.3))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-6))
                .operator(ComponentSpec.of("output-correlation"))
                .output(ComponentSpec.of("standardized"))
                .build();
        Model model = okl.pipeline(spec).fit(TrainingData.of(x, y));
        Decoded d = model.predict(x);
        // a nearly unregularised fit of smooth targets reproduces them on the original scale
        assertThat(d.outputs().maxAbsDifference(y)).isLessThan(1e-2);
    }

    /** Compiles the sample plugin's sources with only the api JAR on the class path, into a JAR. */
    private static Path compileSampleAgainstApiOnly(Path dir) throws IOException {
        Path classes = PluginJars.compileAgainstApi(dir.resolve("classes"),
                List.of(OklProcess.artifact("okl.sample.sources")));
        return PluginJars.jar(dir.resolve("external-plugin.jar"),
                List.of(classes, OklProcess.artifact("okl.sample.services")), name -> true);
    }

    @Test
    void duplicateIdsAcrossJarsAreAHardErrorNamingBoth(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.copy(OklProcess.artifact("okl.sample.jar"), plugins.resolve("a-sample.jar"));
        Files.copy(OklProcess.artifact("okl.sample.jar"), plugins.resolve("b-sample.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        OklProcess.Result r = OklProcess.run(dir, Map.of(), "plugins", "--plugins", plugins.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr().strip().lines()).hasSize(1);
        assertThat(r.stderr()).contains("[OKL-E002]").contains("a-sample.jar").contains("b-sample.jar");
    }

    @Test
    void brokenJarIsReportedAndEverythingElseStillWorks(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path broken = plugins.resolve("broken.jar");
        try (OutputStream out = Files.newOutputStream(broken); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("META-INF/services/org.okl.api.plugin.OklPlugin"));
            j.write("com.example.Missing\n".getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        Files.copy(OklProcess.artifact("okl.sample.jar"), plugins.resolve("sample.jar"));
        OklProcess.Result r = OklProcess.run(dir, Map.of(), "plugins", "--plugins", plugins.toString());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("FAILED").contains("broken.jar").contains("com.example.Missing")
                .contains("output-correlation").contains("gaussian");
        assertThat(r.stderr()).contains("OKL-E003").contains("broken.jar");
    }
}
