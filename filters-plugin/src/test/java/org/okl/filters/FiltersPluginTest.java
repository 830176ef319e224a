package org.okl.filters;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.Parameters;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.regularizer.Regularizer;
import org.okl.testkit.TestContext;

class FiltersPluginTest {
    private final FiltersPlugin plugin = new FiltersPlugin();

    @Test
    void isFoundByTheServiceLoader() {
        assertThat(ServiceLoader.load(OklPlugin.class).stream().map(p -> p.get().name())).contains("okl-filters");
    }

    @Test
    void offersTheConventionsFiltersAndRegularizers() {
        assertThat(plugin.filters()).extracting(ComponentFactory::id)
                .containsExactly("tikhonov", "tsvd", "iterated-tikhonov", "landweber", "nu-method");
        assertThat(plugin.regularizers()).extracting(ComponentFactory::id)
                .containsExactly("output-graph", "output-clusters");
    }

    @Test
    void defaultsGiveTheDocumentedPaths() {
        SpectralFilter tikhonov = create("tikhonov", Map.of());
        assertThat(tikhonov.pathParameter()).isEqualTo("lambda");
        assertThat(tikhonov.pathLength()).isEqualTo(1);
        assertThat(tikhonov.pathValue(0)).isEqualTo(1e-3);
        SpectralFilter path = create("tikhonov", Map.of("lambda", List.of(1e-4, 1e-3, 1e-2)));
        assertThat(path.pathLength()).isEqualTo(3);
        assertThat(path.pathValue(2)).isEqualTo(1e-2);
        SpectralFilter nu = create("nu-method", Map.of());
        assertThat(nu.pathParameter()).isEqualTo("iterations");
        assertThat(nu.pathLength()).isEqualTo(50);
        assertThat(nu.pathValue(49)).isEqualTo(50);
        assertThat(nu.iterative()).isPresent();
        SpectralFilter landweber = create("landweber", Map.of("iterations", 7));
        assertThat(landweber.pathLength()).isEqualTo(7);
        assertThat(landweber.apply(0, 0.0, 2.0)).isEqualTo(0.5);
        SpectralFilter iterated = create("iterated-tikhonov", Map.of("lambda", List.of(0.1)));
        assertThat(iterated.apply(0, 0.0, 1.0)).isEqualTo(5 / 0.1);
        assertThat(create("tsvd", Map.of()).iterative()).isEmpty();
    }

    @Test
    void outputRegularizersCreateTheNamedOutputMatrix() {
        RecordingContext context = new RecordingContext();
        Regularizer graph = regularizer("output-graph", Map.of("weights", List.of(0.0, 1.0, 1.0, 0.0)), context);
        assertThat(graph.outputCoupling()).isPresent();
        assertThat(graph.inputPenalty()).isEmpty();
        Regularizer clusters = regularizer("output-clusters",
                Map.of("clusters", List.of(0.0, 0.0, 1.0), "eps1", 2.0, "eps2", 0.5), context);
        assertThat(clusters.outputCoupling()).isPresent();
        assertThat(context.created).extracting(ComponentSpec::name).containsExactly("graph", "clustering");
        assertThat(context.created.get(0).parameters()).containsEntry("weights", List.of(0.0, 1.0, 1.0, 0.0));
        assertThat(context.created.get(1).parameters()).containsEntry("eps1", 2.0)
                .containsEntry("clusters", List.of(0.0, 0.0, 1.0));
        assertThat(graph.outputCoupling().get().build(Matrix.zeros(3, 2), context).get(0, 0)).isEqualTo(7.0);
    }

    private SpectralFilter create(String id, Map<String, Object> values) {
        var factory = plugin.filters().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
        return factory.create(new SimpleParameters(factory.parameters(), values, id), TestContext.active());
    }

    private Regularizer regularizer(String id, Map<String, Object> values, ComponentContext context) {
        var factory = plugin.regularizers().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
        return factory.create(new SimpleParameters(factory.parameters(), values, id), context);
    }

    /** Parameters with declared defaults filled in (what core's validation hands a factory). */
    private record SimpleParameters(List<org.okl.api.component.ParameterSpec> specs, Map<String, Object> given,
            String id) implements Parameters {
        private Object value(String name) {
            if (given.containsKey(name)) {
                return given.get(name);
            }
            return specs.stream().filter(s -> s.name().equals(name)).findFirst().map(s -> s.defaultValue())
                    .orElse(null);
        }

        @Override
        public boolean has(String name) {
            return value(name) != null;
        }

        @Override
        public double getDouble(String name) {
            return ((Number) value(name)).doubleValue();
        }

        @Override
        public int getInt(String name) {
            return ((Number) value(name)).intValue();
        }

        @Override
        public boolean getBoolean(String name) {
            return (Boolean) value(name);
        }

        @Override
        public String getString(String name) {
            return (String) value(name);
        }

        @SuppressWarnings("unchecked")
        @Override
        public List<Double> getDoubles(String name) {
            return (List<Double>) value(name);
        }

        @Override
        public ComponentSpec getComponent(String name) {
            return (ComponentSpec) value(name);
        }

        @SuppressWarnings("unchecked")
        @Override
        public List<ComponentSpec> getComponents(String name) {
            return (List<ComponentSpec>) value(name);
        }

        @Override
        public ComponentSpec spec() {
            Map<String, Object> all = new java.util.LinkedHashMap<>();
            for (var s : specs) {
                if (value(s.name()) != null) {
                    all.put(s.name(), value(s.name()));
                }
            }
            return new ComponentSpec(id, all);
        }
    }

    /** A context that records the nested components asked for and returns a constant output matrix. */
    private static final class RecordingContext implements ComponentContext {
        private final List<ComponentSpec> created = new ArrayList<>();

        @Override
        public LinearAlgebra linearAlgebra() {
            return TestContext.active().linearAlgebra();
        }

        @Override
        public <T> T create(Class<T> kind, ComponentSpec spec) {
            assertThat(kind).isEqualTo(OutputMatrix.class);
            created.add(spec);
            OutputMatrix matrix = (targets, context) -> Matrix.identity(targets.cols()).times(7.0);
            return kind.cast(matrix);
        }

        @Override
        public long seed() {
            return 1;
        }

        @Override
        public Optional<Path> dataDirectory() {
            return Optional.empty();
        }
    }
}
