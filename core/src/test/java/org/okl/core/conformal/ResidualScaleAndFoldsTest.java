package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.core.select.TikhonovFolds;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The residual scale of normalised scores ({@link ResidualScale}) and the CV+ fold models ({@link TikhonovFolds}),
 * each against an independent dense solve.
 */
class ResidualScaleAndFoldsTest {
    private static final int N = 19;
    private static final int D = 3;
    private static final double LAMBDA = 3e-3;
    private final Gaussian kernel = new Gaussian(0.7);
    private final Matrix x = TestMatrices.random(N, 2, 61);
    private final Matrix y = SolveFixtures.targets(x, D, 62);
    private final Matrix xNew = TestMatrices.random(5, 2, 63);
    private final Matrix a = SolveFixtures.randomOutputMatrix(D, 64);
    private final LinearAlgebra la = TestContext.active().linearAlgebra();

    /**
     * The scale is {@code max(exp(m_c + k(x, X) beta_c), floor_c)} with beta_c the naive dense solve of
     * {@code (K + n lambda I) beta_c = l_c - m_c}, l the logs of the residuals floored at 5 % of their RMS.
     */
    @Test
    void theScaleIsTheKernelRidgeOfTheLogResidualsByADenseSolve() {
        Matrix residuals = TestMatrices.random(N, D, 65);
        residuals.set(3, 1, 0.0);
        ResidualScale scale = ResidualScale.fit(kernel.gram(x), residuals, la);
        Matrix at = scale.at(kernel.gram(xNew, x), la);
        for (int c = 0; c < D; c++) {
            double rms = 0;
            for (int i = 0; i < N; i++) {
                rms += residuals.get(i, c) * residuals.get(i, c) / N;
            }
            double floor = ResidualScale.FLOOR * Math.sqrt(rms);
            Matrix logs = Matrix.zeros(N, 1);
            double mean = 0;
            for (int i = 0; i < N; i++) {
                logs.set(i, 0, Math.log(Math.max(Math.abs(residuals.get(i, c)), floor)));
                mean += logs.get(i, 0) / N;
            }
            for (int i = 0; i < N; i++) {
                logs.set(i, 0, logs.get(i, 0) - mean);
            }
            Matrix beta = TestMatrices.naiveSolve(kernel.gram(x).addToDiagonal(N * ResidualScale.LAMBDA), logs);
            Matrix g = TestMatrices.naiveMultiply(kernel.gram(xNew, x), beta);
            for (int t = 0; t < xNew.rows(); t++) {
                double expected = Math.max(Math.exp(mean + g.get(t, 0)), floor);
                assertThat(at.get(t, c)).isCloseTo(expected, within(1e-9 * expected));
                assertThat(at.get(t, c)).isPositive();
            }
        }
        Matrix stored = ResidualScale.of(scale.array()).at(kernel.gram(xNew, x), la);
        assertThat(stored.maxAbsDifference(at)).isZero();
        assertThatThrownBy(() -> ResidualScale.of(Matrix.zeros(2, D))).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Fold model k is the separable Tikhonov fit on the other folds' rows with their own shift n_k·lambda: the dense
     * block solve of {@code (K_kk ⊗ A + n_k lambda I) c = vec(Y_k)} in point-major order, evaluated as
     * {@code k(x, X_k) C A}; the residuals are each row's under its fold's model.
     */
    @Test
    void foldModelsEqualDenseBlockSolvesOnTheFoldsTrainingRows() {
        List<Split> splits = new KFold(4, 5).splits(N);
        TikhonovFolds.Fits fits = TikhonovFolds.fit(kernel.gram(x), a, y, splits, LAMBDA, la);
        Matrix[] mu = fits.predictions(kernel.gram(xNew, x));
        for (int f = 0; f < splits.size(); f++) {
            int[] train = splits.get(f).train();
            Matrix xs = x.selectRows(train);
            Matrix system = SolveFixtures.kronecker(kernel.gram(xs), a).addToDiagonal(train.length * LAMBDA);
            Matrix c = SolveFixtures.fromPointMajor(TestMatrices.naiveSolve(system,
                    SolveFixtures.pointMajor(y.selectRows(train))), train.length, D);
            Matrix atNew = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(kernel.gram(xNew, xs), c), a);
            Matrix atHeld = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(
                    kernel.gram(x.selectRows(splits.get(f).validation()), xs), c), a);
            for (int v = 0; v < splits.get(f).validation().length; v++) {
                int i = splits.get(f).validation()[v];
                for (int o = 0; o < D; o++) {
                    assertThat(fits.residuals().get(i, o)).isCloseTo(y.get(i, o) - atHeld.get(v, o), within(1e-8));
                    for (int t = 0; t < xNew.rows(); t++) {
                        assertThat(mu[o].get(i, t)).isCloseTo(atNew.get(t, o), within(1e-8));
                    }
                }
            }
        }
        TikhonovFolds.Fits stored = TikhonovFolds.Fits.of(fits.foldColumn(), fits.coefficients(), D);
        assertThat(stored.predictions(kernel.gram(xNew, x))[1].maxAbsDifference(mu[1])).isZero();
        assertThatThrownBy(() -> TikhonovFolds.Fits.of(Matrix.column(new double[N]), fits.coefficients(), 5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
