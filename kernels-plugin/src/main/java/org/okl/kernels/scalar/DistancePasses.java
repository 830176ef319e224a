package org.okl.kernels.scalar;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * Distance matrices with the Gram machinery of {@link InnerProductKernel} (one product, one element-wise pass), and
 * the element-wise pass {@code exp(-d * scale)} that turns distances into a kernel: what the
 * {@link org.okl.api.kernel.DistanceKernel}s among the scalar kernels share.
 */
final class DistancePasses {
    private DistancePasses() {
    }

    /** Squared Euclidean distances {@code max(|a|^2 + |b|^2 - 2 <a, b>, 0)}, exactly 0 on a sample's diagonal. */
    static final class SquaredEuclidean extends InnerProductKernel {
        SquaredEuclidean(LinearAlgebra linearAlgebra) {
            super(linearAlgebra);
        }

        @Override
        protected String id() {
            return "squared-euclidean";
        }

        @Override
        protected double entry(double inner, double squaredNormA, double squaredNormB) {
            return Math.max(squaredNormA + squaredNormB - 2.0 * inner, 0.0);
        }

        @Override
        protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
                double squaredNormB) {
            for (int i = from; i < to; i++) {
                g[offset + i] = Math.max(squaredNormsA[i] + squaredNormB - 2.0 * g[offset + i], 0.0);
            }
        }
    }

    /** Tanimoto feature-space squared distances {@code 2 - 2 T(a, b)}, exactly 0 on a sample's diagonal. */
    static final class TanimotoSquared extends InnerProductKernel {
        TanimotoSquared(LinearAlgebra linearAlgebra) {
            super(linearAlgebra);
        }

        @Override
        protected String id() {
            return "tanimoto-squared";
        }

        @Override
        protected double entry(double inner, double squaredNormA, double squaredNormB) {
            return Math.max(2.0 - 2.0 * TanimotoKernel.tanimoto(inner, squaredNormA, squaredNormB), 0.0);
        }

        @Override
        protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
                double squaredNormB) {
            for (int i = from; i < to; i++) {
                g[offset + i] = entry(g[offset + i], squaredNormsA[i], squaredNormB);
            }
        }
    }

    /** A new matrix {@code exp(-d * scale)}, element-wise, in parallel over columns. */
    static Matrix expOfNegative(Matrix d, double scale) {
        int n = d.rows();
        double[] in = d.data();
        double[] out = new double[in.length];
        GramPasses.forEachColumn(n, d.cols(), j -> {
            int off = j * n;
            for (int i = 0; i < n; i++) {
                out[off + i] = Math.exp(-in[off + i] * scale);
            }
        });
        return new Matrix(n, d.cols(), out);
    }
}
