package org.okl.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.plugin.OklPlugin;

/** The plugin is found by the service loader and offers every component id of the conventions. */
class KernelsPluginTest {

    @Test
    void serviceLoaderFindsThePluginWithEveryId() {
        OklPlugin plugin = ServiceLoader.load(OklPlugin.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("okl-kernels")).findFirst().orElseThrow();
        assertThat(plugin.kernels()).extracting(ComponentFactory::id).containsExactlyInAnyOrder("linear", "polynomial",
                "gaussian", "laplacian", "tanimoto", "gaussian-tanimoto", "sequence-one-hot", "normalized", "sum",
                "product", "scaled", "ard-gaussian", "ard-laplacian");
        assertThat(plugin.operatorKernels()).extracting(ComponentFactory::id).containsExactlyInAnyOrder("separable",
                "covariance", "conditional-covariance", "divergence-free", "curl-free", "div-curl", "operator-sum");
        assertThat(plugin.outputMatrices()).extracting(ComponentFactory::id).containsExactlyInAnyOrder("identity",
                "common-similarity", "output-laplacian", "graph", "clustering", "covariance", "file", "low-rank");
        for (ComponentFactory<?> f : plugin.kernels()) {
            assertThat(f.description()).isNotBlank();
        }
    }
}
