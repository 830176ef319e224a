package org.okl.solvers.manifold;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TestMatrices;

/** The shifted Hessenberg solver against a naive dense solve. */
class HessenbergSolverTest {

    private static Matrix randomHessenberg(int n, long seed) {
        Matrix h = TestMatrices.random(n, n, seed);
        for (int j = 0; j < n; j++) {
            for (int i = j + 2; i < n; i++) {
                h.set(i, j, 0);
            }
        }
        return h;
    }

    @Test
    void solvesShiftedRandomHessenbergSystemsLikeADenseSolve() {
        for (int n : new int[] {1, 2, 7, 30}) {
            Matrix h = randomHessenberg(n, n);
            Matrix b = TestMatrices.random(n, 3, 100 + n);
            double scale = 1.7;
            double shift = 0.3;
            Matrix shifted = h.times(scale).addToDiagonal(shift);
            Matrix expected = TestMatrices.naiveSolve(shifted, b);
            TestMatrices.assertClose(expected, HessenbergSolver.solve(h, scale, shift, b), 1e-11);
        }
    }

    @Test
    void pivotsWhenTheDiagonalIsZero() {
        Matrix h = randomHessenberg(6, 9);
        for (int i = 0; i < 6; i++) {
            h.set(i, i, 0);
        }
        Matrix b = TestMatrices.random(6, 2, 10);
        TestMatrices.assertClose(TestMatrices.naiveSolve(h, b), HessenbergSolver.solve(h, 1, 0, b), 1e-11);
    }

    @Test
    void ignoresEntriesBelowTheSubdiagonal() {
        Matrix h = randomHessenberg(8, 11);
        Matrix noisy = h.copy();
        noisy.set(7, 0, 5.0);
        Matrix b = TestMatrices.random(8, 1, 12);
        TestMatrices.assertClose(HessenbergSolver.solve(h, 1, 0.5, b), HessenbergSolver.solve(noisy, 1, 0.5, b),
                0);
    }

    @Test
    void reportsASingularSystem() {
        Matrix h = Matrix.zeros(3, 3);
        assertThatThrownBy(() -> HessenbergSolver.solve(h, 1, 0, Matrix.zeros(3, 1)))
                .isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("singular");
    }
}
