package org.okl.core.plugin;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;

/** Small plugins for registry tests. */
final class FakePlugins {
    private FakePlugins() {
    }

    /** A kernel k(x, y) = scale · x·y computed naively; enough to exercise the registry. */
    static ComponentFactory<VectorKernel> dotKernel(String id) {
        return SimpleComponentFactory.of(id, VectorKernel.class, "scaled dot product",
                List.of(ParameterSpec.positive("scale", 1.0, "the scale")), (p, c) -> {
                    double scale = p.getDouble("scale");
                    return (VectorKernel) (a, b) -> {
                        Matrix g = Matrix.zeros(a.rows(), b.rows());
                        for (int i = 0; i < a.rows(); i++) {
                            for (int j = 0; j < b.rows(); j++) {
                                double s = 0;
                                for (int k = 0; k < a.cols(); k++) {
                                    s += a.get(i, k) * b.get(j, k);
                                }
                                g.set(i, j, scale * s);
                            }
                        }
                        return g;
                    };
                });
    }

    /** A plugin offering the given kernels and templates. */
    static OklPlugin plugin(String name, List<ComponentFactory<VectorKernel>> kernels,
            List<PipelineTemplate> templates) {
        return new OklPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Collection<ComponentFactory<VectorKernel>> kernels() {
                return kernels;
            }

            @Override
            public Collection<PipelineTemplate> pipelines() {
                return templates;
            }
        };
    }

    /** A plugin whose kernel getter throws. */
    static OklPlugin throwing(String name) {
        return new OklPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Collection<ComponentFactory<VectorKernel>> kernels() {
                throw new IllegalStateException("cannot read my configuration");
            }
        };
    }

    /** A plugin that declares the given default kernel among its kernels (loaded as OKL's own where it must be). */
    static OklPlugin declaringDefault(String name, String kernel) {
        return new OklPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Collection<ComponentFactory<VectorKernel>> kernels() {
                return List.of(dotKernel(kernel));
            }

            @Override
            public Map<Class<?>, ComponentSpec> defaults() {
                return Map.of(VectorKernel.class, ComponentSpec.of(kernel));
            }
        };
    }
}
