package org.okl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.OklException;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Evaluation;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.RegisteredComponent;

/**
 * Runs whole pipelines in process with the plugins under test, as JUnit's {@code EngineTestKit} runs a test engine:
 * a plugin's tests fit, predict, score, cross-validate and round-trip models through a real OKL runtime, and get the
 * errors users would see (a failure in the plugin's code is an {@link OklException} naming the plugin).
 *
 * <pre>{@code
 * PipelineTestKit kit = PipelineTestKit.with(new SamplePlugin());
 * PipelineTestKit.Fit fit = kit.pipeline("""
 *         {"kernel": {"name": "gaussian", "sigma": 0.3},
 *          "operator": {"name": "output-correlation"},
 *          "filter": {"name": "tikhonov", "lambda": 1e-6}}""").fit(x, y);
 * assertThat(fit.predict(x).maxAbsDifference(y)).isLessThan(1e-2);
 * assertThat(fit.reloaded().predict(xTest).maxAbsDifference(fit.predict(xTest))).isZero();
 * }</pre>
 *
 * <p>{@link #with} adds plugin instances to the plugins on the test class path (OKL's own, when the test depends on
 * them); {@link #withPluginFolder} loads plugin JARs as {@code okl --plugins DIR} does, each in its own class loader.
 */
public final class PipelineTestKit {
    private final Okl okl;

    private PipelineTestKit(Okl okl) {
        this.okl = okl;
    }

    /** A kit with the plugins on the class path and the given plugin instances, seed {@value TestContext#SEED}. */
    public static PipelineTestKit with(OklPlugin... plugins) {
        Okl.Builder builder = Okl.builder().seed(TestContext.SEED).dataDirectory(null);
        for (OklPlugin p : plugins) {
            builder.plugin(p);
        }
        return new PipelineTestKit(requireLoaded(builder.build()));
    }

    /** A kit with the plugins on the class path and the plugin JARs of a folder, loaded as users load them. */
    public static PipelineTestKit withPluginFolder(Path folder) {
        return new PipelineTestKit(requireLoaded(Okl.builder().seed(TestContext.SEED).dataDirectory(null)
                .pluginFolder(folder).build()));
    }

    /** A kit on a given runtime, for example one with another back-end ({@link Okl.Builder#linearAlgebra}). */
    public static PipelineTestKit on(Okl runtime) {
        return new PipelineTestKit(runtime);
    }

    /** A plugin that failed to load fails the test at once, naming its JAR and the cause. */
    private static Okl requireLoaded(Okl okl) {
        if (!okl.registry().failures().isEmpty()) {
            throw new AssertionError("plugins failed to load: " + okl.registry().failures());
        }
        return okl;
    }

    /** The runtime the kit runs pipelines with. */
    public Okl okl() {
        return okl;
    }

    /** The back-end the kit's runtime uses. */
    public LinearAlgebra linearAlgebra() {
        return okl.context().linearAlgebra();
    }

    /**
     * Where a component comes from: its factory, plugin and JAR.
     *
     * @throws AssertionError when no loaded plugin offers it, listing the ids that are offered
     */
    public RegisteredComponent component(Class<?> kind, String id) {
        Map<String, RegisteredComponent> offered = okl.registry().components(ComponentKind.of(kind));
        RegisteredComponent c = offered.get(id);
        if (c == null) {
            throw new AssertionError("no " + ComponentKind.of(kind).label() + " '" + id + "'; offered: "
                    + offered.keySet());
        }
        return c;
    }

    /** A pipeline written as a pipeline file (presets and defaults resolved as {@code okl} resolves them). */
    public PipelineRun pipeline(String json) {
        return new PipelineRun(PipelineFiles.parse(json, "pipeline under test", okl.registry()));
    }

    /** A pipeline composed in code. */
    public PipelineRun pipeline(PipelineSpec spec) {
        return new PipelineRun(spec);
    }

    /** A pipeline ready to run on data. */
    public final class PipelineRun {
        private final Pipeline pipeline;

        private PipelineRun(PipelineSpec spec) {
            this.pipeline = okl.pipeline(spec);
        }

        /** The pipeline with its defaults filled in. */
        public PipelineSpec spec() {
            return pipeline.spec();
        }

        /** Fits the pipeline (with its model selection, if any) on inputs (n x p) and outputs (n x q). */
        public Fit fit(Matrix inputs, Matrix outputs) {
            return new Fit(pipeline.fit(TrainingData.of(inputs, outputs)));
        }

        /**
         * Cross-validates the pipeline by k folds (seeded with {@value TestContext#SEED}) and returns the mean of every
         * metric, by name, in the order given.
         */
        public Map<String, Double> crossValidate(Matrix inputs, Matrix outputs, int folds, String... metrics) {
            Map<String, ComponentSpec> specs = new LinkedHashMap<>();
            for (String m : metrics) {
                specs.put(m, ComponentSpec.of(m));
            }
            return Evaluation.crossValidate(pipeline, TrainingData.of(inputs, outputs), folds, TestContext.SEED, specs,
                    okl).metrics();
        }
    }

    /** A fitted pipeline under test. */
    public final class Fit {
        private final Model model;

        private Fit(Model model) {
            this.model = model;
        }

        /** The fitted model. */
        public Model model() {
            return model;
        }

        /** The decoded outputs for new inputs. */
        public Matrix predict(Matrix inputs) {
            return decode(inputs).outputs();
        }

        /** The decoded predictions, with scores and rankings when the decoder gives them. */
        public Decoded decode(Matrix inputs) {
            return model.predict(inputs);
        }

        /** A metric (by id, with its default parameters) of the predictions for inputs against the true outputs. */
        public double score(String metric, Matrix inputs, Matrix truth) {
            return okl.create(Metric.class, ComponentSpec.of(metric)).evaluate(truth, decode(inputs));
        }

        /** The model written to a model file and read back, as {@code okl fit} and {@code okl predict} do. */
        public Fit reloaded() {
            try {
                Path dir = Files.createTempDirectory("okl-testkit");
                Path file = dir.resolve("model.okl");
                try {
                    model.save(file);
                    return new Fit(Model.load(file, okl));
                } finally {
                    Files.deleteIfExists(file);
                    Files.deleteIfExists(dir);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
