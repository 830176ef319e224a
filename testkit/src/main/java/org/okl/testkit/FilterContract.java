package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;

/**
 * The contract every {@link SpectralFilter} must meet; a plugin's test extends this class once per filter (and
 * parameter setting worth checking) and supplies {@link #filter()}.
 *
 * <ul>
 *   <li>the path has at least one point, with finite values;</li>
 *   <li>g is finite and non-negative on [0, s_max] at every path point;</li>
 *   <li>s·g(s) is bounded on (0, s_max] by {@link #spectralGainBound()} (1 by default; the nu-method of
 *       docs/conventions.md#filters reaches w_1 = (4nu+2)/(4nu+1) at its first iterate, 1.2 for nu = 1, and stays
 *       below 1.1 from the fourth iterate on);</li>
 *   <li>an iterative form, if any, reproduces g on the spectrum at every iterate to 1e-10, also when it runs on
 *       r x d operands in another basis (r != n);</li>
 *   <li>a {@link RidgeFilter} form, if any, reproduces g by its (iterated) Tikhonov solves to 1e-10.</li>
 * </ul>
 * The reference Gram {@code Q diag(n·s) Q^T} is built from Householder reflections, so its eigenbasis is known
 * without any decomposition.
 */
public abstract class FilterContract {
    private static final int N = 10;
    private static final int GRID = 201;

    /** The filter under test. */
    protected abstract SpectralFilter filter();

    /** The largest eigenvalue of Gamma/n the checks use. */
    protected double sMax() {
        return 0.8;
    }

    /** The bound of s·g(s) on (0, s_max]. */
    protected double spectralGainBound() {
        return 1.0 + 1e-12;
    }

    @Test
    void pathHasAtLeastOnePointWithFiniteValues() {
        SpectralFilter filter = filter();
        assertThat(filter.pathLength()).isGreaterThanOrEqualTo(1);
        assertThat(filter.pathParameter()).isNotBlank();
        for (int j = 0; j < filter.pathLength(); j++) {
            assertThat(Double.isFinite(filter.pathValue(j))).as("path value %d", j).isTrue();
        }
    }

    @Test
    void filterIsFiniteAndNonNegativeOnTheSpectrum() {
        SpectralFilter filter = filter();
        for (int j = 0; j < filter.pathLength(); j++) {
            for (int q = 0; q < GRID; q++) {
                double s = sMax() * q / (GRID - 1);
                double g = filter.apply(j, s, sMax());
                assertThat(Double.isFinite(g) && g >= 0).as("g(%s) = %s at path point %d", s, g, j).isTrue();
            }
        }
    }

    @Test
    void spectralGainIsBounded() {
        SpectralFilter filter = filter();
        for (int j = 0; j < filter.pathLength(); j++) {
            for (int q = 1; q < GRID; q++) {
                double s = sMax() * q / (GRID - 1);
                assertThat(s * filter.apply(j, s, sMax())).as("s·g(s) at s = %s, path point %d", s, j)
                        .isLessThanOrEqualTo(spectralGainBound());
            }
        }
    }

    @Test
    void iterativeFormEqualsTheFilterOnTheSpectrum() {
        Optional<IterativeFilter> iterative = filter().iterative();
        assumeTrue(iterative.isPresent(), "the filter has no iterative form");
        Spectrum spectrum = new Spectrum(sMax());
        Matrix y = TestMatrices.random(N, 2, 17);
        int[] reported = {0};
        iterative.get().run(spectrum.operator(), y, sMax(), (index, c) -> {
            assertThat(index).isEqualTo(reported[0]++);
            TestMatrices.assertClose(spectrum.filtered(filter(), index, y, sMax()), c, 1e-10);
        });
        assertThat(reported[0]).isEqualTo(filter().pathLength());
    }

    /**
     * Solvers may run the iteration in another basis than the n samples (the eigenbasis, or the r features of a
     * sketch): operands are r x d with r != n, and n stays the 1/n normalisation ({@code gram.size()}).
     */
    @Test
    void iterativeFormRunsInAReducedBasis() {
        Optional<IterativeFilter> iterative = filter().iterative();
        assumeTrue(iterative.isPresent(), "the filter has no iterative form");
        int r = 4;
        double[] sigma = {N * sMax(), N * sMax() * 0.5, N * sMax() * 1e-3, 0};
        Matrix yt = TestMatrices.random(r, 3, 23);
        GramOperator diagonal = new GramOperator() {
            @Override
            public int size() {
                return N;
            }

            @Override
            public Matrix apply(Matrix c) {
                assertThat(c.rows()).as("operand rows").isEqualTo(r);
                Matrix out = Matrix.zeros(r, c.cols());
                for (int j = 0; j < c.cols(); j++) {
                    for (int i = 0; i < r; i++) {
                        out.set(i, j, sigma[i] * c.get(i, j));
                    }
                }
                return out;
            }
        };
        int[] reported = {0};
        iterative.get().run(diagonal, yt, sMax(), (index, c) -> {
            reported[0]++;
            for (int i = 0; i < r; i++) {
                double g = filter().apply(index, sigma[i] / N, sMax()) / N;
                for (int j = 0; j < 3; j++) {
                    assertThat(c.get(i, j)).as("iterate %d entry (%d, %d)", index, i, j)
                            .isCloseTo(g * yt.get(i, j), org.assertj.core.data.Offset.offset(1e-10
                                    * (1 + Math.abs(g * yt.get(i, j)))));
                }
            }
        });
        assertThat(reported[0]).isEqualTo(filter().pathLength());
    }

    @Test
    void ridgeFormEqualsTheFilterOnTheSpectrum() {
        assumeTrue(filter() instanceof RidgeFilter, "the filter is not a ridge filter");
        RidgeFilter ridge = (RidgeFilter) filter();
        Spectrum spectrum = new Spectrum(sMax());
        Matrix y = TestMatrices.random(N, 2, 19);
        for (int j = 0; j < ridge.pathLength(); j++) {
            double shift = N * ridge.lambda(j);
            Matrix system = spectrum.gram().copy().addToDiagonal(shift);
            Matrix c = Matrix.zeros(N, 2);
            for (int i = 0; i < ridge.iterations(); i++) {
                c = TestMatrices.naiveSolve(system, y.plus(c.times(shift)));
            }
            TestMatrices.assertClose(spectrum.filtered(ridge, j, y, sMax()), c, 1e-10);
        }
    }

    /** A Gram with known eigenbasis: eigenvalues of Gram/n spread over [0, s_max], including 0 and s_max. */
    private static final class Spectrum {
        private final Matrix q;
        private final double[] s;
        private final Matrix gram;

        Spectrum(double sMax) {
            s = new double[N];
            for (int i = 0; i < N; i++) {
                s[i] = sMax * Math.pow((double) i / (N - 1), 2);
            }
            Matrix basis = Matrix.identity(N);
            for (long seed = 3; seed < 5; seed++) {
                Matrix v = TestMatrices.random(N, 1, seed);
                double norm2 = TestMatrices.naiveMultiply(v, true, v, false).get(0, 0);
                Matrix h = Matrix.identity(N).minus(TestMatrices.naiveMultiply(v, false, v, true).times(2 / norm2));
                basis = TestMatrices.naiveMultiply(basis, h);
            }
            q = basis;
            double[] sigma = new double[N];
            for (int i = 0; i < N; i++) {
                sigma[i] = N * s[i];
            }
            gram = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(q, Matrix.diagonal(sigma)), false, q, true)
                    .symmetrize();
        }

        Matrix gram() {
            return gram;
        }

        GramOperator operator() {
            return new GramOperator() {
                @Override
                public int size() {
                    return N;
                }

                @Override
                public Matrix apply(Matrix coefficients) {
                    return TestMatrices.naiveMultiply(gram, coefficients);
                }
            };
        }

        /** Q diag(g(s)/n) Q^T Y. */
        Matrix filtered(SpectralFilter filter, int index, Matrix y, double sMax) {
            double[] g = new double[N];
            for (int i = 0; i < N; i++) {
                g[i] = filter.apply(index, s[i], sMax) / N;
            }
            Matrix rotated = TestMatrices.naiveMultiply(q, true, y, false);
            return TestMatrices.naiveMultiply(q, TestMatrices.naiveMultiply(Matrix.diagonal(g), rotated));
        }
    }
}
