package org.okl.kernels;

import java.util.Collection;
import java.util.Map;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.kernels.matrix.OutputMatrixFactories;
import org.okl.kernels.operator.OperatorKernelFactories;
import org.okl.kernels.scalar.ScalarKernelFactories;

/**
 * The built-in kernels: every scalar kernel, output matrix and operator-valued kernel of the seed papers.
 */
public final class KernelsPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-kernels";
    }

    @Override
    public String version() {
        String v = KernelsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ComponentFactory<VectorKernel>> kernels() {
        return ScalarKernelFactories.all();
    }

    @Override
    public Collection<ComponentFactory<OperatorKernel>> operatorKernels() {
        return OperatorKernelFactories.all();
    }

    @Override
    public Collection<ComponentFactory<OutputMatrix>> outputMatrices() {
        return OutputMatrixFactories.all();
    }

    /** The operator of a pipeline that names none: {@code separable} (with its default matrix, the identity). */
    @Override
    public Map<Class<?>, ComponentSpec> defaults() {
        return Map.of(OperatorKernel.class, ComponentSpec.of("separable"));
    }
}
