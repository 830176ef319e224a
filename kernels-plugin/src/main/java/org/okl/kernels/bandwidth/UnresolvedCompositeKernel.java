package org.okl.kernels.bandwidth;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;

/**
 * A combination kernel ({@code normalized}, {@code scaled}, {@code sum}, {@code product}) with at least one
 * data-dependent part, for example {@code scaled(kernel=gaussian(bandwidth=median))}. Resolving it resolves every
 * data-dependent part and returns the combination's spec with the resolved parts in place.
 */
public final class UnresolvedCompositeKernel implements DataDependentKernel {
    private final ComponentSpec spec;
    private final String parameter;
    private final boolean list;
    private final List<ComponentSpec> partSpecs;
    private final List<VectorKernel> parts;

    /**
     * @param spec      the combination's own spec (defaults filled in)
     * @param parameter the parameter holding the parts ({@code kernel} or {@code kernels})
     * @param list      whether that parameter is a list
     * @param partSpecs the parts' specs, in order
     * @param parts     the parts created from them, in the same order
     */
    public UnresolvedCompositeKernel(ComponentSpec spec, String parameter, boolean list, List<ComponentSpec> partSpecs,
            List<VectorKernel> parts) {
        this.spec = spec;
        this.parameter = parameter;
        this.list = list;
        this.partSpecs = List.copyOf(partSpecs);
        this.parts = List.copyOf(parts);
    }

    @Override
    public ComponentSpec resolve(Matrix trainingInputs, ComponentContext context) {
        List<ComponentSpec> resolved = new ArrayList<>();
        for (int r = 0; r < parts.size(); r++) {
            VectorKernel part = parts.get(r);
            resolved.add(part instanceof DataDependentKernel dd ? dd.resolve(trainingInputs, context)
                    : partSpecs.get(r));
        }
        return spec.with(parameter, list ? resolved : resolved.get(0));
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        throw unresolved();
    }

    @Override
    public double value(double[] a, double[] b) {
        throw unresolved();
    }

    private IllegalStateException unresolved() {
        return new IllegalStateException(spec.name() + ": a part of this kernel takes its parameters from the "
                + "training inputs; call resolve(trainingInputs, context) and use the kernel created from the "
                + "resolved spec");
    }
}
