package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * Weighted rows through the sums against a naive weighted ridge: with the sketched kernel K~ formed densely and the
 * weights rescaled to mean 1 on each training set (w' = w·n/W), the coefficients {@code (W' K~ + n·lambda·I)^-1 W' y}
 * minimise {@code sum w_i (y_i - f(x_i))^2 + W·lambda·||f||^2}; every fold's validation error is
 * {@code sum w (y - f)^2} over the fold, times n_f/W_f. Both routes: the eigen route's {@link FoldAggregates} and
 * Falkon's passes ({@link CrossSums}, {@link SetProducts}, {@link ValidationSums} with weights).
 */
class WeightedSumsTest {
    private static final int N = 84;
    private static final int D = 2;
    private static final double[] LAMBDAS = {1e-3, 1e-2, 0.2};
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final SolveFixtures.Gaussian kernel = new SolveFixtures.Gaussian(0.9);
    private final Matrix x = TestMatrices.random(N, 2, 21);
    private final Matrix y = SolveFixtures.targets(x, D, 22);
    private final Matrix landmarks = x.selectRows(new int[] {1, 9, 17, 30, 44, 52, 63, 70, 81});
    private final NystromFeatures features = new NystromFeatures(kernel, landmarks);
    private final double[] weights = weights();

    private static double[] weights() {
        Random r = new Random(23);
        double[] w = new double[N];
        for (int i = 0; i < N; i++) {
            w[i] = i % 11 == 3 ? 0.0 : 3 * r.nextDouble();
        }
        return w;
    }

    /** k~(u, v) = k(u, L) k(L, L)^-1 k(L, v). */
    private Matrix sketched(Matrix u, Matrix v) {
        return TestMatrices.naiveMultiply(kernel.gram(u, landmarks),
                TestMatrices.naiveSolve(kernel.gram(landmarks), kernel.gram(landmarks, v)));
    }

    /** The naive weighted ridge on the given training rows: predictions at {@code at}. */
    private Matrix naive(int[] train, Matrix at, double lambda) {
        Matrix xt = x.selectRows(train);
        int n = train.length;
        double total = IntStream.of(train).mapToDouble(i -> weights[i]).sum();
        Matrix k = sketched(xt, xt);
        Matrix wk = Matrix.zeros(n, n);
        Matrix wy = Matrix.zeros(n, D);
        for (int i = 0; i < n; i++) {
            double w = weights[train[i]] * n / total;
            for (int j = 0; j < n; j++) {
                wk.set(i, j, w * k.get(i, j));
            }
            for (int c = 0; c < D; c++) {
                wy.set(i, c, w * y.get(train[i], c));
            }
        }
        Matrix alpha = TestMatrices.naiveSolve(wk.addToDiagonal(n * lambda), wy);
        return TestMatrices.naiveMultiply(sketched(at, xt), alpha);
    }

    /** The weighted squared errors of a fold, per output, rescaled by rows / total weight. */
    private double[] foldErrors(int[] fold, Matrix predicted) {
        double total = IntStream.of(fold).mapToDouble(i -> weights[i]).sum();
        double[] e = new double[D];
        for (int k = 0; k < fold.length; k++) {
            for (int c = 0; c < D; c++) {
                double r = y.get(fold[k], c) - predicted.get(k, c);
                e[c] += weights[fold[k]] * r * r * fold.length / total;
            }
        }
        return e;
    }

    private void check(FoldScheme scheme, SquaredErrors[][] validation, Matrix[] finalWeights, double tolerance) {
        for (int f = 0; f < scheme.validationFolds(); f++) {
            int fold = f;
            int[] train = IntStream.range(0, N).filter(i -> scheme.groupOf(i) != fold).toArray();
            int[] valid = IntStream.range(0, N).filter(i -> scheme.groupOf(i) == fold).toArray();
            for (int j = 0; j < LAMBDAS.length; j++) {
                double[] expected = foldErrors(valid, naive(train, x.selectRows(valid), LAMBDAS[j]));
                for (int c = 0; c < D; c++) {
                    assertThat(validation[f][j].squaredErrors()[c]).as("fold %d, lambda %s", f, LAMBDAS[j])
                            .isCloseTo(expected[c], org.assertj.core.data.Offset.offset(tolerance
                                    * (1 + expected[c])));
                    assertThat(validation[f][j].counts()[c]).isEqualTo(valid.length);
                }
            }
        }
        Matrix test = TestMatrices.random(9, 2, 24);
        int[] all = IntStream.range(0, N).toArray();
        for (int j = 0; j < LAMBDAS.length; j++) {
            TestMatrices.assertClose(naive(all, test, LAMBDAS[j]), TestMatrices.naiveMultiply(
                    features.features(test), finalWeights[j]), tolerance);
        }
    }

    @Test
    void theEigenRouteSolvesTheWeightedRidgeAndScoresWeightedErrors() {
        FoldScheme scheme = FoldScheme.kFold(4, 25);
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, D, la, 13, new StreamTimings());
        for (int from = 0; from < N; from += 20) {
            int to = Math.min(N, from + 20);
            accumulator.add(from, x.rowRange(from, to), y.rowRange(from, to),
                    java.util.Arrays.copyOfRange(weights, from, to));
        }
        FoldAggregates sums = accumulator.aggregates();
        assertThat(sums.weight(scheme.trainingGroups(-1))).isCloseTo(java.util.Arrays.stream(weights).sum(),
                org.assertj.core.data.Offset.offset(1e-12));
        SketchSelection.Result result = SketchSelection.solve(sums, scheme,
                Whitening.of(features.metric(), features.size(), la), OutputSpectrum.identity(D),
                new SolveFixtures.Tikhonov(LAMBDAS), la);
        check(scheme, result.validation(), result.weights(), 1e-8);
        // the same output matrix four times over: the solve then scores in the basis of the weights
        assertThat(SketchSolve.inBasis(4, LAMBDAS.length, D, features.size())).isTrue();
        for (SketchSelection.Result each : SketchSelection.solve(sums, scheme, Whitening.of(features.metric(),
                features.size(), la), java.util.Collections.nCopies(4, OutputSpectrum.identity(D)),
                new SolveFixtures.Tikhonov(LAMBDAS), la, org.okl.linalg.parallel.Workers.shared())) {
            check(scheme, each.validation(), each.weights(), 1e-8);
        }
    }

    @Test
    void falkonSolvesTheSameWeightedRidge() {
        FoldScheme scheme = FoldScheme.kFold(3, 26);
        PassContext context = new PassContext(features, scheme, 11, la, new StreamTimings());
        FalkonPasses passes = new FalkonPasses() {
            @Override
            public int sets() {
                return scheme.validationFolds() + 1;
            }

            @Override
            public CrossSums cross() {
                CrossSums sums = new CrossSums(scheme.groups(), features.size(), D);
                sums.add(0, x, y, weights, context);
                return sums;
            }

            @Override
            public Matrix[] apply(Matrix[] v) {
                SetProducts products = new SetProducts(features.size(), SetProducts.offsets(v));
                Matrix stacked = SetProducts.stack(v, features.size());
                for (int from = 0; from < N; from += 30) {
                    int to = Math.min(N, from + 30);
                    products.add(from, x.rowRange(from, to), java.util.Arrays.copyOfRange(weights, from, to),
                            stacked, context);
                }
                return products.products();
            }

            @Override
            public SquaredErrors[][] validate(Matrix[][] w) {
                ValidationSums sums = new ValidationSums(scheme.validationFolds(), w[0].length, D);
                sums.add(0, x, y, weights, ValidationSums.stack(w, scheme.validationFolds()), context);
                return sums.result();
            }
        };
        SketchSelection.Result result = new FalkonRoute(la, 11, 400, 1e-12).fit(features, passes, scheme,
                OutputSpectrum.identity(D), new SolveFixtures.Tikhonov(LAMBDAS), new StreamTimings());
        check(scheme, result.validation(), result.weights(), 1e-7);
    }

    @Test
    void withoutWeightsTheSumsAreExactlyTheUnweightedOnesAndBadWeightsAreRefused() {
        FoldScheme scheme = FoldScheme.kFold(3, 27);
        BlockAccumulator plain = new BlockAccumulator(features, scheme, D, la, 16, new StreamTimings());
        BlockAccumulator ones = new BlockAccumulator(features, scheme, D, la, 16, new StreamTimings());
        double[] unit = new double[N];
        java.util.Arrays.fill(unit, 1.0);
        plain.add(0, x, y);
        ones.add(0, (InputRows) x, y, unit);
        boolean[] all = scheme.trainingGroups(-1);
        assertThat(ones.aggregates().gram(all).maxAbsDifference(plain.aggregates().gram(all))).isZero();
        assertThat(ones.aggregates().cross(all).maxAbsDifference(plain.aggregates().cross(all))).isZero();
        assertThat(ones.aggregates().weightScale(all)).isEqualTo(1.0);
        double[] negative = unit.clone();
        negative[40] = -1;
        assertThatThrownBy(() -> plain.add(0, x, y, negative)).isInstanceOf(OklException.class)
                .hasMessageContaining("row 41 has weight -1.0; weights must be finite and >= 0");
        FoldAggregates zero = new FoldAggregates(1, features.size(), D);
        zero.add(0, features.features(x), y, new double[N], la);
        assertThatThrownBy(() -> zero.gram(new boolean[] {true})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("84 rows of total weight 0.0");
    }

    @Test
    void sumsTravelAsLowerTriangles() throws Exception {
        FoldAggregates sums = new FoldAggregates(2, features.size(), D);
        sums.add(0, features.features(x.rowRange(0, 40)), y.rowRange(0, 40), java.util.Arrays.copyOf(weights, 40), la);
        sums.add(1, features.features(x.rowRange(40, N)), y.rowRange(40, N), la);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(sums);
        }
        FoldAggregates back;
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
                new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            back = (FoldAggregates) in.readObject();
        }
        for (int g = 0; g < 2; g++) {
            assertThat(back.gram(g).maxAbsDifference(sums.gram(g))).isZero();
            assertThat(back.cross(g).maxAbsDifference(sums.cross(g))).isZero();
            assertThat(back.weight(g)).isEqualTo(sums.weight(g));
            assertThat(back.rows(g)).isEqualTo(sums.rows(g));
        }
        int m = features.size();
        assertThat(FoldAggregates.serializedBytes(2, m, D)).isEqualTo(8L * 2 * (m * (m + 1) / 2 + m * D + 2 * D + 2));
    }
}
