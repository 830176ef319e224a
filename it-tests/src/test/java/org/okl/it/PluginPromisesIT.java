package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin core's promises, through the real {@code okl} process with plugins compiled against the api JAR alone
 * and dropped in a plugins folder, as a third party would:
 * <ul>
 *   <li>trust follows where a class was loaded from: a folder plugin whose classes are in OKL's package may not use
 *       the reserved prefix or declare defaults;</li>
 *   <li>every call into a folder plugin runs with the plugin's context class loader (a kernel that looks its own
 *       class up through it fits, predicts and evaluates);</li>
 *   <li>automatic choices skip components that need parameters (a solver and a reader with a required parameter
 *       break nothing);</li>
 *   <li>a plugin adds a streaming solver, chosen by preference for a streamed fit;</li>
 *   <li>two readers claiming one file suffix are a duplicate naming both JARs;</li>
 *   <li>{@code Model.load(path)} in a program finds the plugins of {@code OKL_PLUGINS}.</li>
 * </ul>
 */
class PluginPromisesIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A plugin with a kernel checking its context class loader, two needy components and a streaming solver. */
    private static final String ACME = """
            package com.acme.promises;

            import java.util.Collection;
            import java.util.List;
            import java.util.Optional;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.ParameterSpec;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.data.DataFormatException;
            import org.okl.api.data.Table;
            import org.okl.api.data.TableReader;
            import org.okl.api.kernel.VectorKernel;
            import org.okl.api.linalg.Matrix;
            import org.okl.api.metric.SquaredErrors;
            import org.okl.api.plugin.OklPlugin;
            import org.okl.api.solve.RegressionPath;
            import org.okl.api.solve.RegressionProblem;
            import org.okl.api.solve.RegressionSolver;
            import org.okl.api.solve.StreamedPath;
            import org.okl.api.solve.StreamedProblem;
            import org.okl.api.solve.StreamingSolver;

            public final class AcmePlugin implements OklPlugin {
                /** Looked up through the context class loader: found only when it is this plugin's. */
                public static final class Marker {
                }

                @Override
                public String name() {
                    return "acme";
                }

                @Override
                public String version() {
                    return "1.0";
                }

                @Override
                public Collection<ComponentFactory<VectorKernel>> kernels() {
                    return List.of(SimpleComponentFactory.of("acme-gaussian", VectorKernel.class,
                            "a Gaussian kernel that needs its context class loader",
                            List.of(ParameterSpec.positive("sigma", 1.0, "width")),
                            (p, c) -> gaussian(p.getDouble("sigma"))));
                }

                private static void requireOwnContextLoader() {
                    try {
                        Class.forName(Marker.class.getName(), false, Thread.currentThread().getContextClassLoader());
                    } catch (ClassNotFoundException e) {
                        throw new IllegalStateException("the context class loader does not see the plugin");
                    }
                }

                private static VectorKernel gaussian(double sigma) {
                    requireOwnContextLoader();
                    return (a, b) -> {
                        requireOwnContextLoader();
                        Matrix g = Matrix.zeros(a.rows(), b.rows());
                        for (int i = 0; i < a.rows(); i++) {
                            for (int j = 0; j < b.rows(); j++) {
                                double d2 = 0;
                                for (int k = 0; k < a.cols(); k++) {
                                    double t = a.get(i, k) - b.get(j, k);
                                    d2 += t * t;
                                }
                                g.set(i, j, Math.exp(-d2 / (2 * sigma * sigma)));
                            }
                        }
                        return g;
                    };
                }

                @Override
                public Collection<ComponentFactory<RegressionSolver>> solvers() {
                    return List.of(SimpleComponentFactory.of("acme-needy", RegressionSolver.class,
                                    "a solver that needs a budget", List.of(ParameterSpec.positive("budget", null,
                                            "required")), (p, c) -> new NeedySolver()),
                            SimpleComponentFactory.of("acme-stream", RegressionSolver.class,
                                    "a streaming solver predicting zero", List.of(), (p, c) -> new ZeroStream()));
                }

                @Override
                public Collection<ComponentFactory<TableReader>> readers() {
                    return List.of(SimpleComponentFactory.of("acme-reader", TableReader.class,
                            "a reader that needs its dialect", List.of(ParameterSpec.text("dialect", null,
                                    "required")), (p, c) -> new TableReader() {
                                @Override
                                public List<String> suffixes() {
                                    return List.of(".acme");
                                }

                                @Override
                                public Table read(java.nio.file.Path file) {
                                    throw new DataFormatException(file.toString(), "never read");
                                }
                            }));
                }

                static final class NeedySolver implements RegressionSolver {
                    @Override
                    public boolean supports(RegressionProblem problem) {
                        return false;
                    }

                    @Override
                    public RegressionPath fit(RegressionProblem problem) {
                        throw new UnsupportedOperationException("never chosen");
                    }
                }

                /** Zero weights; every validation error is that of predicting zero. */
                static final class ZeroStream implements StreamingSolver {
                    @Override
                    public boolean supports(RegressionProblem problem) {
                        return false;
                    }

                    @Override
                    public RegressionPath fit(RegressionProblem problem) {
                        throw new UnsupportedOperationException("streamed fits only");
                    }

                    @Override
                    public int streamedPreference(StreamedProblem problem) {
                        return 100;
                    }

                    @Override
                    public StreamedPath fitStreamed(StreamedProblem problem) {
                        int folds = problem.validationFolds();
                        int d = problem.targets();
                        long[][] counts = new long[folds][d];
                        double[][] squares = new double[folds][d];
                        double[][] sums = new double[folds][d];
                        long[] rows = {0};
                        problem.pass((first, inputs, targets) -> {
                            int[] groups = new int[inputs.rows()];
                            problem.groupsOf(first, inputs.rows(), groups);
                            for (int i = 0; i < inputs.rows(); i++) {
                                int f = groups[i];
                                for (int j = 0; f < folds && j < d; j++) {
                                    double y = targets.get(i, j);
                                    counts[f][j]++;
                                    squares[f][j] += y * y;
                                    sums[f][j] += y;
                                }
                            }
                            rows[0] += inputs.rows();
                        });
                        int points = problem.filter().pathLength();
                        SquaredErrors[][] validation = new SquaredErrors[folds][points];
                        for (int f = 0; f < folds; f++) {
                            for (int j = 0; j < points; j++) {
                                validation[f][j] = new SquaredErrors(counts[f], squares[f], sums[f], squares[f]);
                            }
                        }
                        Matrix[] weights = new Matrix[points];
                        for (int j = 0; j < points; j++) {
                            weights[j] = Matrix.zeros(problem.features().size(), d);
                        }
                        return new StreamedPath(validation, weights, rows[0]);
                    }
                }
            }
            """;

    /** A plugins-folder plugin whose classes sit in OKL's own package, claiming the reserved prefix. */
    private static final String IMPOSTOR = """
            package org.okl.impostor;

            import java.util.Map;
            import org.okl.api.component.ComponentSpec;
            import org.okl.api.decoder.Decoder;
            import org.okl.api.plugin.OklPlugin;

            public final class ImpostorPlugin implements OklPlugin {
                @Override
                public String name() {
                    return "okl-impostor";
                }
            }
            """;

    /** A plugin in OKL's package (but not reserved-named) declaring a default, which only OKL's own may. */
    private static final String DEFAULTS = """
            package org.okl.kernels;

            import java.util.Collection;
            import java.util.List;
            import java.util.Map;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.ComponentSpec;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.decoder.Decoded;
            import org.okl.api.decoder.Decoder;
            import org.okl.api.plugin.OklPlugin;

            public final class LookAlikePlugin implements OklPlugin {
                @Override
                public String name() {
                    return "look-alike";
                }

                @Override
                public Collection<ComponentFactory<Decoder>> decoders() {
                    return List.of(SimpleComponentFactory.of("zero", Decoder.class, "decodes nothing", List.of(),
                            (p, c) -> (h, context) -> Decoded.of(h.times(0))));
                }

                @Override
                public Map<Class<?>, ComponentSpec> defaults() {
                    return Map.of(Decoder.class, ComponentSpec.of("zero"));
                }
            }
            """;

    /** A plugin whose reader claims the suffix OKL's CSV reader has. */
    private static final String DUPLICATE_SUFFIX = """
            package com.acme.dup;

            import java.util.Collection;
            import java.util.List;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.data.DataFormatException;
            import org.okl.api.data.Table;
            import org.okl.api.data.TableReader;
            import org.okl.api.plugin.OklPlugin;

            public final class DupPlugin implements OklPlugin {
                @Override
                public String name() {
                    return "dup";
                }

                @Override
                public Collection<ComponentFactory<TableReader>> readers() {
                    return List.of(SimpleComponentFactory.of("dup-csv", TableReader.class, "another CSV reader",
                            List.of(), (p, c) -> new TableReader() {
                                @Override
                                public List<String> suffixes() {
                                    return List.of(".csv");
                                }

                                @Override
                                public Table read(java.nio.file.Path file) {
                                    throw new DataFormatException(file.toString(), "never read");
                                }
                            }));
                }
            }
            """;

    @TempDir
    static Path dir;
    static Path csv;

    @BeforeAll
    static void build() throws IOException {
        csv = ThirdPartyPluginIT.regressionCsv(dir);
        plugin("acme", "com.acme.promises.AcmePlugin", ACME);
        plugin("impostor", "org.okl.impostor.ImpostorPlugin", IMPOSTOR);
        plugin("look-alike", "org.okl.kernels.LookAlikePlugin", DEFAULTS);
        plugin("dup", "com.acme.dup.DupPlugin", DUPLICATE_SUFFIX);
    }

    /** Compiles one plugin against the api alone into {@code dir/NAME/NAME.jar} (a plugins folder of its own). */
    private static Path plugin(String name, String className, String source) throws IOException {
        Path src = dir.resolve("src-" + name);
        PluginJars.source(src, className, source);
        Path classes = PluginJars.compileAgainstApi(dir.resolve("classes-" + name), List.of(src));
        Path services = dir.resolve("services-" + name + "/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("org.okl.api.plugin.OklPlugin"), className + "\n");
        Path folder = Files.createDirectories(dir.resolve(name));
        return PluginJars.jar(folder.resolve(name + ".jar"), List.of(classes, dir.resolve("services-" + name)),
                entry -> true);
    }

    private static OklProcess.Result okl(Map<String, String> env, String... args) throws Exception {
        return OklProcess.run(dir, env, args);
    }

    private static Path pipeline(String name, String json) throws IOException {
        return Files.writeString(dir.resolve(name), json);
    }

    @Test
    void aFolderPluginInOklsPackageIsNotTrustedAsOklsOwn() throws Exception {
        OklProcess.Result impostor = okl(Map.of(), "plugins", "--plugins", dir.resolve("impostor").toString());
        assertThat(impostor.exitCode()).as(impostor.stderr()).isZero();
        assertThat(impostor.stderr()).contains("[OKL-E003] plugin " + dir.resolve("impostor").resolve(
                "impostor.jar")).contains("plugin name 'okl-impostor' starts with 'okl-', which is reserved");
        OklProcess.Result lookAlike = okl(Map.of(), "plugins", "--plugins", dir.resolve("look-alike").toString());
        assertThat(lookAlike.stderr()).contains("[OKL-E003]").contains("declares a default Decoder 'zero'")
                .contains("only OKL's own plugins declare defaults");
        Path p = pipeline("plain.json", "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": 1e-2}}");
        OklProcess.Result fit = okl(Map.of("OKL_PLUGINS", dir.resolve("look-alike").toString()), "fit",
                "--pipeline", p.toString(), "--data", csv.toString(), "--outputs", "y1,y2", "--model",
                dir.resolve("plain.okl").toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(modelJson(dir.resolve("plain.okl")).path("pipeline").path("decoder").path("name").asText())
                .as("the default decoder is OKL's, not the look-alike's").isEqualTo("identity");
    }

    @Test
    void everyCallIntoAFolderPluginRunsWithItsContextClassLoader() throws Exception {
        Map<String, String> env = Map.of("OKL_PLUGINS", dir.resolve("acme").toString());
        Path p = pipeline("acme.json", "{\"kernel\": {\"name\": \"acme-gaussian\", \"sigma\": 1.5}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-2]}}");
        OklProcess.Result evaluate = okl(env, "evaluate", "--pipeline", p.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "3", "--metrics", "mse");
        assertThat(evaluate.exitCode()).as("evaluate: " + evaluate.stderr()).isZero();
        Path model = dir.resolve("acme.okl");
        OklProcess.Result fit = okl(env, "fit", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as("fit: " + fit.stderr()).isZero();
        OklProcess.Result predict = okl(env, "predict", "--model", model.toString(), "--data", csv.toString(),
                "--out", dir.resolve("acme-predictions.csv").toString());
        assertThat(predict.exitCode()).as("predict: " + predict.stderr()).isZero();
    }

    @Test
    void automaticChoicesSkipComponentsThatNeedParameters() throws Exception {
        Map<String, String> env = Map.of("OKL_PLUGINS", dir.resolve("acme").toString());
        Path p = pipeline("plain-acme.json", "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": 1e-2}}");
        OklProcess.Result fit = okl(env, "fit", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--model", dir.resolve("needy.okl").toString());
        assertThat(fit.exitCode()).as("a solver and a reader needing a parameter break nothing: " + fit.stderr())
                .isZero();
        assertThat(modelJson(dir.resolve("needy.okl")).path("provenance").path("solver").asText())
                .isEqualTo("separable-eigen");
    }

    @Test
    void aPluginAddsAStreamingSolverChosenByPreference() throws Exception {
        Map<String, String> env = Map.of("OKL_PLUGINS", dir.resolve("acme").toString());
        Path p = pipeline("sketch.json", "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5}, \"approximation\": "
                + "{\"name\": \"nystrom\", \"rank\": 8}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, "
                + "1e-2]}}");
        Path model = dir.resolve("stream.okl");
        OklProcess.Result fit = okl(env, "fit", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("streamed from");
        assertThat(modelJson(model).path("provenance").path("solver").asText()).isEqualTo("acme-stream");
        Path predictions = dir.resolve("stream-predictions.csv");
        OklProcess.Result predict = okl(env, "predict", "--model", model.toString(), "--data", csv.toString(),
                "--out", predictions.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        assertThat(Files.readAllLines(predictions).subList(1, 61)).as("the plugin's zero weights")
                .allMatch(l -> l.equals("0.0,0.0"));
        OklProcess.Result named = okl(Map.of(), "fit", "--pipeline", p.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--model", dir.resolve("stream-builtin.okl").toString());
        assertThat(named.exitCode()).as(named.stderr()).isZero();
        assertThat(modelJson(dir.resolve("stream-builtin.okl")).path("provenance").path("solver").asText())
                .as("without the plugin: OKL's eigen route").isEqualTo("low-rank-eigen");
    }

    @Test
    void twoReadersClaimingOneSuffixAreADuplicateNamingBothJars() throws Exception {
        OklProcess.Result r = okl(Map.of(), "plugins", "--plugins", dir.resolve("dup").toString());
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(2);
        assertThat(r.stderr().strip().lines()).singleElement().asString()
                .startsWith("okl: error: [OKL-E002] duplicate reader for file suffix '.csv': reader 'csv' of "
                        + "okl-datasets (")
                .contains("reader 'dup-csv' of dup (" + dir.resolve("dup").resolve("dup.jar") + ")")
                .contains("remove one of the JARs");
    }

    /** A program's {@code Model.load(path)} loads a model that needs a plugin of {@code OKL_PLUGINS}. */
    @Test
    void modelLoadInAProgramFindsThePluginsOfOklPlugins() throws Exception {
        Map<String, String> env = Map.of("OKL_PLUGINS", dir.resolve("acme").toString());
        Path p = pipeline("acme-load.json", "{\"kernel\": {\"name\": \"acme-gaussian\", \"sigma\": 1.5}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-2}}");
        Path model = dir.resolve("acme-load.okl");
        OklProcess.Result fit = okl(env, "fit", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        OklProcess.Result loaded = program(env, LoadModelProgram.class.getName(), model.toString(), "3");
        assertThat(loaded.exitCode()).as(loaded.stderr()).isZero();
        assertThat(loaded.stdout()).startsWith("prediction ");
        OklProcess.Result without = program(Map.of(), LoadModelProgram.class.getName(), model.toString(), "3");
        assertThat(without.exitCode()).as("without OKL_PLUGINS the kernel is unknown").isNotZero();
        assertThat(without.stderr()).contains("unknown kernel 'acme-gaussian'");
    }

    private static OklProcess.Result program(Map<String, String> env, String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", OklProcess.artifact("okl.test.classes")
                + File.pathSeparator + Files.readString(OklProcess.artifact("okl.library.classpath")).strip()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("OKL_PLUGINS");
        pb.environment().putAll(env);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new OklProcess.Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static JsonNode modelJson(Path model) throws IOException {
        try (ZipFile zip = new ZipFile(model.toFile()); InputStream in = zip.getInputStream(zip.getEntry(
                "model.json"))) {
            return JSON.readTree(in);
        }
    }
}
