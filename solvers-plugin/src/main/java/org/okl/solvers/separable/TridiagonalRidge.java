package org.okl.solvers.separable;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SolverLinearAlgebra;
import org.okl.linalg.TridiagonalForm;
import org.okl.linalg.expansion.SeparableSetup;

/**
 * The (iterated) Tikhonov path of a separable problem with complete explicit targets, from a tridiagonal reduction of
 * k instead of its eigendecomposition. The Tikhonov solve {@code (k ⊗ A + n·lambda·I) c = y} is, in matrix form,
 * {@code k C A + n·lambda·C = Y}. With A = W diag(a) W^T and k = Q T Q^T (T symmetric tridiagonal, Q kept as
 * Householder reflectors on the native back-end), column j of {@code X = Q^T C W} solves
 * {@code (a_j T + n·lambda·I) x_j = (Q^T Y W)_j}, an O(n) tridiagonal solve, and {@code C = Q X W^T}. Iterated
 * Tikhonov repeats the solve with right-hand side {@code (Q^T Y W)_j + n·lambda·x_j} (docs/conventions.md#filters).
 *
 * <p>Cost: the reduction (about 4/3·n³ flops, roughly half of a symmetric eigendecomposition), one Q^T product with
 * the n x d targets, L·d·t tridiagonal solves, and one Q product with the n x (L·d) block of all path points (about
 * 2·n²·L·d flops). The tridiagonal systems are solved with partial pivoting: they are positive definite in exact
 * arithmetic, but T inherits k's round-off eigenvalues (down to about -1e-16·||k||), so for a tiny n·lambda a
 * pivot-free LDL^T (dptsv) could meet a non-positive pivot, while pivoted elimination is backward stable for any
 * non-singular tridiagonal matrix at the same O(n) cost.
 */
final class TridiagonalRidge {

    private TridiagonalRidge() {
    }

    /**
     * Whether this route is cheaper than the eigen route: its back-transformation of all L path points (2·n²·L·d
     * flops) must not exceed the 2·n³ flops with which an eigendecomposition forms the eigenvectors.
     *
     * @param n      the number of training points
     * @param length the path length L
     * @param d      the number of outputs
     */
    static boolean applies(int n, int length, int d) {
        return (long) length * d <= n;
    }

    /**
     * The coefficients C (n x d) at every path point.
     *
     * @param k      the scalar Gram (n x n), symmetrised before the reduction
     * @param setup  explicit targets without missing values, and the output matrix
     * @param filter the (iterated) Tikhonov path
     */
    static List<Matrix> path(Matrix k, SeparableSetup setup, RidgeFilter filter, LinearAlgebra backEnd) {
        SolverLinearAlgebra linearAlgebra = SolverLinearAlgebra.of(backEnd);
        int n = k.rows();
        int d = setup.outputs();
        int length = filter.pathLength();
        TridiagonalForm form = linearAlgebra.tridiagonal(k.copy().symmetrize());
        Matrix rotated = form.multiplyQ(setup.rotateOutputs(setup.targets(), linearAlgebra), true);
        double[] diagonal = form.diagonal();
        double[] offDiagonal = form.offDiagonal();
        double[] a = setup.outputValues();
        Matrix solved = Matrix.zeros(n, length * d);
        for (int j = 0; j < length; j++) {
            double shift = n * filter.lambda(j);
            for (int c = 0; c < d; c++) {
                Matrix x = solveShifted(diagonal, offDiagonal, a[c], shift, rotated.columnRange(c, c + 1),
                        filter.iterations(), linearAlgebra);
                System.arraycopy(x.data(), 0, solved.data(), (j * d + c) * n, n);
            }
        }
        Matrix back = form.multiplyQ(solved, false);
        List<Matrix> path = new ArrayList<>(length);
        for (int j = 0; j < length; j++) {
            Matrix c = back.columnRange(j * d, (j + 1) * d);
            path.add(setup.output() == null ? c
                    : linearAlgebra.multiply(c, false, setup.output().spectrum().vectors(), true));
        }
        return path;
    }

    /** t (iterated) Tikhonov solves {@code (scale·T + shift·I) x_i = y + shift·x_{i-1}}, x_0 = 0. */
    private static Matrix solveShifted(double[] diagonal, double[] offDiagonal, double scale, double shift, Matrix y,
            int iterations, SolverLinearAlgebra linearAlgebra) {
        double[] shifted = new double[diagonal.length];
        for (int i = 0; i < shifted.length; i++) {
            shifted[i] = scale * diagonal[i] + shift;
        }
        double[] off = new double[offDiagonal.length];
        for (int i = 0; i < off.length; i++) {
            off[i] = scale * offDiagonal[i];
        }
        Matrix x = linearAlgebra.solveTridiagonal(off, shifted, off, y);
        for (int t = 1; t < iterations; t++) {
            Matrix rhs = y.plus(x.times(shift));
            x = linearAlgebra.solveTridiagonal(off, shifted, off, rhs);
        }
        return x;
    }
}
