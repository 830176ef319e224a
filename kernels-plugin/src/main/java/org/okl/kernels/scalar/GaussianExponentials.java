package org.okl.kernels.scalar;

/**
 * The element-wise pass of Gaussian kernel blocks, {@code g <- exp(-max(a_i + b - 2 g_i, 0) · s)} over a column,
 * which dominates the time of kernel features (one exponential per row and landmark). With the JVM's Vector API
 * (the JVM option {@code --add-modules jdk.incubator.vector}, which the {@code okl} launcher gives the commands
 * that compute) it runs on SIMD lanes with the JDK's vectorised exponential (Intel SVML on x86; within one unit
 * in the last place of {@link Math#exp}; about 6x faster on AVX-512); otherwise, or where that cannot load, it is
 * the scalar loop with {@link Math#exp}. A given JVM always takes the same path, so a block's values never depend
 * on how the rows were split over threads (the lanes cover the same indices of a column either way).
 */
final class GaussianExponentials {
    private static final Pass PASS = load();

    private GaussianExponentials() {
    }

    /** The pass over {@code g[offset + from .. offset + to)}. */
    static void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
            double scale) {
        PASS.apply(g, offset, from, to, squaredNormsA, squaredNormB, scale);
    }

    /** Whether the Vector API path is in use. */
    static boolean vectorised() {
        return !(PASS instanceof Scalar);
    }

    /** The scalar loop (also the tail of the vector loop). */
    static void scalar(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
            double scale) {
        for (int i = from; i < to; i++) {
            double d2 = squaredNormsA[i] + squaredNormB - 2.0 * g[offset + i];
            g[offset + i] = Math.exp(-Math.max(d2, 0.0) * scale);
        }
    }

    private static Pass load() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return new Scalar();
        }
        try {
            return (Pass) Class.forName("org.okl.kernels.scalar.VectorExponentials").getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return new Scalar();
        }
    }

    /** One implementation of the pass. */
    interface Pass {
        void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
                double scale);
    }

    /** {@link Math#exp}, one element at a time. */
    static final class Scalar implements Pass {
        @Override
        public void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
                double scale) {
            scalar(g, offset, from, to, squaredNormsA, squaredNormB, scale);
        }
    }
}
