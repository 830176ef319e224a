package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.RepeatedKFold;
import org.okl.core.select.Split;
import org.okl.decoders.Decoders;
import org.okl.decoders.Outputs;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;
import org.okl.metrics.Metrics;
import org.okl.testkit.NaiveRidge;

/**
 * The width and output-coupling search: its validation curve against dense Kronecker solves, the shared route
 * (one eigendecomposition per width and split) against one fit per grid point, and the alternatives of a preference
 * against searches restricted to each group.
 */
class SearchTest {
    private static final Okl OKL = Okl.builder().seed(9).build();
    private static final double[] FACTORS = {0.5, 1.0, 2.0};
    private static final double[] OMEGAS = {0.0, 0.5};
    private static final double[] LAMBDAS = {1e-1, 1e-2, 1e-4};

    /** 45 rows, 3 inputs, 3 correlated outputs. */
    private static Matrix[] data() {
        Random r = new Random(11);
        Matrix x = Matrix.zeros(45, 3);
        Matrix y = Matrix.zeros(45, 3);
        for (int i = 0; i < 45; i++) {
            for (int j = 0; j < 3; j++) {
                x.set(i, j, 2 * r.nextDouble() - 1);
            }
            double shared = Math.sin(3 * x.get(i, 0)) + x.get(i, 1);
            for (int j = 0; j < 3; j++) {
                y.set(i, j, shared + 0.3 * (j - 1) * x.get(i, 2) + 0.2 * r.nextGaussian());
            }
        }
        return new Matrix[] {x, y};
    }

    private static PipelineSpec searched(TypedSpec<VectorKernel> kernel, String factorKey) {
        return searched(kernel, factorKey, SelectionSpec.kfold(3).seed(4));
    }

    private static PipelineSpec searched(TypedSpec<VectorKernel> kernel, String factorKey,
            SelectionSpec.Builder splits) {
        return PipelineSpec.builder().kernel(kernel)
                .operator(Operators.separable(OutputMatrices.commonSimilarity(0.0)))
                .filter(Filters.tikhonov(LAMBDAS))
                .selection(splits.metric(Metrics.mse()).grid(factorKey, FACTORS)
                        .grid("operator.matrix.omega", OMEGAS).build())
                .build();
    }

    @Test
    void theCurveEqualsDenseKroneckerSolves() {
        Matrix[] xy = data();
        Model model = OKL.pipeline(searched(Kernels.gaussianMedianWidth(), "kernel.factor"))
                .fit(TrainingData.of(xy[0], xy[1]));
        double[][][] expected = new double[FACTORS.length][OMEGAS.length][LAMBDAS.length];
        for (Split s : new KFold(3, 4).splits(45)) {
            Matrix a = xy[0].selectRows(s.train());
            Matrix b = xy[0].selectRows(s.validation());
            Matrix ytr = xy[1].selectRows(s.train());
            Matrix yva = xy[1].selectRows(s.validation());
            double median = NaiveRidge.medianDistance(a);
            for (int f = 0; f < FACTORS.length; f++) {
                for (int o = 0; o < OMEGAS.length; o++) {
                    Matrix am = Matrix.zeros(3, 3);
                    java.util.Arrays.fill(am.data(), OMEGAS[o]);
                    am.addToDiagonal(1 - OMEGAS[o]);
                    for (int l = 0; l < LAMBDAS.length; l++) {
                        Matrix c = NaiveRidge.ridge(a, ytr, FACTORS[f] * median, LAMBDAS[l], am);
                        Matrix p = NaiveRidge.predict(b, a, c, FACTORS[f] * median, am);
                        double e = 0;
                        for (int k = 0; k < p.data().length; k++) {
                            e += Math.pow(p.data()[k] - yva.data()[k], 2) / p.data().length;
                        }
                        expected[f][o][l] += e / 3;
                    }
                }
            }
        }
        List<Provenance.CurvePoint> all = model.provenance().validationCurve();
        int beyond = beyondTheGrid(model, FACTORS.length * OMEGAS.length * LAMBDAS.length,
                "kernel.factor");
        List<Provenance.CurvePoint> curve = all.subList(0, FACTORS.length * OMEGAS.length * LAMBDAS.length);
        int at = 0;
        for (int f = 0; f < FACTORS.length; f++) {
            for (int o = 0; o < OMEGAS.length; o++) {
                for (int l = 0; l < LAMBDAS.length; l++) {
                    double e = curve.get(at++).error();
                    assertThat(e).as("factor %s omega %s lambda %s", FACTORS[f], OMEGAS[o], LAMBDAS[l])
                            .isCloseTo(expected[f][o][l], within(1e-8 * expected[f][o][l]));
                }
            }
        }
        assertThat(model.provenance().search().decompositions()).as("one per width and split, and per value "
                + "beyond the grid").isEqualTo(9 + 3 * beyond);
        assertThat(model.provenance().search().candidates()).isEqualTo(18 + LAMBDAS.length * beyond);
    }

    /**
     * Selection on {@code target-mse} with one-hot classes: the curve is the squared error of dense ridge solves on
     * the one-hot codes of each fold's validation rows.
     */
    @Test
    void theTargetMseCurveEqualsDenseOneHotSolves() {
        Matrix[] xy = data();
        Matrix classes = Matrix.zeros(45, 1);
        for (int i = 0; i < 45; i++) {
            double s = xy[1].get(i, 0);
            classes.set(i, 0, s < -0.3 ? 0 : s < 0.6 ? 1 : 2);
        }
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussianMedianWidth())
                .operator(Operators.separable(OutputMatrices.identity())).output(Outputs.oneHot())
                .decoder(Decoders.argmax()).filter(Filters.tikhonov(LAMBDAS))
                .selection(SelectionSpec.kfold(3).metric(Metrics.targetMse()).grid("kernel.factor", FACTORS)
                        .seed(4).build())
                .build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(xy[0], classes));
        Matrix codes = Matrix.zeros(45, 3);
        for (int i = 0; i < 45; i++) {
            codes.set(i, (int) classes.get(i, 0), 1.0);
        }
        assertTheCurveIsDenseTargetMse(model, xy[0], codes);
    }

    /**
     * Asserts that the first grid points of the model's validation curve (factors by lambdas) equal the squared error
     * of dense ridge solves on the given codes, averaged over the fold's validation entries and the 3 folds.
     */
    private static void assertTheCurveIsDenseTargetMse(Model model, Matrix inputs, Matrix codes) {
        int d = codes.cols();
        double[][] expected = new double[FACTORS.length][LAMBDAS.length];
        for (Split s : new KFold(3, 4).splits(inputs.rows())) {
            Matrix a = inputs.selectRows(s.train());
            Matrix b = inputs.selectRows(s.validation());
            Matrix ytr = codes.selectRows(s.train());
            Matrix yva = codes.selectRows(s.validation());
            double median = NaiveRidge.medianDistance(a);
            for (int f = 0; f < FACTORS.length; f++) {
                for (int l = 0; l < LAMBDAS.length; l++) {
                    Matrix c = NaiveRidge.ridge(a, ytr, FACTORS[f] * median, LAMBDAS[l], Matrix.identity(d));
                    Matrix p = NaiveRidge.predict(b, a, c, FACTORS[f] * median, Matrix.identity(d));
                    double e = 0;
                    for (int k = 0; k < p.data().length; k++) {
                        e += Math.pow(p.data()[k] - yva.data()[k], 2) / p.data().length;
                    }
                    expected[f][l] += e / 3;
                }
            }
        }
        List<Provenance.CurvePoint> curve = model.provenance().validationCurve();
        int at = 0;
        for (int f = 0; f < FACTORS.length; f++) {
            for (int l = 0; l < LAMBDAS.length; l++) {
                assertThat(curve.get(at++).error()).as("factor %s lambda %s", FACTORS[f], LAMBDAS[l])
                        .isCloseTo(expected[f][l], within(1e-8 * expected[f][l]));
            }
        }
    }

    /**
     * Selection on {@code target-mse} with 0/1 labels coded plus-minus and a fixed threshold: the curve is the squared
     * error of dense ridge solves on the +-1 codes; the same labels with per-label thresholds tuned on held-out
     * predictions are refused (the metric cannot tune them).
     */
    @Test
    void aFixedThresholdIsChosenOnTargetMseAndATunedOneIsRefused() {
        Matrix[] xy = data();
        Matrix labels = Matrix.zeros(45, 2);
        for (int i = 0; i < 45; i++) {
            labels.set(i, 0, xy[1].get(i, 0) > 0.1 ? 1 : 0);
            labels.set(i, 1, xy[1].get(i, 1) > -0.2 ? 1 : 0);
        }
        SelectionSpec selection = SelectionSpec.kfold(3).metric(Metrics.targetMse()).grid("kernel.factor", FACTORS)
                .seed(4).build();
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussianMedianWidth())
                .operator(Operators.separable(OutputMatrices.identity())).output(Outputs.labelsPlusMinus())
                .decoder(Decoders.threshold(0.0)).filter(Filters.tikhonov(LAMBDAS)).selection(selection).build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(xy[0], labels));
        Matrix codes = Matrix.zeros(45, 2);
        for (int k = 0; k < codes.data().length; k++) {
            codes.data()[k] = 2 * labels.data()[k] - 1;
        }
        assertTheCurveIsDenseTargetMse(model, xy[0], codes);
        PipelineSpec tuned = spec.withDecoder(Decoders.perLabelThresholds(false));
        assertThatThrownBy(() -> OKL.pipeline(tuned).fit(TrainingData.of(xy[0], labels)))
                .isInstanceOf(OklException.class).hasMessageContaining("cannot tune the decoder's thresholds");
    }

    /**
     * The grid variants the search tried beyond the grid's edges (the curve's points after the grid's, a path each),
     * checked to lie outside the grid and to be named in the selection's description.
     */
    private static int beyondTheGrid(Model model, int gridPoints, String factorKey) {
        List<Provenance.CurvePoint> curve = model.provenance().validationCurve();
        assertThat((curve.size() - gridPoints) % LAMBDAS.length).isZero();
        int beyond = (curve.size() - gridPoints) / LAMBDAS.length;
        for (Provenance.CurvePoint p : curve.subList(gridPoints, curve.size())) {
            double factor = ((Number) p.grid().get(factorKey)).doubleValue();
            double omega = ((Number) p.grid().get("operator.matrix.omega")).doubleValue();
            assertThat(factor < FACTORS[0] || factor > FACTORS[FACTORS.length - 1] || omega < OMEGAS[0]
                    || omega > OMEGAS[OMEGAS.length - 1]).as("%s lies beyond the grid", p.grid()).isTrue();
            assertThat(model.provenance().selection()).contains("was the grid's");
        }
        return beyond;
    }

    /**
     * Repeated k-fold scores every candidate on every round's folds: its curve is the mean of the k-fold curves with
     * the rounds' seeds (each checked against dense solves above), and the description names the rounds.
     */
    @Test
    void aRepeatedKFoldCurveIsTheMeanOfItsRoundsKFoldCurves() {
        Matrix[] xy = data();
        TrainingData data = TrainingData.of(xy[0], xy[1]);
        Model repeated = OKL.pipeline(searched(Kernels.gaussianMedianWidth(), "kernel.factor",
                SelectionSpec.repeatedKfold(3, 3).seed(4))).fit(data);
        int points = FACTORS.length * OMEGAS.length * LAMBDAS.length;
        double[] mean = new double[points];
        for (KFold round : new RepeatedKFold(3, 3, 4).rounds()) {
            Model one = OKL.pipeline(searched(Kernels.gaussianMedianWidth(), "kernel.factor",
                    SelectionSpec.kfold(3).seed(round.seed()))).fit(data);
            List<Provenance.CurvePoint> curve = one.provenance().validationCurve();
            for (int i = 0; i < points; i++) {
                mean[i] += curve.get(i).error() / 3;
            }
        }
        List<Provenance.CurvePoint> curve = repeated.provenance().validationCurve();
        for (int i = 0; i < points; i++) {
            assertThat(curve.get(i).error()).as("grid point %d", i).isCloseTo(mean[i], within(1e-9 * mean[i]));
        }
        assertThat(repeated.provenance().search().splits()).isEqualTo(9);
        assertThat(repeated.provenance().selection()).startsWith("3 x 3-fold cross-validation on mse");
    }

    @Test
    void theSharedRouteEqualsOneFitPerGridPoint() {
        Matrix[] xy = data();
        Model shared = OKL.pipeline(searched(Kernels.gaussianMedianWidth(), "kernel.factor"))
                .fit(TrainingData.of(xy[0], xy[1]));
        // the same kernel, scaled by 1: not a distance kernel, so every grid point is fitted by its solver
        Model separate = OKL.pipeline(searched(Kernels.scaled(1.0, Kernels.gaussianMedianWidth()),
                "kernel.kernel.factor")).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(separate.provenance().search().decompositions()).isEqualTo(3 * (6 + beyondTheGrid(separate,
                18, "kernel.kernel.factor")));
        List<Provenance.CurvePoint> a = shared.provenance().validationCurve();
        List<Provenance.CurvePoint> b = separate.provenance().validationCurve();
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).error()).isCloseTo(b.get(i).error(), within(1e-9 * b.get(i).error()));
        }
    }

    @Test
    void aStreamedSearchSharesEachWidthsPassesBetweenOutputMatricesAndScoresAsOneFitPerGridPoint() {
        Matrix[] xy = data();
        ComponentSpec sketch = ComponentSpec.of("nystrom", "rank", 20);
        Model shared = OKL.pipeline(searched(Kernels.gaussianMedianWidth(), "kernel.factor").toBuilder()
                .approximation(sketch).build()).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(shared.provenance().sketch()).contains("nystrom");
        int beyond = beyondTheGrid(shared, FACTORS.length * OMEGAS.length * LAMBDAS.length,
                "kernel.factor");
        assertThat(shared.provenance().search().decompositions()).as("one pass per width, and per value beyond the "
                + "grid").isEqualTo(3 + beyond);
        List<Provenance.CurvePoint> curve = shared.provenance().validationCurve();
        for (int o = 0; o < OMEGAS.length; o++) {
            PipelineSpec alone = PipelineSpec.builder().kernel(Kernels.gaussianMedianWidth())
                    .operator(Operators.separable(OutputMatrices.commonSimilarity(OMEGAS[o])))
                    .filter(Filters.tikhonov(LAMBDAS)).approximation(sketch)
                    .selection(SelectionSpec.kfold(3).metric(Metrics.mse()).grid("kernel.factor", FACTORS).seed(4)
                            .build())
                    .build();
            List<Provenance.CurvePoint> separate = OKL.pipeline(alone).fit(TrainingData.of(xy[0], xy[1]))
                    .provenance().validationCurve();
            for (int f = 0; f < FACTORS.length; f++) {
                for (int l = 0; l < LAMBDAS.length; l++) {
                    Provenance.CurvePoint a = curve.get((f * OMEGAS.length + o) * LAMBDAS.length + l);
                    Provenance.CurvePoint b = separate.get(f * LAMBDAS.length + l);
                    assertThat(a.grid()).containsEntry("operator.matrix.omega", OMEGAS[o])
                            .containsEntry("kernel.factor", FACTORS[f]);
                    assertThat(a.error()).as("factor %s omega %s lambda %s", FACTORS[f], OMEGAS[o], LAMBDAS[l])
                            .isCloseTo(b.error(), within(1e-10 * b.error()));
                }
            }
        }
    }

    /**
     * A choice at the first or last point of the Tikhonov path is stated on the low-rank (streamed) route as on the
     * exact one: a path of heavy lambdas chooses its smallest, a path around the best chooses inside it.
     */
    @Test
    void aChoiceAtThePathsEdgeIsStatedOnTheLowRankRoute() {
        Matrix[] xy = data();
        PipelineSpec heavy = searched(Kernels.gaussianMedianWidth(), "kernel.factor").toBuilder()
                .filter(Filters.tikhonov(new double[] {10.0, 5.0, 2.0}))
                .approximation(ComponentSpec.of("nystrom", "rank", 20)).build();
        Model edge = OKL.pipeline(heavy).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(edge.provenance().selection()).contains("in one pass over the rows");
        assertThat(edge.provenance().chosen()).containsEntry("filter.lambda", 2.0);
        assertThat(edge.provenance().selection()).endsWith(
                "; filter.lambda = 2.0 is the path's smallest value (an edge: the path is not extended)");
        Model exact = OKL.pipeline(heavy.toBuilder().approximation((ComponentSpec) null).build())
                .fit(TrainingData.of(xy[0], xy[1]));
        assertThat(exact.provenance().selection()).contains("filter.lambda = 2.0 is the path's smallest value");
        Model inside = OKL.pipeline(heavy.toBuilder().filter(Filters.tikhonov(new double[] {1.0, 1e-2, 1e-8}))
                .build()).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(inside.provenance().chosen()).containsEntry("filter.lambda", 1e-2);
        assertThat(inside.provenance().selection()).doesNotContain("the path is not extended");
    }

    @Test
    void aScreenedSearchFitsAFewWidthsAtFullSizeAsTheFullGridDoesAndStopsAtALocalMinimum() {
        Matrix[] xy = data();
        double[] widths = {0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0};
        SelectionSpec.Builder selection = SelectionSpec.kfold(3).metric(Metrics.mse()).grid("kernel.factor", widths)
                .grid("operator.matrix.omega", OMEGAS).seed(4);
        PipelineSpec spec = searched(Kernels.gaussianMedianWidth(), "kernel.factor").toBuilder()
                .approximation(ComponentSpec.of("nystrom", "rank", 20)).selection(selection.build()).build();
        Model everyWidth = OKL.pipeline(spec).fit(TrainingData.of(xy[0], xy[1]));
        Model screened = OKL.pipeline(spec.toBuilder().selection(selection.screen("approximation.rank", 6).build())
                .build()).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(screened.provenance().selection()).contains("screened 7 grid points with approximation.rank = 6")
                .contains("at full size a local search from it fitted");
        // every full-size point the screened search fitted is the full grid's, to round-off
        Map<String, Double> full = new HashMap<>();
        Map<Double, Double> bestPerWidth = new TreeMap<>();
        for (Provenance.CurvePoint p : everyWidth.provenance().validationCurve()) {
            full.put(p.grid() + " " + p.pathValue(), p.error());
            bestPerWidth.merge(((Number) p.grid().get("kernel.factor")).doubleValue(), p.error(), Math::min);
        }
        Set<Double> fitted = new TreeSet<>();
        int beyond = 0;
        for (Provenance.CurvePoint p : screened.provenance().validationCurve()) {
            double factor = ((Number) p.grid().get("kernel.factor")).doubleValue();
            if (factor < widths[0] || factor > widths[widths.length - 1]) {
                beyond++;
                continue;
            }
            assertThat(full).containsKey(p.grid() + " " + p.pathValue());
            assertThat(p.error()).isCloseTo(full.get(p.grid() + " " + p.pathValue()), within(1e-10 * p.error()));
            fitted.add(factor);
        }
        assertThat(fitted.size()).as("widths fitted at full size").isBetween(1, widths.length - 1);
        // the choice is a local minimum of the full grid along the width, but for neighbours the screen ruled out
        double chosen = ((Number) screened.provenance().chosen().get("kernel.factor")).doubleValue();
        assertThat(chosen).as("the data's best width lies inside the grid").isBetween(widths[0],
                widths[widths.length - 1]);
        List<Double> order = List.copyOf(bestPerWidth.keySet());
        int at = order.indexOf(chosen);
        for (int j : new int[] {at - 1, at + 1}) {
            if (j >= 0 && j < order.size() && bestPerWidth.get(order.get(j)) < bestPerWidth.get(chosen)) {
                assertThat(screened.provenance().selection()).as("a better neighbour is one the screen ruled out")
                        .contains("kernel.factor = " + order.get(j) + " (");
                assertThat(fitted).doesNotContain(order.get(j));
            }
        }
        // one pass per screened width and per width fitted at full size
        assertThat(screened.provenance().search().decompositions()).isEqualTo(widths.length + fitted.size()
                + beyond / LAMBDAS.length);
    }

    @Test
    void theAlternativesOfAPreferenceAreWhatEachGroupsOwnSearchChooses() {
        Matrix[] xy = data();
        PipelineSpec base = searched(Kernels.gaussianMedianWidth(), "kernel.factor");
        SelectionSpec s = base.selection().orElseThrow();
        PipelineSpec preferring = base.withSelection(s.toBuilder().prefer("operator.matrix.omega", 0.0).build());
        TrainingData data = TrainingData.of(xy[0], xy[1]);
        Model auto = OKL.pipeline(preferring).fit(data);
        assertThat(auto.alternatives()).containsOnlyKeys("preferred", "other");
        Matrix xt = data()[0].rowRange(0, 6);
        for (double[] omegas : new double[][] {{0.0}, {0.5}}) {
            PipelineSpec only = base.withSelection(SelectionSpec.kfold(3).metric(Metrics.mse())
                    .grid("kernel.factor", FACTORS).grid("operator.matrix.omega", omegas).seed(4).build());
            Model own = OKL.pipeline(only).fit(data);
            Model alternative = OKL.pipeline(auto.alternatives().get(omegas[0] == 0.0 ? "preferred" : "other"))
                    .fit(data);
            assertThat(alternative.predict(xt).outputs().maxAbsDifference(own.predict(xt).outputs()))
                    .isLessThan(1e-10);
        }
    }

    @Test
    void tunedThresholdAlternativesAreWhatEachGroupsOwnSearchChooses() {
        Matrix[] xy = data();
        Matrix labels = Matrix.zeros(45, 3);
        for (int i = 0; i < 45; i++) {
            for (int j = 0; j < 3; j++) {
                labels.set(i, j, xy[1].get(i, j) > 0.3 * j ? 1 : 0);
            }
        }
        PipelineSpec base = PipelineSpec.builder().kernel(Kernels.gaussianMedianWidth())
                .operator(Operators.separable(OutputMatrices.commonSimilarity(0.0))).output(Outputs.labels())
                .decoder(Decoders.thresholdsForMetric(true))
                .filter(Filters.tikhonov(LAMBDAS)).build();
        SelectionSpec.Builder grid = SelectionSpec.kfold(3).metric(Metrics.hammingLoss()).grid("kernel.factor",
                FACTORS).seed(4);
        TrainingData data = TrainingData.of(xy[0], labels);
        Model auto = OKL.pipeline(base.withSelection(grid.grid("operator.matrix.omega", OMEGAS)
                .prefer("operator.matrix.omega", 0.0).build())).fit(data);
        assertThat(auto.spec().decoder().parameters()).containsKey("thresholds");
        for (double[] omegas : new double[][] {{0.0}, {0.5}}) {
            Model own = OKL.pipeline(base.withSelection(SelectionSpec.kfold(3).metric(Metrics.hammingLoss())
                    .grid("kernel.factor", FACTORS).grid("operator.matrix.omega", omegas).seed(4).build()))
                    .fit(data);
            Model alternative = OKL.pipeline(auto.alternatives().get(omegas[0] == 0.0 ? "preferred" : "other"))
                    .fit(data);
            @SuppressWarnings("unchecked")
            List<Double> a = (List<Double>) alternative.spec().decoder().parameters().get("thresholds");
            @SuppressWarnings("unchecked")
            List<Double> b = (List<Double>) own.spec().decoder().parameters().get("thresholds");
            for (int j = 0; j < 3; j++) {
                assertThat(a.get(j)).isCloseTo(b.get(j), within(1e-12));
            }
            assertThat(alternative.predict(xy[0]).outputs().maxAbsDifference(own.predict(xy[0]).outputs()))
                    .isZero();
        }
    }
}
