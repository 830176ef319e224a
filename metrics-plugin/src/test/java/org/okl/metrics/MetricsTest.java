package org.okl.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.LabelCountMetric;
import org.okl.api.metric.LabelCounts;
import org.okl.api.metric.Metric;
import org.okl.core.plugin.ValidatedParameters;
import org.okl.testkit.TestContext;

class MetricsTest {
    private static final double EPS = 1e-12;

    private static Matrix m(double[][] rows) {
        return Matrix.fromRows(rows);
    }

    private static Decoded out(double[][] rows) {
        return Decoded.of(m(rows));
    }

    @Test
    void mseAndRmse() {
        // errors 0, -2, 2, 0 -> squared 0, 4, 4, 0 -> mean 8/4 = 2
        Matrix y = m(new double[][] {{1, 2}, {3, 4}});
        Decoded f = out(new double[][] {{1, 0}, {5, 4}});
        assertThat(new MeanSquaredError(false).evaluate(y, f)).isCloseTo(2.0, within(EPS));
        assertThat(new MeanSquaredError(true).evaluate(y, f)).isCloseTo(Math.sqrt(2), within(EPS));
        // a missing true value (NaN) is left out: squared errors 0, 4, 4 over 3 entries
        Matrix missing = m(new double[][] {{1, 2}, {3, Double.NaN}});
        assertThat(new MeanSquaredError(false).evaluate(missing, f)).isCloseTo(8.0 / 3, within(EPS));
        assertThatThrownBy(() -> new MeanSquaredError(false).evaluate(y, out(new double[][] {{1, 2}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mse: predictions are 1 x 2");
    }

    @Test
    void averageRelativeRmse() {
        // output 0: truth 1,2,3 (mean 2, spread 1+0+1 = 2), prediction 1,2,4 (error 1): sqrt(1/2) = 0.70710678
        // output 1: truth 0,0,6 (mean 2, spread 4+4+16 = 24), prediction 1,1,4 (error 1+1+4 = 6): sqrt(6/24) = 0.5
        // output 2: constant truth 5,5,5 -> skipped. aRRMSE = (0.70710678 + 0.5) / 2 = 0.60355339
        Matrix y = m(new double[][] {{1, 0, 5}, {2, 0, 5}, {3, 6, 5}});
        Decoded f = out(new double[][] {{1, 1, 4}, {2, 1, 5}, {4, 4, 6}});
        assertThat(new AverageRelativeRmse().evaluate(y, f)).isCloseTo((Math.sqrt(0.5) + 0.5) / 2, within(EPS));
        assertThat((Math.sqrt(0.5) + 0.5) / 2).isCloseTo(0.60355339, within(1e-8));
        assertThatThrownBy(() -> new AverageRelativeRmse().evaluate(m(new double[][] {{5}, {5}}),
                out(new double[][] {{1}, {2}}))).hasMessageContaining("arrmse: every output is constant");
    }

    @Test
    void averageRelativeRmseSkipsConstantOutputsWhoseMeanIsNotExact() {
        // 0.1 + 0.1 + 0.1 = 0.30000000000000004, so the mean differs from 0.1 in the last bit and the spread is
        // ~1e-33 instead of 0; that output must still be skipped, leaving output 0's sqrt(1/2)
        Matrix y = m(new double[][] {{1, 0.1}, {2, 0.1}, {3, 0.1}});
        Decoded f = out(new double[][] {{1, 0.3}, {2, 0.2}, {4, 0.0}});
        assertThat(new AverageRelativeRmse().evaluate(y, f)).isCloseTo(Math.sqrt(0.5), within(EPS));
    }

    @Test
    void explainedVariance() {
        // truth 1,2,3,6: mean 3, variance (4+1+0+9)/4 = 3.5; prediction 1,2,3,4: MSE 4/4 = 1 -> 1 - 1/3.5 = 5/7
        Matrix y = m(new double[][] {{1}, {2}, {3}, {6}});
        assertThat(new ExplainedVariance().evaluate(y, out(new double[][] {{1}, {2}, {3}, {4}})))
                .isCloseTo(5.0 / 7, within(EPS));
        // predicting the mean explains nothing
        assertThat(new ExplainedVariance().evaluate(y, out(new double[][] {{3}, {3}, {3}, {3}})))
                .isCloseTo(0.0, within(EPS));
    }

    @Test
    void rbfLoss() {
        // row 1: ||(0,0)-(1,1)||^2 = 2 -> 2 - 2 exp(-2/(2*1)) = 2 - 2/e = 1.26424112; row 2 exact -> 0
        Matrix y = m(new double[][] {{0, 0}, {3, 4}});
        Decoded f = out(new double[][] {{1, 1}, {3, 4}});
        assertThat(new RbfLoss(1).evaluate(y, f)).isCloseTo((2 - 2 / Math.E) / 2, within(EPS));
        assertThat((2 - 2 / Math.E) / 2).isCloseTo(0.63212056, within(1e-8));
        // sigma 2: 2 - 2 exp(-2/8) = 0.44239843, mean 0.22119922
        assertThat(new RbfLoss(2).evaluate(y, f)).isCloseTo(0.22119922, within(1e-8));
        assertThatThrownBy(() -> new RbfLoss(0)).hasMessageContaining("sigma");
    }

    @Test
    void angularError() {
        // (0,0) -> (0,0,1); (1,0) -> (1,0,1)/sqrt2: cos = 1/sqrt2 -> pi/4
        // (1,0) vs (1,0): 0
        // (1,1) -> (1,1,1)/sqrt3; (-1,-1) -> (-1,-1,1)/sqrt3: cos = -1/3 -> 1.91063324
        Matrix y = m(new double[][] {{0, 0}, {1, 0}, {1, 1}});
        Decoded f = out(new double[][] {{1, 0}, {1, 0}, {-1, -1}});
        double expected = (Math.PI / 4 + 0 + Math.acos(-1.0 / 3)) / 3;
        assertThat(new AngularError().evaluate(y, f)).isCloseTo(expected, within(EPS));
        assertThat(Math.acos(-1.0 / 3)).isCloseTo(1.91063324, within(1e-8));
    }

    private static final double[][] LABELS = {{1, 0, 1}, {0, 0, 1}, {0, 0, 0}};
    private static final double[][] PREDICTED = {{1, 1, 1}, {0, 0, 0}, {0, 0, 0}};

    @Test
    void hammingLoss() {
        // wrong: (0,1) and (1,2) -> 2 of 9
        assertThat(new HammingLoss().evaluate(m(LABELS), out(PREDICTED))).isCloseTo(2.0 / 9, within(EPS));
        // -1 codes a negative label just like 0
        double[][] plusMinus = {{1, -1, 1}, {-1, -1, 1}, {-1, -1, -1}};
        assertThat(new HammingLoss().evaluate(m(plusMinus), out(PREDICTED))).isCloseTo(2.0 / 9, within(EPS));
        assertThatThrownBy(() -> new HammingLoss().evaluate(m(LABELS), out(new double[][] {{0.7, 0, 0}, {0, 0, 0},
            {0, 0, 0}}))).hasMessageContaining("predicted value 0.7 at row 0, column 0 is not a label");
    }

    @Test
    void f1Scores() {
        // example: row 0: y={0,2}, yh={0,1,2}: 2*2/(2+3) = 0.8; row 1: y={2}, yh={}: 0; row 2: both empty: 1
        //          -> (0.8 + 0 + 1) / 3 = 0.6
        // micro: TP 2, FP 1, FN 1 -> 4 / 6 = 2/3
        // macro: label 0: TP 1 -> 1; label 1: FP 1 -> 0; label 2: TP 1, FN 1 -> 2/3 -> (1 + 0 + 2/3)/3 = 5/9
        Matrix y = m(LABELS);
        Decoded f = out(PREDICTED);
        assertThat(new F1Score(F1Score.Averaging.EXAMPLE).evaluate(y, f)).isCloseTo(0.6, within(EPS));
        assertThat(new F1Score(F1Score.Averaging.MICRO).evaluate(y, f)).isCloseTo(2.0 / 3, within(EPS));
        assertThat(new F1Score(F1Score.Averaging.MACRO).evaluate(y, f)).isCloseTo(5.0 / 9, within(EPS));
    }

    /**
     * The counted metrics from hand-counted confusion counts of LABELS against PREDICTED (label 0: TP 1, TN 2;
     * label 1: FP 1, TN 2; label 2: TP 1, FN 1, TN 1), equal to their evaluation on the rows; f1-example has none.
     */
    @Test
    void hammingLossAndPooledF1FromLabelCounts() {
        LabelCounts counts = new LabelCounts(new long[] {1, 0, 1}, new long[] {0, 1, 0}, new long[] {0, 0, 1},
                new long[] {2, 2, 1});
        Matrix y = m(LABELS);
        Decoded f = out(PREDICTED);
        HammingLoss hamming = new HammingLoss();
        assertThat(hamming.fromCounts(counts)).isEqualTo(2.0 / 9).isEqualTo(hamming.evaluate(y, f));
        LabelCountMetric micro = F1Score.counted(F1Score.Averaging.MICRO);
        LabelCountMetric macro = F1Score.counted(F1Score.Averaging.MACRO);
        assertThat(micro.fromCounts(counts)).isCloseTo(2.0 / 3, within(EPS)).isEqualTo(micro.evaluate(y, f));
        assertThat(macro.fromCounts(counts)).isCloseTo(5.0 / 9, within(EPS)).isEqualTo(macro.evaluate(y, f));
        assertThat(micro.higherIsBetter()).isTrue();
        // no positive anywhere: F1 1, as on the rows
        LabelCounts none = new LabelCounts(new long[2], new long[2], new long[2], new long[] {2, 2});
        assertThat(micro.fromCounts(none)).isEqualTo(1.0);
        assertThat(macro.fromCounts(none)).isEqualTo(1.0);
        assertThatThrownBy(() -> F1Score.counted(F1Score.Averaging.EXAMPLE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void f1OfEmptyPredictionForEmptyTruthIsOne() {
        Matrix none = m(new double[][] {{0, 0}, {0, -1}});
        for (F1Score.Averaging a : F1Score.Averaging.values()) {
            assertThat(new F1Score(a).evaluate(none, out(new double[][] {{0, 0}, {0, 0}}))).isEqualTo(1.0);
        }
    }

    @Test
    void subsetAccuracy() {
        assertThat(new SubsetAccuracy().evaluate(m(LABELS), out(PREDICTED))).isCloseTo(1.0 / 3, within(EPS));
        // one class column: ordinary accuracy, 3 of 4
        assertThat(new SubsetAccuracy().evaluate(m(new double[][] {{3}, {1}, {2}, {2}}),
                out(new double[][] {{3}, {1}, {0}, {2}}))).isCloseTo(0.75, within(EPS));
    }

    @Test
    void meanAuc() {
        // label 0: scores .9 .8 .3 .3, truth 1 0 1 0. Pairs (pos, neg): (.9,.8)=1 (.9,.3)=1 (.3,.8)=0 (.3,.3)=1/2
        //          -> 2.5 / 4 = 0.625
        // label 1: truth -1 -1 1 1 (read as 0 0 1 1), scores increasing -> 1
        // label 2: never positive -> skipped.   mean = (0.625 + 1) / 2 = 0.8125
        Matrix y = m(new double[][] {{1, -1, 0}, {0, -1, 0}, {1, 1, 0}, {0, 1, 0}});
        Matrix scores = m(new double[][] {{.9, .1, .5}, {.8, .2, .4}, {.3, .3, .3}, {.3, .4, .2}});
        Decoded d = new Decoded(m(new double[][] {{1, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 1, 0}}), Optional.of(scores),
                Optional.empty());
        assertThat(new MeanAuc().evaluate(y, d)).isCloseTo(0.8125, within(EPS));
        assertThatThrownBy(() -> new MeanAuc().evaluate(y, Decoded.of(scores)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Decoded.scores");
        assertThatThrownBy(() -> new MeanAuc().evaluate(m(new double[][] {{1}, {1}}),
                new Decoded(scores.columnRange(0, 1).rowRange(0, 2), Optional.of(scores.columnRange(0, 1)
                        .rowRange(0, 2)), Optional.empty()))).hasMessageContaining("single class");
    }

    @Test
    void aucAgreesWithThePairCountOnRandomTiedScores() {
        java.util.Random r = new java.util.Random(7);
        for (int trial = 0; trial < 20; trial++) {
            int t = 30;
            double[] s = new double[t];
            boolean[] y = new boolean[t];
            for (int i = 0; i < t; i++) {
                s[i] = r.nextInt(6);
                y[i] = r.nextBoolean();
            }
            double pairs = 0;
            int count = 0;
            for (int a = 0; a < t; a++) {
                for (int b = 0; b < t; b++) {
                    if (y[a] && !y[b]) {
                        pairs += s[a] > s[b] ? 1 : s[a] == s[b] ? 0.5 : 0;
                        count++;
                    }
                }
            }
            assertThat(MeanAuc.auc(s, y, 0)).isCloseTo(pairs / count, within(EPS));
        }
    }

    @Test
    void topKAccuracy() {
        Matrix candidates = m(new double[][] {{0, 0}, {1, 1}, {2, 2}, {3, 3}});
        Matrix y = m(new double[][] {{1, 1}, {3, 3}, {5, 5}});
        int[][] ranking = {{0, 1, 2}, {3, 0, 1}, {2, 1, 0}};
        Decoded d = new Decoded(m(new double[][] {{0, 0}, {3, 3}, {2, 2}}), Optional.empty(),
                Optional.of(new Ranking(ranking, candidates)));
        // k=1: only row 1 (candidate 3); k=2: row 0 too (candidate 1 second); row 2's truth is no candidate
        assertThat(new TopKAccuracy(1).evaluate(y, d)).isCloseTo(1.0 / 3, within(EPS));
        assertThat(new TopKAccuracy(2).evaluate(y, d)).isCloseTo(2.0 / 3, within(EPS));
        assertThat(new TopKAccuracy(3).evaluate(y, d)).isCloseTo(2.0 / 3, within(EPS));
        // without a ranking, k = 1 compares the decoded outputs (rows 1 and 2 here: {3,3} right, {2,2} wrong)
        assertThat(new TopKAccuracy(1).evaluate(y, Decoded.of(m(new double[][] {{0, 0}, {3, 3}, {2, 2}}))))
                .isCloseTo(1.0 / 3, within(EPS));
        assertThatThrownBy(() -> new TopKAccuracy(2).evaluate(y, Decoded.of(y)))
                .hasMessageContaining("use the candidates decoder with rank >= 2");
    }

    @Test
    void perCharacterAccuracy() {
        // non-padding truth positions: 1,2,3 and 4,5 (5 in all); right: 1, 2, 4 -> 3/5
        Matrix y = m(new double[][] {{1, 2, 3, 0}, {4, 5, 0, 0}});
        Decoded f = out(new double[][] {{1, 2, 4, 9}, {4, 0, 0, 7}});
        assertThat(new PerCharacterAccuracy().evaluate(y, f)).isCloseTo(0.6, within(EPS));
    }

    @Test
    void catalogIdsDirectionsAndParameters() {
        Map<String, ComponentFactory<Metric>> byId = MetricCatalog.factories().stream()
                .collect(Collectors.toMap(ComponentFactory::id, f -> f));
        assertThat(byId.keySet()).containsExactlyInAnyOrder("mse", "rmse", "arrmse", "explained-variance",
                "rbf-loss", "angular-error", "hamming-loss", "f1-example", "f1-micro", "f1-macro", "mean-auc",
                "subset-accuracy", "top-k-accuracy", "per-character-accuracy", "target-mse");
        Map<String, Boolean> higher = Map.ofEntries(Map.entry("mse", false), Map.entry("rmse", false),
                Map.entry("arrmse", false), Map.entry("explained-variance", true), Map.entry("rbf-loss", false),
                Map.entry("angular-error", false), Map.entry("hamming-loss", false), Map.entry("f1-example", true),
                Map.entry("f1-micro", true), Map.entry("f1-macro", true), Map.entry("mean-auc", true),
                Map.entry("subset-accuracy", true), Map.entry("top-k-accuracy", true),
                Map.entry("per-character-accuracy", true), Map.entry("target-mse", false));
        higher.forEach((id, h) -> {
            ComponentFactory<Metric> f = byId.get(id);
            Object[] params = id.equals("rbf-loss") ? new Object[] {"sigma", 1.0} : new Object[0];
            assertThat(f.create(ValidatedParameters.bind(f, ComponentSpec.of(f.id(), params)), TestContext.active()).higherIsBetter()).as(id).isEqualTo(h);
        });
        assertThat(byId.get("rbf-loss").parameters().get(0).required()).isTrue();
    }

    @Test
    void targetMseAveragesTheSquaredDistancesOverRowsAndCoordinatesAndRefusesDecodedOutputs() {
        TargetMse metric = new TargetMse();
        // rows at squared distances 1, 4 and 0.25 from their codes in a 2-dimensional space: 5.25 / (3 * 2)
        assertThat(metric.fromSquaredDistances(new double[] {1, 4, 0.25}, 2)).isCloseTo(0.875, within(1e-15));
        assertThat(metric.higherIsBetter()).isFalse();
        assertThatThrownBy(() -> metric.fromSquaredDistances(new double[0], 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no validation rows");
        assertThatThrownBy(() -> metric.evaluate(Matrix.fromRows(new double[][] {{1}}),
                Decoded.of(Matrix.fromRows(new double[][] {{1}})))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("selection.metric");
    }
}
