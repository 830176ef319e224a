package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugins from a plugins folder run in isolated class loaders, through the real {@code okl} process: a plugin that
 * bundles its own version of a library OKL also ships (Jackson's {@code JsonFactory}, with a method OKL's copy lacks)
 * runs its own copy at fit and predict time; a plugin that fails at run time is one error line naming the plugin
 * and its JAR; a plugins folder that does not exist fails every command; a {@code .jar} file that is not a JAR is a
 * warning naming it while everything else works.
 */
class PluginIsolationIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Jackson's class name, with a method that OKL's Jackson does not have. */
    private static final String FORKED_JSON_FACTORY = """
            package com.fasterxml.jackson.core;

            public class JsonFactory {
                /** The width factor the probe kernel uses; exists only in this fork. */
                public static double isolationProbeWidthFactor() {
                    return 1.0;
                }
            }
            """;
    /** A Gaussian kernel whose width goes through the forked library: equal to OKL's own when the fork is used. */
    private static final String PROBE_PLUGIN = """
            package com.acme.probe;

            import java.util.Collection;
            import java.util.List;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.ParameterSpec;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.kernel.VectorKernel;
            import org.okl.api.linalg.Matrix;
            import org.okl.api.plugin.OklPlugin;

            public final class ProbePlugin implements OklPlugin {
                @Override
                public String name() {
                    return "probe";
                }

                @Override
                public String version() {
                    return "0.3";
                }

                @Override
                public Collection<ComponentFactory<VectorKernel>> kernels() {
                    return List.of(SimpleComponentFactory.of("probe-gaussian", VectorKernel.class,
                            "Gaussian kernel computed naively", List.of(ParameterSpec.positive("sigma", 1.0, "width")),
                            (p, c) -> gaussian(p.getDouble("sigma"))));
                }

                private static VectorKernel gaussian(double sigma) {
                    return (a, b) -> {
                        double s = sigma * com.fasterxml.jackson.core.JsonFactory.isolationProbeWidthFactor();
                        Matrix g = Matrix.zeros(a.rows(), b.rows());
                        for (int i = 0; i < a.rows(); i++) {
                            for (int j = 0; j < b.rows(); j++) {
                                double d2 = 0;
                                for (int k = 0; k < a.cols(); k++) {
                                    double t = a.get(i, k) - b.get(j, k);
                                    d2 += t * t;
                                }
                                g.set(i, j, Math.exp(-d2 / (2 * s * s)));
                            }
                        }
                        return g;
                    };
                }
            }
            """;

    @TempDir
    static Path dir;
    static Path classes;
    static Path csv;

    @BeforeAll
    static void build() throws IOException {
        Path src = dir.resolve("src");
        PluginJars.source(src, "com.fasterxml.jackson.core.JsonFactory", FORKED_JSON_FACTORY);
        PluginJars.source(src, "com.acme.probe.ProbePlugin", PROBE_PLUGIN);
        classes = PluginJars.compileAgainstApi(dir.resolve("classes"), List.of(src));
        Path services = dir.resolve("services/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("org.okl.api.plugin.OklPlugin"), "com.acme.probe.ProbePlugin\n");
        csv = ThirdPartyPluginIT.regressionCsv(dir);
    }

    /** A plugins folder holding the probe plugin, with or without its forked Jackson. */
    private static Path plugins(String name, boolean withFork) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        PluginJars.jar(folder.resolve("probe.jar"), List.of(classes, dir.resolve("services")),
                entry -> withFork || !entry.startsWith("com/fasterxml/"));
        return folder;
    }

    private static Path pipeline(String kernel) throws IOException {
        Path p = dir.resolve(kernel + ".json");
        Files.writeString(p, "{\"kernel\": {\"name\": \"" + kernel + "\", \"sigma\": 1.5},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-2}}");
        return p;
    }

    private static double cvMse(Path plugins, String kernel) throws Exception {
        OklProcess.Result r = OklProcess.run(dir, Map.of(), "evaluate", "--plugins", plugins.toString(),
                "--pipeline", pipeline(kernel).toString(), "--data", csv.toString(), "--outputs", "y1,y2", "--cv",
                "3", "--metrics", "mse", "--json");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return JSON.readTree(r.stdout()).path("metrics").path("mse").asDouble(Double.NaN);
    }

    @Test
    void aPluginBundlingAConflictingJacksonRunsItsOwnCopyAtFitAndPredictTime() throws Exception {
        Path plugins = plugins("with-fork", true);
        // OKL's Jackson lacks isolationProbeWidthFactor(): with OKL's copy winning, this was a NoSuchMethodError
        double probe = cvMse(plugins, "probe-gaussian");
        double builtIn = cvMse(plugins, "gaussian");
        assertThat(probe).as("the plugin's naive Gaussian against OKL's").isCloseTo(builtIn, within(1e-9));

        Path model = dir.resolve("probe.okl");
        OklProcess.Result fit = OklProcess.run(dir, Map.of("OKL_PLUGINS", plugins.toString()), "fit", "--pipeline",
                pipeline("probe-gaussian").toString(), "--data", csv.toString(), "--outputs", "y1,y2", "--model",
                model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        Path predictions = dir.resolve("probe-predictions.csv");
        OklProcess.Result predict = OklProcess.run(dir, Map.of("OKL_PLUGINS", plugins.toString()), "predict",
                "--model", model.toString(), "--data", csv.toString(), "--outputs", "y1,y2", "--out",
                predictions.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        assertThat(Files.readAllLines(predictions)).hasSize(60 + 1);
    }

    @Test
    void aPluginFailingAtFitTimeIsOneErrorNamingThePluginAndItsJar() throws Exception {
        Path plugins = plugins("without-fork", false);
        OklProcess.Result r = OklProcess.run(dir, Map.of(), "evaluate", "--plugins", plugins.toString(),
                "--pipeline", pipeline("probe-gaussian").toString(), "--data", csv.toString(), "--outputs", "y1,y2",
                "--cv", "3", "--metrics", "mse");
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(1);
        List<String> lines = r.stderr().strip().lines().filter(l -> !l.startsWith("okl: note: ")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("okl: error: [OKL-E013] plugin 'probe' 0.3 ("
                + plugins.resolve("probe.jar") + ") failed while fitting the pipeline: NoClassDefFoundError: "
                + "com/fasterxml/jackson/core/JsonFactory")
                .contains("(in com.acme.probe.ProbePlugin.")
                .doesNotContain("\tat ").doesNotContain("Exception in thread");
    }

    @Test
    void aPluginsFolderThatDoesNotExistFailsEveryCommand() throws Exception {
        Path missing = dir.resolve("no-such-folder");
        for (List<String> command : List.of(List.of("plugins"), List.of("datasets"), List.of("experiment", "--list"),
                List.of("evaluate", "--pipeline", pipeline("gaussian").toString(), "--data", csv.toString(),
                        "--outputs", "y1,y2", "--cv", "3", "--metrics", "mse"))) {
            for (boolean viaEnvironment : List.of(false, true)) {
                List<String> args = new java.util.ArrayList<>(command);
                if (!viaEnvironment) {
                    args.addAll(List.of("--plugins", missing.toString()));
                }
                OklProcess.Result r = OklProcess.run(dir, viaEnvironment ? Map.of("OKL_PLUGINS", missing.toString())
                        : Map.of(), args.toArray(String[]::new));
                assertThat(r.exitCode()).as(args + " " + r.stderr()).isEqualTo(2);
                assertThat(r.stderr().strip().lines()).as(args.toString()).hasSize(1);
                assertThat(r.stderr()).startsWith("okl: error: [OKL-E008] plugin folder '" + missing
                        + "' does not exist");
            }
        }
    }

    @Test
    void aFileNamedJarThatIsNotAJarIsAWarningNamingItAndEverythingElseWorks() throws Exception {
        Path plugins = plugins("with-notes", true);
        Path notes = Files.writeString(plugins.resolve("notes.jar"), "my notes, not a JAR");
        OklProcess.Result listed = OklProcess.run(dir, Map.of(), "plugins", "--plugins", plugins.toString());
        assertThat(listed.exitCode()).as(listed.stderr()).isZero();
        assertThat(listed.stderr()).contains("[OKL-E003] plugin " + notes + " left out: not a JAR archive");
        assertThat(listed.stdout()).contains("FAILED").contains(notes.toString()).contains("probe-gaussian");

        double mse = cvMse(plugins, "probe-gaussian");
        assertThat(mse).isBetween(0.0, 0.3);
    }
}
