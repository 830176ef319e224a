package org.okl.decoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.core.plugin.ValidatedParameters;
import org.okl.decoders.decoder.ArgmaxDecoder;
import org.okl.decoders.decoder.CandidatesDecoder;
import org.okl.decoders.decoder.IdentityDecoder;
import org.okl.decoders.decoder.PerPositionDecoder;
import org.okl.decoders.decoder.ThresholdDecoder;
import org.okl.decoders.decoder.TopKDecoder;
import org.okl.decoders.output.ClassEmbedding;
import org.okl.decoders.output.KernelEmbedding;
import org.okl.decoders.output.KpcaEmbedding;
import org.okl.decoders.output.LabelEmbedding;
import org.okl.decoders.output.OelEmbedding;
import org.okl.decoders.output.SequenceEmbedding;
import org.okl.decoders.output.VectorEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.presets.PresetsPlugin;

class DecodersPluginTest {
    private final DecodersPlugin plugin = new DecodersPlugin();
    private final KernelTestContext context = new KernelTestContext();

    private static <T> T create(ComponentFactory<T> factory, Map<String, Object> given, KernelTestContext context) {
        return factory.create(ValidatedParameters.bind(factory, new ComponentSpec(factory.id(), given)), context);
    }

    private static <T> ComponentFactory<T> factory(List<ComponentFactory<T>> factories, String id) {
        return factories.stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void isFoundByTheServiceLoader() {
        assertThat(ServiceLoader.load(OklPlugin.class).stream().map(p -> (Object) p.type()))
                .contains(DecodersPlugin.class);
        assertThat(plugin.name()).isEqualTo("okl-decoders");
    }

    @Test
    void offersTheConventionalIds() {
        assertThat(plugin.outputEmbeddings().stream().map(ComponentFactory::id))
                .containsExactly("vector", "labels", "one-hot", "simplex", "sequence", "kernel", "kpca", "oel");
        assertThat(plugin.decoders().stream().map(ComponentFactory::id))
                .containsExactly("identity", "threshold", "top-k", "argmax", "candidates", "per-position");
        assertThat(plugin.outputEmbeddings()).allSatisfy(f -> assertThat(f.kind()).isEqualTo(OutputEmbedding.class));
        assertThat(plugin.decoders()).allSatisfy(f -> assertThat(f.kind()).isEqualTo(Decoder.class));
    }

    /** The class each id creates: a factory wired to the wrong class is caught here. */
    private static final Map<String, Class<?>> CLASSES = Map.ofEntries(
            Map.entry("vector", VectorEmbedding.class), Map.entry("labels", LabelEmbedding.class),
            Map.entry("one-hot", ClassEmbedding.class), Map.entry("simplex", ClassEmbedding.class),
            Map.entry("sequence", SequenceEmbedding.class), Map.entry("kernel", KernelEmbedding.class),
            Map.entry("kpca", KpcaEmbedding.class), Map.entry("oel", OelEmbedding.class),
            Map.entry("identity", IdentityDecoder.class), Map.entry("threshold", ThresholdDecoder.class),
            Map.entry("top-k", TopKDecoder.class), Map.entry("argmax", ArgmaxDecoder.class),
            Map.entry("candidates", CandidatesDecoder.class), Map.entry("per-position", PerPositionDecoder.class));

    @Test
    void everyFactoryCreatesItsOwnClassFromDefaults() {
        Map<String, Object> kernel = Map.of("kernel", Map.of("name", "gaussian", "sigma", 1.0));
        for (ComponentFactory<OutputEmbedding> f : plugin.outputEmbeddings()) {
            boolean needsKernel = f.parameters().stream().anyMatch(p -> p.name().equals("kernel"));
            assertThat(create(f, needsKernel ? kernel : Map.of(), context)).as(f.id()).isExactlyInstanceOf(
                    CLASSES.get(f.id()));
        }
        for (ComponentFactory<Decoder> f : plugin.decoders()) {
            assertThat(create(f, Map.of(), context)).as(f.id()).isExactlyInstanceOf(CLASSES.get(f.id()));
        }
    }

    @Test
    void embeddingsFromDefaultsCodeOutputsAsDocumented() {
        List<ComponentFactory<OutputEmbedding>> embeddings = List.copyOf(plugin.outputEmbeddings());
        Matrix y = Matrix.fromRows(new double[][] {{0.5, -2}, {3, 4}});
        assertThat(fitted(embeddings, "vector", Map.of(), y).targets().orElseThrow().data())
                .containsExactly(y.data());
        Matrix labels = Matrix.fromRows(new double[][] {{1, 0}, {0, 1}, {1, 1}});
        assertThat(fitted(embeddings, "labels", Map.of(), labels).targets().orElseThrow().toRows())
                .isDeepEqualTo(labels.toRows());
        assertThat(fitted(embeddings, "labels", Map.of("coding", "plus-minus"), labels).targets().orElseThrow()
                .toRows()).isDeepEqualTo(new double[][] {{1, -1}, {-1, 1}, {1, 1}});
        // classes are the sorted distinct values 2, 5, 7: class j is coded a at j and b elsewhere
        Matrix classes = Matrix.column(new double[] {5, 7, 2, 5});
        assertThat(fitted(embeddings, "one-hot", Map.of(), classes).targets().orElseThrow().toRows())
                .isDeepEqualTo(new double[][] {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}});
        assertThat(fitted(embeddings, "simplex", Map.of(), classes).targets().orElseThrow().toRows())
                .isDeepEqualTo(new double[][] {{-0.5, 1, -0.5}, {-0.5, -0.5, 1}, {1, -0.5, -0.5},
                    {-0.5, 1, -0.5}});
        // the kernel embedding has no explicit targets; its output Gram is the Gaussian Gram of the outputs
        FittedOutputEmbedding implicit = fitted(embeddings, "kernel",
                Map.of("kernel", Map.of("name", "gaussian", "sigma", 2.0)), y);
        assertThat(implicit.targets()).isEmpty();
        double d2 = 2.5 * 2.5 + 6 * 6;
        assertThat(implicit.outputGram().get(0, 1)).isCloseTo(Math.exp(-d2 / 8), within(1e-15));
        assertThat(implicit.outputGram().get(1, 1)).isEqualTo(1.0);
    }

    private FittedOutputEmbedding fitted(List<ComponentFactory<OutputEmbedding>> factories, String id,
            Map<String, Object> given, Matrix outputs) {
        return create(factory(factories, id), given, context).fit(new OutputData(outputs, Optional.empty()),
                context);
    }

    @Test
    void oelParametersAreChecked() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("kernel", Map.of("name", "gaussian", "sigma", 1.0));
        given.put("svd", "exact");
        assertThat(create(factory(List.copyOf(plugin.outputEmbeddings()), "oel"), given, context))
                .isInstanceOf(OelEmbedding.class);
        given.put("c", 1.5);
        assertThatThrownBy(() -> create(factory(List.copyOf(plugin.outputEmbeddings()), "oel"), given, context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("oel: parameter 'c'");
    }

    @Test
    @SuppressWarnings("unchecked")
    void thePapersPresetsUseThisPluginsComponents() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertThat(plugin.pipelines()).as("the presets are okl-presets'").isEmpty();
        for (PipelineTemplate t : new PresetsPlugin().pipelines()) {
            if (t.id().startsWith("auto-")) {
                continue;
            }
            Map<String, Object> file = json.readValue(t.json(), Map.class);
            Map<String, Object> output = (Map<String, Object>) file.get("output");
            Map<String, Object> decoder = (Map<String, Object>) file.get("decoder");
            assertThat(createFrom(List.copyOf(plugin.outputEmbeddings()), output)).as(t.id())
                    .isExactlyInstanceOf(CLASSES.get((String) output.get("name")));
            assertThat(createFrom(List.copyOf(plugin.decoders()), decoder)).as(t.id())
                    .isExactlyInstanceOf(CLASSES.get((String) decoder.get("name")));
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T createFrom(List<ComponentFactory<T>> factories, Object entry) {
        Map<String, Object> spec = new LinkedHashMap<>((Map<String, Object>) entry);
        String name = (String) spec.remove("name");
        return create(factory(factories, name), spec, context);
    }

    @Test
    void descriptionsAndParametersAreDocumented() {
        Iterator<ComponentFactory<?>> all = java.util.stream.Stream.concat(plugin.outputEmbeddings().stream(),
                plugin.decoders().stream()).<ComponentFactory<?>>map(f -> f).iterator();
        while (all.hasNext()) {
            ComponentFactory<?> f = all.next();
            assertThat(f.description()).as(f.id()).isNotBlank();
            assertThat(f.parameters().stream().map(p -> p.description()).collect(Collectors.toList()))
                    .as(f.id()).allSatisfy(d -> assertThat(d).isNotBlank());
        }
    }
}
