package org.okl.decoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoder;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.decoders.decoder.ThresholdDecoder;
import org.okl.decoders.output.KernelEmbedding;
import org.okl.decoders.output.OelEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.api.component.ComponentSpec;
import org.okl.core.component.ValidatedParameters;

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

    @Test
    void everyFactoryCreatesItsComponentFromDefaults() {
        Map<String, Object> kernel = Map.of("kernel", Map.of("name", "gaussian", "sigma", 1.0));
        for (ComponentFactory<OutputEmbedding> f : plugin.outputEmbeddings()) {
            boolean needsKernel = f.parameters().stream().anyMatch(p -> p.name().equals("kernel"));
            assertThat(create(f, needsKernel ? kernel : Map.of(), context)).isNotNull();
        }
        for (ComponentFactory<Decoder> f : plugin.decoders()) {
            assertThat(create(f, Map.of(), context)).isNotNull();
        }
        assertThat(create(factory(List.copyOf(plugin.outputEmbeddings()), "kernel"), kernel, context))
                .isInstanceOf(KernelEmbedding.class);
        assertThat(create(factory(List.copyOf(plugin.decoders()), "threshold"), Map.of("value", 0.2), context))
                .isInstanceOf(ThresholdDecoder.class);
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
    void pipelinesAreValidPipelineFilesUsingThisPluginsComponents() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Set<String> allowed = Set.of("kernel", "operator", "output", "filter", "regularizers", "decoder",
                "approximation", "selection");
        assertThat(plugin.pipelines().stream().map(PipelineTemplate::id)).containsExactlyInAnyOrder("kde-cortes",
                "kde-weston", "kde-covariance", "kde-conditional-covariance", "iokr", "oel0", "oel", "vv-rls", "vvmr");
        for (PipelineTemplate t : plugin.pipelines()) {
            assertThat(t.description()).isNotBlank();
            @SuppressWarnings("unchecked")
            Map<String, Object> file = json.readValue(t.json(), Map.class);
            assertThat(file.keySet()).as(t.id()).containsAll(
                    List.of("kernel", "operator", "output", "filter", "regularizers", "decoder"));
            assertThat(allowed).as(t.id()).containsAll(file.keySet());
            assertThat(createFrom(List.copyOf(plugin.outputEmbeddings()), file.get("output"))).as(t.id()).isNotNull();
            assertThat(createFrom(List.copyOf(plugin.decoders()), file.get("decoder"))).as(t.id()).isNotNull();
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
