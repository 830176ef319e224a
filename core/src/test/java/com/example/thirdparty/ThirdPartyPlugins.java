package com.example.thirdparty;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.plugin.OklPlugin;

/**
 * Plugins whose classes are outside OKL's packages, as a third party's are: the registry treats them as third-party
 * plugins (reserved prefix, defaults, failures named at run time).
 */
public final class ThirdPartyPlugins {
    private ThirdPartyPlugins() {
    }

    /** A plugin with the given name offering kernels with the given ids whose Gram matrix throws. */
    public static OklPlugin failingKernels(String name, String... ids) {
        return new OklPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String version() {
                return "2.5";
            }

            @Override
            public Collection<ComponentFactory<VectorKernel>> kernels() {
                return List.of(ids).stream().map(ThirdPartyPlugins::failingKernel).toList();
            }
        };
    }

    /** A plugin that declares a default kernel among its own. */
    public static OklPlugin declaringDefault(String name, String kernel) {
        return new OklPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Collection<ComponentFactory<VectorKernel>> kernels() {
                return List.of(failingKernel(kernel));
            }

            @Override
            public Map<Class<?>, ComponentSpec> defaults() {
                return Map.of(VectorKernel.class, ComponentSpec.of(kernel));
            }
        };
    }

    private static ComponentFactory<VectorKernel> failingKernel(String id) {
        return SimpleComponentFactory.of(id, VectorKernel.class, "a kernel whose Gram matrix fails", List.of(),
                (p, c) -> new FailingKernel());
    }

    /** A kernel whose Gram matrix throws, as a plugin with a bug would. */
    static final class FailingKernel implements VectorKernel {
        @Override
        public org.okl.api.linalg.Matrix gram(org.okl.api.linalg.Matrix a, org.okl.api.linalg.Matrix b) {
            throw new IllegalStateException("index 3 out of bounds for my cache");
        }
    }
}
