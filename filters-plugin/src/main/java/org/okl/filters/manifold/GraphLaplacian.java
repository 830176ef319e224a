package org.okl.filters.manifold;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * Graph Laplacians of a symmetric adjacency W with degrees {@code D = diag(W·1)}: normalised
 * {@code L = I - D^-1/2 W D^-1/2} (an isolated node, degree 0, gets a 0 in D^-1/2, so its row of L is that of I) or
 * unnormalised {@code L = D - W}, raised to a power p ({@code L^p}, "iterated" Laplacians of Sindhwani et al. 2005).
 */
public final class GraphLaplacian {

    private GraphLaplacian() {
    }

    /**
     * The Laplacian {@code L^power}, symmetric positive semi-definite.
     *
     * @param adjacency  W (N x N, symmetric, non-negative)
     * @param normalised whether to normalise by the degrees
     * @param power      p >= 1
     */
    public static Matrix of(Matrix adjacency, boolean normalised, int power, LinearAlgebra la) {
        if (power < 1) {
            throw new IllegalArgumentException("Laplacian power must be >= 1, got " + power);
        }
        int n = adjacency.rows();
        double[] degree = new double[n];
        double[] w = adjacency.data();
        for (int j = 0; j < n; j++) {
            int off = j * n;
            for (int i = 0; i < n; i++) {
                degree[i] += w[off + i];
            }
        }
        Matrix l = Matrix.zeros(n, n);
        double[] ld = l.data();
        if (normalised) {
            double[] scale = new double[n];
            for (int i = 0; i < n; i++) {
                scale[i] = degree[i] > 0 ? 1.0 / Math.sqrt(degree[i]) : 0.0;
            }
            for (int j = 0; j < n; j++) {
                int off = j * n;
                for (int i = 0; i < n; i++) {
                    ld[off + i] = (i == j ? 1.0 : 0.0) - scale[i] * w[off + i] * scale[j];
                }
            }
        } else {
            for (int j = 0; j < n; j++) {
                int off = j * n;
                for (int i = 0; i < n; i++) {
                    ld[off + i] = (i == j ? degree[i] : 0.0) - w[off + i];
                }
            }
        }
        return power(l, power, la).symmetrize();
    }

    /** {@code m^p} by repeated squaring. */
    private static Matrix power(Matrix m, int p, LinearAlgebra la) {
        Matrix result = null;
        Matrix base = m;
        int e = p;
        while (true) {
            if ((e & 1) == 1) {
                result = result == null ? base : la.multiply(result, base);
            }
            e >>= 1;
            if (e == 0) {
                return result;
            }
            base = la.multiply(base, base);
        }
    }
}
