package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSymmetric;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * A back-end that implements only the api's {@link LinearAlgebra}, as a program may pass to
 * {@code Okl.builder().linearAlgebra(...)}, seen by core's solvers through {@link SolverLinearAlgebra#of}: the
 * default tridiagonal reduction and solve, and the Hessenberg reduction taken from the pure-Java back-end.
 */
class TridiagonalDefaultsTest {
    private final SolverLinearAlgebra la = SolverLinearAlgebra.of(new ApiOnly(LinearAlgebras.java()));

    @Test
    void oklsOwnBackEndsAreUsedAsTheyAreAndOthersAdapted() {
        assertThat(SolverLinearAlgebra.of(LinearAlgebras.java())).isSameAs(LinearAlgebras.java());
        assertThat(la).isInstanceOf(SolverLinearAlgebra.Adapter.class);
        assertThat(la.name()).isEqualTo("api-only");
    }

    @Test
    void adaptedHessenbergFormReconstructs() {
        Matrix m = random(9, 9, 34);
        HessenbergForm form = la.hessenberg(m);
        assertClose(Matrix.identity(9), naiveMultiply(form.q(), true, form.q(), false), 1e-12);
        assertClose(m, naiveMultiply(naiveMultiply(form.q(), form.h()), false, form.q(), true), 1e-12);
        for (int i = 2; i < 9; i++) {
            for (int j = 0; j < i - 1; j++) {
                assertThat(form.h().get(i, j)).isZero();
            }
        }
    }

    @Test
    void defaultTridiagonalFormIsTheEigendecompositionAndReconstructs() {
        Matrix m = randomSymmetric(12, 31);
        TridiagonalForm form = la.tridiagonal(m);
        assertThat(form.offDiagonal()).hasSize(11).containsOnly(0.0);
        Matrix q = form.multiplyQ(Matrix.identity(12), false);
        assertClose(Matrix.identity(12), naiveMultiply(q, true, q, false), 1e-12);
        assertClose(m, naiveMultiply(naiveMultiply(q, Matrix.diagonal(form.diagonal())), false, q, true), 1e-12);
        Matrix b = random(12, 2, 32);
        assertClose(naiveMultiply(q, true, b, false), form.multiplyQ(b, true), 1e-12);
        assertThat(form.diagonal()).containsExactly(LinearAlgebras.java().eigenvaluesSymmetric(m));
    }

    @Test
    void defaultTridiagonalSolveMatchesTheDenseSolve() {
        double[] sub = {0.5, -1.0, 2.0};
        double[] diagonal = {0.0, 3.0, 1.0, -2.0};
        double[] sup = {1.0, 0.25, -0.5};
        Matrix b = random(4, 3, 33);
        Matrix t = Matrix.fromRows(new double[][] {
            {0.0, 1.0, 0.0, 0.0}, {0.5, 3.0, 0.25, 0.0}, {0.0, -1.0, 1.0, -0.5}, {0.0, 0.0, 2.0, -2.0}});
        assertClose(naiveSolve(t, b), la.solveTridiagonal(sub, diagonal, sup, b), 1e-13);
        assertThatThrownBy(() -> la.solveTridiagonal(sub, new double[] {1, 2}, sup, b))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
    }

    /** A back-end with the api's methods only, delegating to another. */
    private record ApiOnly(LinearAlgebra delegate) implements LinearAlgebra {
        @Override
        public String name() {
            return "api-only";
        }

        @Override
        public String description() {
            return "defaults over " + delegate.name();
        }

        @Override
        public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c) {
            delegate.gemm(alpha, a, transA, b, transB, beta, c);
        }

        @Override
        public Matrix outerGram(Matrix a) {
            return delegate.outerGram(a);
        }

        @Override
        public Matrix innerGram(Matrix a) {
            return delegate.innerGram(a);
        }

        @Override
        public SymmetricEigen eigenSymmetric(Matrix symmetric) {
            return delegate.eigenSymmetric(symmetric);
        }

        @Override
        public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
            return delegate.cholesky(symmetricPositiveDefinite);
        }

        @Override
        public Matrix choleskySolve(Matrix lower, Matrix b) {
            return delegate.choleskySolve(lower, b);
        }

        @Override
        public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
            return delegate.triangularSolve(t, lower, transpose, b);
        }

        @Override
        public Matrix solve(Matrix a, Matrix b) {
            return delegate.solve(a, b);
        }

        @Override
        public Matrix orthonormalBasis(Matrix a) {
            return delegate.orthonormalBasis(a);
        }
    }
}
