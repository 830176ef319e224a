package org.okl.core.solve.lowrank;

import java.util.Random;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.Predictor;

/**
 * Random Fourier features of a shift-invariant kernel: {@code z(x) = sqrt(2/r) · cos(Omega^T x + b)} with the r
 * columns of Omega drawn from the kernel's spectral density and b uniform on [0, 2·pi), so that
 * {@code E[z(x)^T z(x')] = k(x, x')}.
 */
public final class FourierFeatures implements FeatureMap {
    private final Matrix frequencies;
    private final double[] phases;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param frequencies Omega (p x r)
     * @param phases      b (r)
     * @param linearAlgebra the back-end
     */
    public FourierFeatures(Matrix frequencies, double[] phases, LinearAlgebra linearAlgebra) {
        if (frequencies.cols() != phases.length) {
            throw new IllegalArgumentException(frequencies.cols() + " frequencies but " + phases.length + " phases");
        }
        this.frequencies = frequencies;
        this.phases = phases.clone();
        this.linearAlgebra = linearAlgebra;
    }

    /** Draws r features for inputs of dimension p. */
    public static FourierFeatures sample(ShiftInvariantKernel kernel, int dimension, int count, Random random,
            LinearAlgebra linearAlgebra) {
        Matrix omega = Matrix.zeros(dimension, count);
        double[] b = new double[count];
        for (int j = 0; j < count; j++) {
            double[] w = kernel.sampleFrequency(dimension, random);
            if (w.length != dimension) {
                throw new IllegalStateException("the kernel sampled a frequency of dimension " + w.length
                        + ", expected " + dimension);
            }
            System.arraycopy(w, 0, omega.data(), j * dimension, dimension);
            b[j] = 2 * Math.PI * random.nextDouble();
        }
        return new FourierFeatures(omega, b, linearAlgebra);
    }

    /** The number of features r. */
    public int count() {
        return phases.length;
    }

    /** Omega (p x r), not a copy. */
    public Matrix frequencies() {
        return frequencies;
    }

    /** b, a copy. */
    public double[] phases() {
        return phases.clone();
    }

    LinearAlgebra linearAlgebra() {
        return linearAlgebra;
    }

    @Override
    public Matrix features(Matrix inputs) {
        Matrix z = linearAlgebra.multiply(inputs, frequencies);
        double scale = Math.sqrt(2.0 / count());
        double[] data = z.data();
        int t = z.rows();
        for (int j = 0; j < count(); j++) {
            double b = phases[j];
            int off = j * t;
            for (int i = 0; i < t; i++) {
                data[off + i] = scale * Math.cos(data[off + i] + b);
            }
        }
        return z;
    }

    @Override
    public Predictor expansion(Matrix weights) {
        return new FourierExpansion(this, weights);
    }
}
