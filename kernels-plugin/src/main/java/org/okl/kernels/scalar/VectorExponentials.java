package org.okl.kernels.scalar;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/** {@link GaussianExponentials}' pass on the Vector API's preferred lanes; loaded only where the module is. */
final class VectorExponentials implements GaussianExponentials.Pass {
    private static final VectorSpecies<Double> LANES = DoubleVector.SPECIES_PREFERRED;

    @Override
    public void apply(double[] g, int offset, int from, int to, double[] squaredNormsA, double squaredNormB,
            double scale) {
        int i = from;
        int bound = from + LANES.loopBound(to - from);
        for (; i < bound; i += LANES.length()) {
            DoubleVector a = DoubleVector.fromArray(LANES, squaredNormsA, i);
            DoubleVector inner = DoubleVector.fromArray(LANES, g, offset + i);
            DoubleVector d2 = a.add(squaredNormB).sub(inner.mul(2.0)).max(0.0);
            d2.mul(-scale).lanewise(VectorOperators.EXP).intoArray(g, offset + i);
        }
        GaussianExponentials.scalar(g, offset, i, to, squaredNormsA, squaredNormB, scale);
    }
}
