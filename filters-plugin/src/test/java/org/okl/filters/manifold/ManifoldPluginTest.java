package org.okl.filters.manifold;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.Parameters;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;
import org.okl.core.plugin.ValidatedParameters;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** The plugin registration and the {@code manifold} factory with its documented parameters and defaults. */
class ManifoldPluginTest {

    @Test
    void pluginIsFoundByTheServiceLoaderAndOffersTheManifoldRegularizer() {
        List<OklPlugin> plugins = ServiceLoader.load(OklPlugin.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof ManifoldPlugin).toList();
        assertThat(plugins).hasSize(1);
        assertThat(plugins.get(0).name()).isEqualTo("okl-manifold");
        assertThat(plugins.get(0).regularizers()).extracting(ComponentFactory::id).containsExactly("manifold");
    }

    @Test
    void factoryDeclaresTheConventionParametersAndDefaults() {
        Map<String, ParameterSpec> specs = ManifoldRegularizer.factory().parameters().stream()
                .collect(Collectors.toMap(ParameterSpec::name, s -> s));
        assertThat(specs.keySet()).containsExactlyInAnyOrder("gammaI", "neighbours", "weights", "normalised", "power");
        assertThat(specs.get("gammaI").required()).isTrue();
        assertThat(specs.get("neighbours").defaultValue()).isEqualTo(5);
        assertThat(specs.get("weights").defaultValue()).isEqualTo("binary");
        assertThat(specs.get("weights").choices()).containsExactly("binary", "gaussian");
        assertThat(specs.get("normalised").defaultValue()).isEqualTo(true);
        assertThat(specs.get("power").defaultValue()).isEqualTo(1);
    }

    @Test
    void createdRegularizerBuildsTheConfiguredLaplacian() {
        TestContext context = TestContext.active();
        Parameters parameters = ValidatedParameters.bind(ManifoldRegularizer.factory(), ComponentSpec.of("manifold",
                "gammaI", 0.25, "neighbours", 3, "weights", "gaussian", "normalised", false, "power", 2));
        Regularizer regularizer = ManifoldRegularizer.factory().create(parameters, context);
        InputGraphPenalty penalty = regularizer.inputPenalty().orElseThrow();
        assertThat(penalty.weight()).isEqualTo(0.25);
        assertThat(regularizer.outputCoupling()).isEmpty();
        Matrix x = TestMatrices.random(12, 2, 41);
        Matrix expected = GraphLaplacian.of(KnnGraph.adjacency(x, 3, EdgeWeights.GAUSSIAN, context.linearAlgebra()),
                false, 2, context.linearAlgebra());
        TestMatrices.assertClose(expected, penalty.laplacian(x, context), 0);
    }
}
