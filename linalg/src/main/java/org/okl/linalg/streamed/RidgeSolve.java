package org.okl.linalg.streamed;

import java.util.Optional;
import java.util.TreeSet;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * {@link SketchSolve} for ridge filters (Tikhonov, iterated Tikhonov) by Cholesky factors instead of an
 * eigendecomposition: in the whitened features, output direction c of A's spectrum (eigenvalue a_c > 0) and path
 * point j have weights {@code z = (G~ + mu I)^-1 R~_c}, {@code mu = n·lambda_j/a_c}, which is the eigen form's
 * {@code W diag(a_c / (s a_c + n lambda)) W^T R~_c} (iterated: {@code z_i = (G~ + mu I)^-1 (R~_c + mu z_(i-1))});
 * directions with a_c = 0 get zero weights, as there. A factor costs r³/3 flops in blocked BLAS-3 calls against
 * the several r³, half of them in memory-bound BLAS-2 calls, of a symmetric eigendecomposition, so a path of a
 * few distinct shifts is several times cheaper. When a shifted system is not definite in floating point (a shift
 * near the round-off of G~), or the shifts are many, the caller takes the eigen form.
 */
final class RidgeSolve {
    /** The most distinct shifts factored; more take the eigendecomposition (one is about this many factors). */
    static final int MAX_SHIFTS = 16;

    private RidgeSolve() {
    }

    /**
     * The weights of every path point in the whitened features ({@code z W_A^T}, r x d; the sketch weights are T
     * times them), or empty when the eigen form should be used.
     *
     * @param whitened G~ = T^T G T (r x r)
     * @param left     T^T R (r x d)
     * @param n        the training set's rows
     */
    static Optional<Matrix[]> coefficients(Matrix whitened, Matrix left, int n, OutputSpectrum output,
            RidgeFilter filter, LinearAlgebra la) {
        double[] a = output.values();
        int points = filter.pathLength();
        TreeSet<Double> factors = new TreeSet<>();
        for (int j = 0; j < points; j++) {
            for (double ac : a) {
                if (ac > 0) {
                    factors.add(n * filter.lambda(j) / ac);
                }
            }
        }
        boolean usable = factors.stream().allMatch(mu -> mu > 0 && Double.isFinite(mu));
        if (factors.size() > MAX_SHIFTS || !usable) {
            return Optional.empty();
        }
        Matrix symmetric = whitened.copy().symmetrize();
        double[] diagonal = symmetric.diagonalValues();
        Matrix rotated = output.rotate(left, la);
        int r = rotated.rows();
        int d = a.length;
        Matrix[] z = new Matrix[points];
        for (int j = 0; j < points; j++) {
            z[j] = Matrix.zeros(r, d);
        }
        for (double mu : factors) {
            Optional<Matrix> lower = la.cholesky(shifted(symmetric, diagonal, mu));
            if (lower.isEmpty()) {
                return Optional.empty();
            }
            for (int j = 0; j < points; j++) {
                for (int c = 0; c < d; c++) {
                    if (a[c] > 0 && n * filter.lambda(j) / a[c] == mu) {
                        solveColumn(lower.get(), rotated.columnRange(c, c + 1), mu, filter.iterations(), z[j], c,
                                la);
                    }
                }
            }
        }
        Matrix[] out = new Matrix[points];
        for (int j = 0; j < points; j++) {
            out[j] = output.rotateBack(z[j], la);
        }
        return Optional.of(out);
    }

    /**
     * {@code G~ + mu I} in place of G~: its diagonal set from the saved {@code diagonal} (each shift sets it again,
     * so no shift sees another's), so a path factors one m x m copy per shift (the factor's own) and holds one
     * factor at a time.
     */
    private static Matrix shifted(Matrix symmetric, double[] diagonal, double mu) {
        int r = diagonal.length;
        double[] data = symmetric.data();
        for (int i = 0; i < r; i++) {
            data[i + i * r] = diagonal[i] + mu;
        }
        return symmetric;
    }

    /** Column c of z: {@code (G~ + mu I)^-1 R~_c}, iterated {@code iterations} times as the filter says. */
    private static void solveColumn(Matrix lower, Matrix rhs, double mu, int iterations, Matrix z, int c,
            LinearAlgebra la) {
        int r = rhs.rows();
        Matrix column = Matrix.zeros(r, 1);
        for (int i = 0; i < iterations; i++) {
            column = la.choleskySolve(lower, i == 0 ? rhs : rhs.plus(column.times(mu)));
        }
        System.arraycopy(column.data(), 0, z.data(), c * r, r);
    }
}
