package org.okl.kernels.scalar;

/**
 * The element-wise pass of Gaussian kernel blocks, {@code g <- exp(-max(a_i + b - 2 g_i, 0) · s)} over a column,
 * which dominates the time of kernel features (one exponential per row and landmark).
 *
 * <p>With the JVM's Vector API (the JVM option {@code --add-modules jdk.incubator.vector}, which the {@code okl}
 * launcher gives the commands that compute) it runs on SIMD lanes, about six times faster on AVX-512, with an
 * exponential of its own ({@link #exp}): Cody and Waite's reduction {@code x = k ln 2 + r}, the Taylor polynomial
 * of degree 13 on |r| &lt;= ln(2)/2 by fused multiply-adds, and the power of two from the exponent bits (two scalings,
 * so that results below 2^-1022 round once). It is made of operations whose results IEEE 754 fixes to the bit, so
 * a lane, the scalar tail and the JVM's interpreted and compiled code all give the same double (the Vector API's
 * own exponential differs by up to an ulp between interpreted and compiled code, so the values of a block depended
 * on when the JIT compiler ran: two fits differed by 1e-8); it is within two units in the last place of
 * {@link StrictMath#exp}. Without the Vector API the same exponential runs one element at a time, so a model's
 * kernel values, and its predictions, are the same doubles whether or not the JVM has the module (a library user's
 * JVM and the {@code okl} command agree to the bit).
 */
final class GaussianExponentials {
    static final double LOG2E = 1.4426950408889634;
    static final double LN2_HI = 6.93147180369123816490e-01;
    static final double LN2_LO = 1.90821492927058770002e-10;
    /** 1.5·2^52: adding and subtracting it rounds a double to the nearest integer. */
    static final double SHIFTER = 6755399441055744.0;
    /** Below this, exp(x) is less than half the smallest subnormal: 0. */
    static final double UNDERFLOW = -745.2;
    /** The exponent bias plus the 600 of the first scaling. */
    static final long BIAS = 1023 + 600;
    static final double TWO_M600 = 0x1.0p-600;
    /** 1/k! for k = 13 down to 0, Horner's order. */
    static final double[] TAYLOR = taylor();

    private static final Pass PASS = load();

    private GaussianExponentials() {
    }

    private static double[] taylor() {
        double[] c = new double[14];
        double factorial = 1;
        for (int k = 0; k <= 13; k++) {
            factorial *= Math.max(1, k);
            c[13 - k] = 1.0 / factorial;
        }
        return c;
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

    /**
     * The pass with {@link #exp}, one element at a time: the vector path's tail, lane for lane the same, and the
     * whole pass without the Vector API.
     */
    static void polynomial(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
            double scale) {
        for (int i = from; i < to; i++) {
            double d2 = squaredNormsA[i] + squaredNormB - 2.0 * g[offset + i];
            g[offset + i] = exp(-Math.max(d2, 0.0) * scale);
        }
    }

    /** e^x for x &lt;= 0 (NaN stays NaN), as the lanes compute it (see the class comment). */
    static double exp(double x) {
        if (!(x >= UNDERFLOW)) {
            return x != x ? x : 0.0;
        }
        double k = (x * LOG2E + SHIFTER) - SHIFTER;
        double r = Math.fma(-k, LN2_LO, Math.fma(-k, LN2_HI, x));
        double p = TAYLOR[0];
        for (int i = 1; i < TAYLOR.length; i++) {
            p = Math.fma(p, r, TAYLOR[i]);
        }
        return p * Double.longBitsToDouble(((long) k + BIAS) << 52) * TWO_M600;
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

    /** {@link #exp}, one element at a time. */
    static final class Scalar implements Pass {
        @Override
        public void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
                double scale) {
            polynomial(g, offset, from, to, squaredNormsA, squaredNormB, scale);
        }
    }
}
