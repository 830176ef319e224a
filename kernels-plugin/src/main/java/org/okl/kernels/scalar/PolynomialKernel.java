package org.okl.kernels.scalar;

import org.okl.api.linalg.LinearAlgebra;

/**
 * The polynomial kernel {@code k(x, x') = (<x, x'> + offset)^degree} (offset 1 by docs/conventions.md#scalar-kernels).
 * It is positive semi-definite for a whole degree >= 1 and offset >= 0.
 */
public final class PolynomialKernel extends InnerProductKernel {
    private final int degree;
    private final double offset;

    /**
     * @param degree        the whole exponent, at least 1
     * @param offset        the non-negative constant added to the inner product
     * @param linearAlgebra the back-end for the Gram product
     */
    public PolynomialKernel(int degree, double offset, LinearAlgebra linearAlgebra) {
        super(linearAlgebra);
        this.degree = degree;
        this.offset = offset;
    }

    @Override
    protected String id() {
        return "polynomial";
    }

    @Override
    protected double entry(double inner, double squaredNormA, double squaredNormB) {
        return power(inner + offset, degree);
    }

    @Override
    protected void transformColumn(double[] g, int off, int from, int to, double[] squaredNormsA,
            double squaredNormB) {
        for (int i = off + from; i < off + to; i++) {
            g[i] = power(g[i] + offset, degree);
        }
    }

    private static double power(double base, int exponent) {
        double result = 1.0;
        double b = base;
        int e = exponent;
        while (e > 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>= 1;
        }
        return result;
    }
}
