package org.okl.linalg.device;

import java.util.Optional;
import org.okl.api.execution.Execution;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.streamed.EigenRoute;
import org.okl.linalg.streamed.FalkonRoute;
import org.okl.linalg.streamed.SketchRoute;

/**
 * A compute device (a GPU) and the operations the runtime hands it: the facet a device plugin's opened
 * {@link org.okl.api.execution.ExecutionBackEnd} offers ({@link Execution#facet}). Each operation returns empty when
 * the device declines (a structure it does not accelerate, too little device memory for the problem while
 * {@code okl.gpu=auto}); the runtime then runs its CPU route, which computes the same numbers. The results agree
 * with the CPU route's to round-off (FP64 throughout). Implementations are thread-safe.
 */
public interface ComputeDevice extends Accelerator, Execution {

    /** A one-line description: the card, its free and total memory, the library versions. */
    @Override
    String description();

    /** The device itself for {@link ComputeDevice}, {@link Accelerator} and {@link Execution}; else empty. */
    @Override
    default <T> Optional<T> facet(Class<T> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    /**
     * Per-fold sums of sketch features built on the device: kernel blocks and the {@code Phi^T Phi},
     * {@code Phi^T Y} products of every group, with {@link org.okl.linalg.streamed.BlockAccumulator}'s contract.
     *
     * @param features the drawn sketch
     * @param scheme   the groups
     * @param outputs  the number of target columns d
     * @param timings  where the time is counted
     */
    Optional<FoldSums> foldSums(SketchFeatures features, FoldScheme scheme, int outputs, StreamTimings timings);

    /**
     * The device's form of a streamed route: the eigen route (per-fold sums on the device, the m x m
     * decompositions of every fold on the device) or Falkon (every pass, the preconditioner and the conjugate
     * gradients on the device), with the CPU route's settings; empty for a route the device has no form of.
     *
     * @param route    the route the CPU would run ({@link EigenRoute} or {@link FalkonRoute} for OKL's own)
     * @param features the drawn sketch
     * @param outputs  the number of target columns d
     * @param scheme   the folds
     * @param filter   the filter with its path
     * @param rows     the number of rows (for the estimate of the work), or -1 when unknown
     */
    Optional<SketchRoute> sketchRoute(SketchRoute route, SketchFeatures features, int outputs, FoldScheme scheme,
            SpectralFilter filter, long rows);

    /**
     * The scalar Gram matrix k(X, X) of the inputs, formed and eigendecomposed on the device (the exact separable
     * path), its eigenvectors kept there.
     *
     * @param kernel the scalar kernel
     * @param inputs X (n x p)
     */
    Optional<GramSpectrum> gramSpectrum(VectorKernel kernel, Matrix inputs);

    /** Whether the device's memory holds the n x n Gram of {@link #gramSpectrum} and its decomposition's workspace. */
    boolean holdsGram(int n);

    /**
     * Predictions {@code k(inputs, centers) · coefficients} computed by blocks on the device.
     *
     * @param kernel       the scalar kernel
     * @param centers      the expansion points (m x p)
     * @param coefficients the coefficients (m x D)
     * @param inputs       the rows to predict (t x p)
     */
    Optional<Matrix> expansion(VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix inputs);
}
