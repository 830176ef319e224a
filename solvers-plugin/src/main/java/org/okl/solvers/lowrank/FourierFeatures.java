package org.okl.solvers.lowrank;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * Random Fourier features of a shift-invariant kernel (Rahimi and Recht 2007):
 * {@code z(x) = sqrt(2/r) · cos(Omega^T x + b)} with the r columns of Omega drawn from the kernel's spectral density
 * and b uniform on [0, 2·pi), so that {@code E[z(x)^T z(x')] = k(x, x')}; explicit features, so the metric is the
 * identity. Stored as the arrays {@code frequencies} (p x r) and {@code phases} (1 x r).
 */
public final class FourierFeatures implements SketchFeatures {
    /** The name of the frequencies array. */
    public static final String FREQUENCIES = "frequencies";
    /** The name of the phases array. */
    public static final String PHASES = "phases";

    private final Matrix frequencies;
    private final double[] phases;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param frequencies   Omega (p x r)
     * @param phases        b (r)
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

    /** Rebuilds stored features. */
    static FourierFeatures restore(Map<String, Matrix> arrays, LinearAlgebra linearAlgebra) {
        Matrix frequencies = arrays.get(FREQUENCIES);
        Matrix phases = arrays.get(PHASES);
        if (frequencies == null || phases == null) {
            throw new IllegalArgumentException("fourier sketch needs the arrays '" + FREQUENCIES + "' and '" + PHASES
                    + "'");
        }
        return new FourierFeatures(frequencies, phases.data(), linearAlgebra);
    }

    @Override
    public int size() {
        return phases.length;
    }

    @Override
    public Matrix features(Matrix inputs) {
        Matrix z = linearAlgebra.multiply(inputs, frequencies);
        double scale = Math.sqrt(2.0 / size());
        double[] data = z.data();
        int t = z.rows();
        java.util.stream.IntStream range = java.util.stream.IntStream.range(0, size());
        if ((long) t * size() >= 1 << 16) {
            range = range.parallel();
        }
        range.forEach(j -> {
            double b = phases[j];
            for (int i = j * t; i < (j + 1) * t; i++) {
                data[i] = scale * Math.cos(data[i] + b);
            }
        });
        return z;
    }

    @Override
    public Optional<Matrix> metric() {
        return Optional.empty();
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put(FREQUENCIES, frequencies);
        m.put(PHASES, new Matrix(1, phases.length, phases.clone()));
        return m;
    }
}
