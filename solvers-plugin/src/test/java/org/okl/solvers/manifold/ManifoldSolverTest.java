package org.okl.solvers.manifold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.solvers.kde.SolverTestDoubles.kron;
import static org.okl.solvers.kde.SolverTestDoubles.maxAbs;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.solvers.kde.SolverTestDoubles;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * Manifold regularization against the dense Nd x Nd system (eq. 15 of Minh and Sindhwani 2011), the two Sylvester
 * methods against each other, and the special cases gammaI = 0 (vector-valued RLS) and Q = I (Laplacian RLS).
 */
class ManifoldSolverTest {
    private static final int LABELLED = 15;
    private static final int UNLABELLED = 10;
    private static final int TOTAL = LABELLED + UNLABELLED;
    private static final int D = 3;
    private static final double GAMMA_I = 0.2;
    private static final List<Double> LAMBDAS = List.of(1e-3, 0.05, 1.0);

    private final ComponentContext context = TestContext.active();
    private final VectorKernel kernel = SolverTestDoubles.gaussian(1.0);
    private final Matrix labelledInputs = TestMatrices.random(LABELLED, 2, 21);
    private final Matrix unlabelledInputs = TestMatrices.random(UNLABELLED, 2, 22);
    private final Matrix allInputs = labelledInputs.stackRows(unlabelledInputs);
    private final Matrix tests = TestMatrices.random(6, 2, 23);
    private final Matrix targets = TestMatrices.random(LABELLED, D, 24);
    private final Matrix q = TestMatrices.randomSpd(D, 25);
    private final Matrix laplacian = laplacianOf(TestMatrices.random(TOTAL, TOTAL, 26));

    /** The unnormalised Laplacian D - W of the symmetric weights |R + R^T| / 2 with a zero diagonal. */
    private static Matrix laplacianOf(Matrix r) {
        int n = r.rows();
        Matrix w = Matrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w.set(i, j, i == j ? 0 : Math.abs(r.get(i, j) + r.get(j, i)) / 2);
            }
        }
        Matrix l = w.times(-1);
        for (int i = 0; i < n; i++) {
            double degree = 0;
            for (int j = 0; j < n; j++) {
                degree += w.get(i, j);
            }
            l.add(i, i, degree);
        }
        return l;
    }

    private static SeparableOperatorKernel separable(Matrix matrix) {
        return (y, ctx) -> matrix;
    }

    private static Regularizer graph(double gammaI, Matrix m) {
        return new Regularizer() {
            @Override
            public Optional<InputGraphPenalty> inputPenalty() {
                return Optional.of(new InputGraphPenalty() {
                    @Override
                    public double weight() {
                        return gammaI;
                    }

                    @Override
                    public Matrix laplacian(Matrix all, ComponentContext ctx) {
                        assertThat(all.rows()).isEqualTo(m.rows());
                        return m;
                    }
                });
            }
        };
    }

    private RegressionProblem problem(Matrix outputMatrix, double gammaI, boolean withUnlabelled,
            SpectralFilter filter) {
        Matrix m = withUnlabelled ? laplacian : laplacian.selectRows(range(LABELLED)).selectColumns(range(LABELLED));
        return new RegressionProblem(labelledInputs, kernel, separable(outputMatrix),
                SolverTestDoubles.explicit(targets), filter, List.of(graph(gammaI, m)),
                withUnlabelled ? Optional.of(unlabelledInputs) : Optional.empty(), Optional.empty(), Optional.empty(),
                context);
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }

    /** Row-major (point-major) flattening vec_pm(A) = vec(A^T). */
    private static Matrix pointMajor(Matrix a) {
        return new Matrix(a.rows() * a.cols(), 1, a.transpose().data());
    }

    private static Matrix fromPointMajor(Matrix v, int rows, int cols) {
        return new Matrix(cols, rows, v.data().clone()).transpose();
    }

    /** The dense solve of eq. 15: (J_big G + l gammaI M_big G + l lambda I) vec_pm(A) = vec_pm(Y_padded). */
    private Matrix denseCoefficients(Matrix outputMatrix, double gammaI, double lambda) {
        Matrix g = kron(kernel.gram(allInputs), outputMatrix);
        Matrix j = Matrix.zeros(TOTAL, TOTAL);
        for (int i = 0; i < LABELLED; i++) {
            j.set(i, i, 1);
        }
        Matrix identity = Matrix.identity(D);
        Matrix system = naiveMultiply(kron(j, identity), g)
                .plus(naiveMultiply(kron(laplacian, identity), g).times(LABELLED * gammaI))
                .addToDiagonal(LABELLED * lambda);
        Matrix padded = targets.stackRows(Matrix.zeros(UNLABELLED, D));
        return fromPointMajor(naiveSolve(system, pointMajor(padded)), TOTAL, D);
    }

    private Matrix predictionsFrom(Matrix coefficients, Matrix outputMatrix) {
        return naiveMultiply(naiveMultiply(kernel.gram(tests, allInputs), coefficients), outputMatrix);
    }

    private static void assertRelativelyClose(Matrix expected, Matrix actual, double tolerance) {
        assertThat(actual.maxAbsDifference(expected)).isLessThanOrEqualTo(tolerance * maxAbs(expected));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = SylvesterMethod.class, names = {"AUTOMATIC", "HESSENBERG_SCHUR", "PER_COLUMN_LU"})
    void solvesTheSylvesterEquationAndEqualsTheDenseSystem(SylvesterMethod method) {
        RegressionPath path = new ManifoldSolver(method).fit(problem(q, GAMMA_I, true, SolverTestDoubles.tikhonov(LAMBDAS)));
        Matrix[] all = path.predictAll(tests);
        Matrix kN = kernel.gram(allInputs);
        Matrix p = laplacian.times(LABELLED * GAMMA_I);
        for (int i = 0; i < LABELLED; i++) {
            p.add(i, i, 1);
        }
        Matrix padded = targets.stackRows(Matrix.zeros(UNLABELLED, D));
        for (int j = 0; j < LAMBDAS.size(); j++) {
            Matrix a = coefficientsOf(path, j);
            Matrix residual = naiveMultiply(naiveMultiply(naiveMultiply(p, kN), a), q)
                    .plus(a.times(LABELLED * LAMBDAS.get(j))).minus(padded);
            assertThat(maxAbs(residual)).isLessThan(1e-10);
            Matrix dense = denseCoefficients(q, GAMMA_I, LAMBDAS.get(j));
            assertRelativelyClose(dense, a, 1e-9);
            assertRelativelyClose(predictionsFrom(dense, q), all[j], 1e-9);
            assertRelativelyClose(predictionsFrom(dense, q), path.at(j).predict(tests), 1e-9);
        }
    }

    /** The coefficients A of a path point, read back from the stored expansion (coefficients = A Q). */
    private Matrix coefficientsOf(RegressionPath path, int index) {
        Matrix aq = path.at(index).arrays().get("coefficients");
        return naiveMultiply(aq, naiveSolve(q, Matrix.identity(D)));
    }

    @Test
    void symmetricEigenMethodEqualsHessenbergSchur() {
        RegressionProblem problem = problem(q, GAMMA_I, true, SolverTestDoubles.tikhonov(LAMBDAS));
        Matrix[] s1 = new ManifoldSolver(SylvesterMethod.HESSENBERG_SCHUR).fit(problem).predictAll(tests);
        Matrix[] s3 = new ManifoldSolver(SylvesterMethod.SYMMETRIC_EIGEN).fit(problem).predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            assertRelativelyClose(s1[j], s3[j], 1e-7);
        }
    }

    @Test
    void symmetricEigenFallsBackToHessenbergSchurForASingularGram() {
        VectorKernel linear = SolverTestDoubles.linear();
        RegressionProblem problem = new RegressionProblem(labelledInputs, linear, separable(q),
                SolverTestDoubles.explicit(targets), SolverTestDoubles.tikhonov(LAMBDAS),
                List.of(graph(GAMMA_I, laplacian)), Optional.of(unlabelledInputs), Optional.empty(),
                Optional.empty(), context);
        Matrix[] s1 = new ManifoldSolver().fit(problem).predictAll(tests);
        Matrix[] s3 = new ManifoldSolver(SylvesterMethod.SYMMETRIC_EIGEN).fit(problem).predictAll(tests);
        // The same computation twice: equal up to the native BLAS's run-to-run round-off (OpenBLAS's SSE3 kernels
        // take other paths for other array alignments: 1.2e-11 measured); the symmetric eigen method itself would
        // differ far more on a singular Gram.
        for (int j = 0; j < LAMBDAS.size(); j++) {
            assertRelativelyClose(s1[j], s3[j], 1e-10);
        }
    }

    @Test
    void gammaIZeroIsVectorValuedRls() {
        RegressionPath path = new ManifoldSolver().fit(problem(q, 0.0, false, SolverTestDoubles.tikhonov(LAMBDAS)));
        Matrix k = kernel.gram(labelledInputs);
        Matrix[] all = path.predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            Matrix big = kron(k, q).addToDiagonal(LABELLED * LAMBDAS.get(j));
            Matrix c = fromPointMajor(naiveSolve(big, pointMajor(targets)), LABELLED, D);
            Matrix expected = naiveMultiply(naiveMultiply(kernel.gram(tests, labelledInputs), c), q);
            assertRelativelyClose(expected, all[j], 1e-9);
        }
    }

    @Test
    void identityOutputMatrixIsIndependentLaplacianRls() {
        Matrix identity = Matrix.identity(D);
        RegressionPath path = new ManifoldSolver().fit(
                problem(identity, GAMMA_I, true, SolverTestDoubles.tikhonov(LAMBDAS)));
        Matrix kN = kernel.gram(allInputs);
        Matrix padded = targets.stackRows(Matrix.zeros(UNLABELLED, D));
        Matrix[] all = path.predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            Matrix system = laplacian.times(LABELLED * GAMMA_I);
            for (int i = 0; i < LABELLED; i++) {
                system.add(i, i, 1);
            }
            system = naiveMultiply(system, kN).addToDiagonal(LABELLED * LAMBDAS.get(j));
            Matrix a = Matrix.zeros(TOTAL, D);
            for (int c = 0; c < D; c++) {
                Matrix column = naiveSolve(system, padded.columnRange(c, c + 1));
                for (int i = 0; i < TOTAL; i++) {
                    a.set(i, c, column.get(i, 0));
                }
            }
            assertRelativelyClose(predictionsFrom(a, identity), all[j], 1e-9);
        }
    }

    @Test
    void rejectsFiltersThatAreNotTikhonov() {
        SpectralFilter tsvd = SolverTestDoubles.lambdaFilter(LAMBDAS, (s, lambda) -> s >= lambda ? 1 / s : 0);
        assertThatThrownBy(() -> new ManifoldSolver().fit(problem(q, GAMMA_I, true, tsvd)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("manifold: parameter 'filter' must be 'tikhonov'");
        assertThatThrownBy(() -> new ManifoldSolver().fit(problem(q, GAMMA_I, true,
                SolverTestDoubles.landweber(3))))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("path parameter is 'iterations'");
    }

    /** A ridge filter whose g is deliberately not used: the solver must read lambda(j) and iterations(). */
    private static RidgeFilter ridge(List<Double> lambdas, int iterations) {
        return new RidgeFilter() {
            @Override
            public double lambda(int index) {
                return lambdas.get(index);
            }

            @Override
            public int iterations() {
                return iterations;
            }

            @Override
            public String pathParameter() {
                return "lambda";
            }

            @Override
            public int pathLength() {
                return lambdas.size();
            }

            @Override
            public double pathValue(int index) {
                return lambdas.get(index);
            }

            @Override
            public double apply(int index, double s, double sMax) {
                return Double.NaN;
            }
        };
    }

    @Test
    void ridgeFiltersWithOneIterationAreTikhonovAndIteratedOnesAreRejected() {
        Matrix[] plain = new ManifoldSolver().fit(problem(q, GAMMA_I, true, SolverTestDoubles.tikhonov(LAMBDAS)))
                .predictAll(tests);
        Matrix[] ridge = new ManifoldSolver().fit(problem(q, GAMMA_I, true, ridge(LAMBDAS, 1))).predictAll(tests);
        // The same computation twice: equal up to the native BLAS's run-to-run round-off (OpenBLAS's SSE3 kernels
        // take other paths for other array alignments: 2.3e-13 measured).
        for (int j = 0; j < LAMBDAS.size(); j++) {
            assertRelativelyClose(plain[j], ridge[j], 1e-10);
        }
        assertThatThrownBy(() -> new ManifoldSolver().fit(problem(q, GAMMA_I, true, ridge(LAMBDAS, 2))))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("iterated Tikhonov with 2 iterations is not supported");
    }

    @Test
    void supportsOnlyProblemsWithAnInputGraphPenalty() {
        RegressionProblem withGraph = problem(q, GAMMA_I, true, SolverTestDoubles.tikhonov(LAMBDAS));
        RegressionProblem without = new RegressionProblem(labelledInputs, kernel, separable(q),
                SolverTestDoubles.explicit(targets), SolverTestDoubles.tikhonov(LAMBDAS), List.of(new Regularizer() {
                }), Optional.empty(), Optional.empty(), Optional.empty(), context);
        assertThat(new ManifoldSolver().supports(withGraph)).isTrue();
        assertThat(new ManifoldSolver().supports(without)).isFalse();
    }
}
