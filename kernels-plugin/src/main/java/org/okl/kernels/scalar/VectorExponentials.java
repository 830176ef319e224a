package org.okl.kernels.scalar;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link GaussianExponentials}' pass on the Vector API's preferred lanes, with its exponential
 * ({@link GaussianExponentials#exp}) written in lane-wise operations: the same doubles as the scalar tail, in
 * interpreted and compiled code alike. Loaded only where the module is.
 */
final class VectorExponentials implements GaussianExponentials.Pass {
    private static final VectorSpecies<Double> LANES = DoubleVector.SPECIES_PREFERRED;
    private static final long SHIFTER_BITS = Double.doubleToRawLongBits(GaussianExponentials.SHIFTER);
    private static final double[] T = GaussianExponentials.TAYLOR;
    private static final DoubleVector LN2_HI = DoubleVector.broadcast(LANES, GaussianExponentials.LN2_HI);
    private static final DoubleVector LN2_LO = DoubleVector.broadcast(LANES, GaussianExponentials.LN2_LO);
    private static final DoubleVector C0 = DoubleVector.broadcast(LANES, T[0]);
    private static final DoubleVector C1 = DoubleVector.broadcast(LANES, T[1]);
    private static final DoubleVector C2 = DoubleVector.broadcast(LANES, T[2]);
    private static final DoubleVector C3 = DoubleVector.broadcast(LANES, T[3]);
    private static final DoubleVector C4 = DoubleVector.broadcast(LANES, T[4]);
    private static final DoubleVector C5 = DoubleVector.broadcast(LANES, T[5]);
    private static final DoubleVector C6 = DoubleVector.broadcast(LANES, T[6]);
    private static final DoubleVector C7 = DoubleVector.broadcast(LANES, T[7]);
    private static final DoubleVector C8 = DoubleVector.broadcast(LANES, T[8]);
    private static final DoubleVector C9 = DoubleVector.broadcast(LANES, T[9]);
    private static final DoubleVector C10 = DoubleVector.broadcast(LANES, T[10]);
    private static final DoubleVector C11 = DoubleVector.broadcast(LANES, T[11]);
    private static final DoubleVector C12 = DoubleVector.broadcast(LANES, T[12]);
    private static final DoubleVector C13 = DoubleVector.broadcast(LANES, T[13]);

    @Override
    public void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
            double scale) {
        int i = from;
        int bound = from + LANES.loopBound(to - from);
        for (; i < bound; i += LANES.length()) {
            DoubleVector a = DoubleVector.fromArray(LANES, squaredNormsA, i);
            DoubleVector inner = DoubleVector.fromArray(LANES, g, offset + i);
            DoubleVector x = a.add(squaredNormB).sub(inner.mul(2.0)).max(0.0).mul(-scale);
            VectorMask<Double> underflow = x.compare(VectorOperators.LT, GaussianExponentials.UNDERFLOW);
            DoubleVector clamped = x.max(GaussianExponentials.UNDERFLOW);
            DoubleVector shifted = clamped.mul(GaussianExponentials.LOG2E).add(GaussianExponentials.SHIFTER);
            DoubleVector k = shifted.sub(GaussianExponentials.SHIFTER);
            DoubleVector minusK = k.neg();
            DoubleVector r = minusK.fma(LN2_LO, minusK.fma(LN2_HI, clamped));
            DoubleVector p = C0.fma(r, C1).fma(r, C2).fma(r, C3).fma(r, C4).fma(r, C5).fma(r, C6).fma(r, C7)
                    .fma(r, C8).fma(r, C9).fma(r, C10).fma(r, C11).fma(r, C12).fma(r, C13);
            // k + bias from the low bits of the shifted sum (a conversion to long lanes is not compiled to SIMD
            // code by JDK 17, and is three times slower than the whole rest)
            LongVector bits = shifted.reinterpretAsLongs().sub(SHIFTER_BITS - GaussianExponentials.BIAS)
                    .lanewise(VectorOperators.LSHL, 52);
            p.mul(bits.reinterpretAsDoubles()).mul(GaussianExponentials.TWO_M600).blend(0.0, underflow)
                    .intoArray(g, offset + i);
        }
        GaussianExponentials.polynomial(g, offset, i, to, squaredNormsA, squaredNormB, scale);
    }
}
