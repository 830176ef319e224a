package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.kernels.scalar.GaussianKernel;
import org.okl.linalg.expansion.NystromFeatures;

/**
 * A scalar kernel the card computes itself: the Gaussian, {@code exp(-||x - x'||^2 / (2 sigma^2))}, by OKL's
 * {@code gaussian} kernel (exact squared differences, so the block of a sample with itself is exactly symmetric).
 * Other kernels are computed on the CPU and their blocks uploaded.
 *
 * @param scale {@code 1 / (2 sigma^2)}
 */
record CardKernel(double scale) {

    /** The card's form of a kernel, or empty when the CPU computes it. */
    static Optional<CardKernel> of(VectorKernel kernel) {
        if (kernel instanceof GaussianKernel g) {
            return Optional.of(new CardKernel(1.0 / (2.0 * g.sigma() * g.sigma())));
        }
        return Optional.empty();
    }

    /** The card's form of Nystrom features over dense landmarks and a kernel it computes, or empty. */
    static Optional<CardKernel> of(SketchFeatures features) {
        return features instanceof NystromFeatures nystrom && nystrom.landmarks() instanceof Matrix
                ? of(nystrom.kernel()) : Optional.empty();
    }

    /** The dense landmarks (m x p) of features the card computes ({@link #of(SketchFeatures)} present). */
    static Matrix landmarks(SketchFeatures features) {
        return (Matrix) ((NystromFeatures) features).landmarks();
    }

    /**
     * Whether a sketch has a metric (M = k(L, L)): asked without computing it, since for Nystrom features that is an
     * m x m Gram on the CPU.
     */
    static boolean hasMetric(SketchFeatures features) {
        return features instanceof NystromFeatures || features.metric().isPresent();
    }

    /** The input columns of Nystrom features (the landmarks'), or 1 for other sketches. */
    static int dimension(SketchFeatures features) {
        return features instanceof NystromFeatures nystrom ? nystrom.landmarks().cols() : 1;
    }

    /** Queues the block k(X, L) (rows x cols) into {@code out}. */
    void block(Device device, Device.Stream stream, int rows, int cols, int dim, DeviceBuffer x, int ldx,
            DeviceBuffer l, int ldl, DeviceBuffer out, int ldo) {
        device.gaussian(stream, rows, cols, dim, x, ldx, l, ldl, scale, out, ldo);
    }
}
