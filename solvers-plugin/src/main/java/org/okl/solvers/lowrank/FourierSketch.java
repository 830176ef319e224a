package org.okl.solvers.lowrank;

import java.util.Map;
import java.util.Random;
import org.okl.api.component.ComponentContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.api.text.ComponentNames;

/**
 * The {@code fourier} sketch: r random Fourier features of a shift-invariant kernel ({@link FourierFeatures}), drawn
 * from {@code Random(seed)} without reading the rows.
 */
public final class FourierSketch implements KernelSketch {
    /** The sketch id. */
    public static final String ID = "fourier";

    private final int count;

    /** @param count the number of features r (at least 1) */
    public FourierSketch(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("fourier needs features >= 1, got " + count);
        }
        this.count = count;
    }

    @Override
    public int features(long rows) {
        return count;
    }

    @Override
    public SketchFeatures draw(VectorKernel kernel, SketchRows rows, ComponentContext context) {
        if (!(kernel instanceof ShiftInvariantKernel shiftInvariant)) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "approximation 'fourier' (random Fourier features)"
                    + " needs a shift-invariant input kernel (gaussian, laplacian, ...), got a "
                    + ComponentNames.of(kernel) + "; use approximation 'nystrom' for other kernels");
        }
        return FourierFeatures.sample(shiftInvariant, rows.dimension(), count, new Random(context.seed()),
                context.linearAlgebra());
    }

    @Override
    public SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, ComponentContext context) {
        return FourierFeatures.restore(arrays, context.linearAlgebra());
    }
}
