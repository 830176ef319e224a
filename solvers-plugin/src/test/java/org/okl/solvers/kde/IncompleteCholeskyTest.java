package org.okl.solvers.kde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.okl.testkit.TestMatrices.naiveMultiply;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** Pivoted incomplete Cholesky against full reconstruction, pivot order and the trace of the residual. */
class IncompleteCholeskyTest {

    @Test
    void fullRankReproducesTheMatrixAndPivotsOnTheLargestDiagonal() {
        Matrix spd = TestMatrices.randomSpd(12, 5);
        IncompleteCholesky.Factor f = IncompleteCholesky.factor(IncompleteCholesky.of(spd), 12, 0);
        assertThat(f.rank()).isEqualTo(12);
        TestMatrices.assertClose(spd, naiveMultiply(f.factor(), false, f.factor(), true), 1e-12);
        int largest = 0;
        for (int i = 1; i < 12; i++) {
            if (spd.get(i, i) > spd.get(largest, largest)) {
                largest = i;
            }
        }
        assertThat(f.pivots()[0]).isEqualTo(largest);
    }

    @Test
    void lowRankMatrixIsRecoveredAtItsRankAndStopsThere() {
        Matrix g = TestMatrices.random(15, 3, 6);
        Matrix m = naiveMultiply(g, false, g, true);
        IncompleteCholesky.Factor f = IncompleteCholesky.factor(IncompleteCholesky.of(m), 10, 0);
        assertThat(f.rank()).isEqualTo(3);
        TestMatrices.assertClose(m, naiveMultiply(f.factor(), false, f.factor(), true), 1e-12);
    }

    @Test
    void toleranceStopsOnceTheResidualTraceIsSmall() {
        Matrix spd = TestMatrices.randomSpd(10, 7);
        double tolerance = 5.0;
        IncompleteCholesky.Factor f = IncompleteCholesky.factor(IncompleteCholesky.of(spd), 10, tolerance);
        Matrix residual = spd.minus(naiveMultiply(f.factor(), false, f.factor(), true));
        double trace = 0;
        for (double v : residual.diagonalValues()) {
            trace += v;
        }
        assertThat(trace).isLessThanOrEqualTo(tolerance);
        assertThat(f.rank()).isLessThan(10);
        Matrix shorter = IncompleteCholesky.factor(IncompleteCholesky.of(spd), f.rank() - 1, 0).factor();
        Matrix shorterResidual = spd.minus(naiveMultiply(shorter, false, shorter, true));
        double shorterTrace = 0;
        for (double v : shorterResidual.diagonalValues()) {
            shorterTrace += v;
        }
        assertThat(shorterTrace).isGreaterThan(tolerance);
    }

    @Test
    void kernelColumnsGiveTheSameFactorAsTheGram() {
        Matrix x = TestMatrices.random(9, 2, 8);
        var kernel = SolverTestDoubles.gaussian(0.7);
        Matrix fromKernel = IncompleteCholesky.factor(IncompleteCholesky.of(kernel, x), 5, 0).factor();
        Matrix fromGram = IncompleteCholesky.factor(IncompleteCholesky.of(kernel.gram(x)), 5, 0).factor();
        TestMatrices.assertClose(fromGram, fromKernel, 1e-15);
    }

    @Test
    void rowsOfYGiveTheSameFactorAsTheLinearGram() {
        Matrix y = TestMatrices.random(11, 4, 9);
        Matrix fromRows = IncompleteCholesky.factor(IncompleteCholesky.ofRows(y, TestContext.active().linearAlgebra()),
                11, 0).factor();
        Matrix fromGram = IncompleteCholesky.factor(IncompleteCholesky.of(naiveMultiply(y, false, y, true)), 11, 0)
                .factor();
        assertThat(fromRows.cols()).isEqualTo(4);
        TestMatrices.assertClose(fromGram, fromRows, 1e-13);
    }
}
