package org.okl.decoders.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.LabelCoding;
import org.okl.decoders.output.LabelEmbedding;
import org.okl.decoders.output.VectorEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.decoders.testing.Outputs;
import org.okl.testkit.DecoderContract.SimpleDecodingContext;
import org.okl.testkit.DifferingEntries;
import org.okl.testkit.TestMatrices;

class ThresholdDecoderTest {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Outputs.distinctLabels(8, 4, 1);

    private SimpleDecodingContext labels(LabelCoding.Coding coding) {
        FittedOutputEmbedding e = new LabelEmbedding(coding).fit(new OutputData(training, Optional.empty()), context);
        return SimpleDecodingContext.of(e, training, context);
    }

    /**
     * Hand-computed F1 per candidate threshold (validation scores by label, truth in brackets):
     * <pre>
     * label 0: 0.9[1] 0.8[0] 0.3[1] 0.1[0]  F1: +inf 0, 0.85 2/3, 0.55 1/2, 0.2 4/5, -inf 2/3  -> 0.2
     * label 1: 0.4[0] 0.4[1] 0.6[1] 0.2[0]  F1: +inf 0, 0.5 2/3, 0.3 4/5, -inf 2/3             -> 0.3
     * label 2: 0.9[1] 0.6[0] 0.5[0] 0.1[1]  F1: +inf 0, 0.75 2/3, 0.55 1/2, 0.3 2/5, -inf 2/3  -> 0.75 (nearer 0.5)
     * label 3: no positive                  F1: +inf 1 (0/0), every other 0                    -> +inf
     * </pre>
     */
    @Test
    void perLabelThresholdsMaximiseF1OnValidationData() {
        Matrix scores = Matrix.fromRows(new double[][] {
            {0.9, 0.4, 0.9, 0.3}, {0.8, 0.4, 0.6, 0.2}, {0.3, 0.6, 0.5, 0.9}, {0.1, 0.2, 0.1, 0.1}});
        Matrix truth = Matrix.fromRows(new double[][] {{1, 0, 1, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}});
        ThresholdDecoder perLabel = new ThresholdDecoder(OptionalDouble.empty(), true, false);
        double[] thresholds = perLabel.tunedThresholds(scores, truth, labels(LabelCoding.Coding.ZERO_ONE));
        assertThat(thresholds)
                .containsExactly(new double[] {0.2, 0.3, 0.75, Double.POSITIVE_INFINITY}, within(1e-15));
        // the tuned spec carries the thresholds (infinity as the largest double, which JSON can hold)
        ComponentSpec spec = perLabel.tune(scores, truth, labels(LabelCoding.Coding.ZERO_ONE)).orElseThrow();
        assertThat(spec.name()).isEqualTo("threshold");
        assertThat(spec.parameters()).containsEntry("at-least-one", false);
        @SuppressWarnings("unchecked")
        List<Double> written = (List<Double>) spec.parameters().get("thresholds");
        assertThat(written).hasSize(4);
        for (int j = 0; j < 3; j++) {
            assertThat(written.get(j)).isCloseTo(thresholds[j], within(1e-15));
        }
        assertThat(written.get(3)).isEqualTo(Double.MAX_VALUE);
        Decoder tuned = new ThresholdDecoder(OptionalDouble.empty(), true, false, false, thresholds);

        Matrix test = Matrix.fromRows(new double[][] {{0.25, 0.29, 0.8, 5.0}, {0.1, 0.1, 0.1, 0.1}});
        assertThat(tuned.decode(test, labels(LabelCoding.Coding.ZERO_ONE)).outputs().toRows())
                .isDeepEqualTo(new double[][] {{1, 0, 1, 0}, {0, 0, 0, 0}});
        // nothing passes in row 1: margins score - threshold are -0.1, -0.2, -0.65, -inf, so label 0 is set
        Decoder atLeastOne = new ThresholdDecoder(OptionalDouble.empty(), true, true, false, thresholds);
        assertThat(atLeastOne.decode(test, labels(LabelCoding.Coding.ZERO_ONE)).outputs().row(1))
                .containsExactly(1, 0, 0, 0);
    }

    /** A missing validation label is left out: label 0 then has 0.9[1] 0.3[0], best cut 0.6. */
    @Test
    void missingValidationLabelsAreLeftOut() {
        Matrix scores = Matrix.fromRows(new double[][] {{0.9}, {0.8}, {0.3}});
        Matrix truth = Matrix.fromRows(new double[][] {{1}, {Double.NaN}, {0}});
        Matrix training = Matrix.fromRows(new double[][] {{0}, {1}});
        FittedOutputEmbedding e = new LabelEmbedding(LabelCoding.Coding.ZERO_ONE)
                .fit(new OutputData(training, Optional.empty()), context);
        double[] tuned = new ThresholdDecoder(OptionalDouble.empty(), true, false)
                .tunedThresholds(scores, truth, SimpleDecodingContext.of(e, training, context));
        assertThat(tuned[0]).isCloseTo(0.6, within(1e-15));
    }

    private static final DifferingEntries HAMMING = new DifferingEntries();

    /**
     * For the metric, two ways: one common threshold, then per label. By hand: label 0 scores 0.9[1] 0.7[0] 0.2[0]
     * 0.1[0] need a cut in (0.7, 0.9], label 1 scores 0.9[1] 0.8[1] 0.6[1] 0.3[0] one in (0.3, 0.6]; no common cut
     * does both (best: 1 wrong of 8), per-label cuts make none wrong.
     */
    @Test
    void tunedForTheMetricInTwoWaysCommonThenPerLabel() {
        Matrix scores = Matrix.fromRows(new double[][] {{0.9, 0.9}, {0.7, 0.8}, {0.2, 0.6}, {0.1, 0.3}});
        Matrix truth = Matrix.fromRows(new double[][] {{1, 1}, {0, 1}, {0, 1}, {0, 0}});
        Matrix twoLabels = Outputs.distinctLabels(8, 2, 1);
        SimpleDecodingContext ctx = SimpleDecodingContext.of(new LabelEmbedding(LabelCoding.Coding.ZERO_ONE)
                .fit(new OutputData(twoLabels, Optional.empty()), context), twoLabels, context);
        ThresholdDecoder decoder = new ThresholdDecoder(OptionalDouble.empty(), true, false, true, null);
        List<Optional<ComponentSpec>> ways = decoder.tuneEachWay(scores, truth, ctx, HAMMING);
        assertThat(ways).hasSize(2);
        @SuppressWarnings("unchecked")
        List<Double> common = (List<Double>) ways.get(0).orElseThrow().parameters().get("thresholds");
        assertThat(common.get(0)).isEqualTo(common.get(1));
        double[] wrong = new double[2];
        for (int k = 0; k < 2; k++) {
            @SuppressWarnings("unchecked")
            List<Double> t = (List<Double>) ways.get(k).orElseThrow().parameters().get("thresholds");
            Decoder tuned = new ThresholdDecoder(OptionalDouble.empty(), false, false, false,
                    t.stream().mapToDouble(Double::doubleValue).toArray());
            wrong[k] = HAMMING.evaluate(truth, tuned.decode(scores, ctx)) * 8;
        }
        assertThat(wrong).containsExactly(1.0, 0.0);
        // tuning for the metric alone gives the last way, per label
        assertThat(decoder.tune(scores, truth, ctx, HAMMING)).isEqualTo(ways.get(1));
        // without per-label, the one common way
        assertThat(new ThresholdDecoder(OptionalDouble.empty(), false, false, true, null)
                .tuneEachWay(scores, truth, ctx, HAMMING)).containsExactly(ways.get(0));
    }

    /**
     * At-least-one decided on leave-one-out scores (plus-minus, threshold 0), by hand; misses with it / without:
     * <pre>
     * a: -0.2 -0.5  truth 1 0   forced label 0: 0 / 1
     * b: -0.4 -0.1  truth 1 0   forced label 1: 2 / 1
     * c:  0.5 -0.3  truth 1 0   a label passes: 0 / 0
     * d: -0.3 -0.6  truth 1 0   forced label 0: 0 / 1
     * e: -0.1 -0.2  truth 0 1   forced label 0: 2 / 1
     * </pre>
     * a b c d: 2 against 3, kept; b c e: 4 against 2, dropped; a b: 2 against 2, kept (ties keep it); b with its
     * first truth missing: 1 against 0, dropped.
     */
    @Test
    void atLeastOneIsKeptWhereTheLeaveOneOutDecisionsMissNoMoreLabels() {
        Matrix twoLabels = Outputs.distinctLabels(8, 2, 1);
        SimpleDecodingContext ctx = SimpleDecodingContext.of(new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS)
                .fit(new OutputData(twoLabels, Optional.empty()), context), twoLabels, context);
        double[] a = {-0.2, -0.5};
        double[] b = {-0.4, -0.1};
        double[] c = {0.5, -0.3};
        double[] d = {-0.3, -0.6};
        double[] e = {-0.1, -0.2};
        double[] first = {1, 0};
        double[] second = {0, 1};
        ThresholdDecoder deciding = new ThresholdDecoder(OptionalDouble.empty(), false, true, false, null, true);
        assertThat(deciding.decidesOnLeaveOneOut()).isTrue();
        ComponentSpec kept = deciding.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {a, b, c, d}),
                Matrix.fromRows(new double[][] {first, first, first, first}), ctx).orElseThrow();
        assertThat(kept.name()).isEqualTo("threshold");
        assertThat(kept.parameters()).containsEntry("at-least-one", true).containsEntry("decide-at-least-one", false)
                .containsEntry("per-label", false).containsEntry("objective", "f1").doesNotContainKey("value");
        assertThat(deciding.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {b, c, e}),
                Matrix.fromRows(new double[][] {first, first, second}), ctx).orElseThrow().parameters())
                .containsEntry("at-least-one", false);
        assertThat(deciding.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {a, b}),
                Matrix.fromRows(new double[][] {first, first}), ctx).orElseThrow().parameters())
                .containsEntry("at-least-one", true);
        assertThat(deciding.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {b}),
                Matrix.fromRows(new double[][] {{Double.NaN, 0}}), ctx).orElseThrow().parameters())
                .containsEntry("at-least-one", false);
        // a given threshold and tuned thresholds are carried over; at 0.45 row c's label 0 passes alone
        ThresholdDecoder tuned = new ThresholdDecoder(OptionalDouble.of(0.45), false, true, false,
                new double[] {0.45, 0.45}, true);
        ComponentSpec carried = tuned.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {c}),
                Matrix.fromRows(new double[][] {first}), ctx).orElseThrow();
        assertThat(carried.parameters()).containsEntry("value", 0.45).containsEntry("thresholds", List.of(0.45, 0.45))
                .containsEntry("at-least-one", true).doesNotContainKey("per-label");
        // nothing to decide without at-least-one, or without being asked
        for (ThresholdDecoder none : List.of(new ThresholdDecoder(OptionalDouble.empty(), false, false, false, null,
                true), new ThresholdDecoder(OptionalDouble.empty(), false, true, false, null, false))) {
            assertThat(none.decidesOnLeaveOneOut()).isFalse();
            assertThat(none.decideOnLeaveOneOut(Matrix.fromRows(new double[][] {b}),
                    Matrix.fromRows(new double[][] {first}), ctx)).isEmpty();
        }
    }

    @Test
    void withoutPerLabelTuningLeavesTheDecoderUnchanged() {
        ThresholdDecoder d = new ThresholdDecoder(OptionalDouble.empty(), false, false);
        assertThat(d.tune(TestMatrices.random(3, 4, 1), Matrix.zeros(3, 4), labels(LabelCoding.Coding.ZERO_ONE)))
                .isEmpty();
    }

    @Test
    void theDefaultThresholdComesFromTheCoding() {
        Matrix h = Matrix.fromRows(new double[][] {{0.3, -0.2, 0.5, 0.0}});
        Decoder d = new ThresholdDecoder(OptionalDouble.empty(), false, false);
        assertThat(d.decode(h, labels(LabelCoding.Coding.ZERO_ONE)).outputs().row(0)).containsExactly(0, 0, 1, 0);
        assertThat(d.decode(h, labels(LabelCoding.Coding.PLUS_MINUS)).outputs().row(0)).containsExactly(1, 0, 1, 1);
        Decoder given = new ThresholdDecoder(OptionalDouble.of(0.25), false, false);
        assertThat(given.decode(h, labels(LabelCoding.Coding.PLUS_MINUS)).outputs().row(0))
                .containsExactly(1, 0, 1, 0);
        FittedOutputEmbedding vector = new VectorEmbedding().fit(new OutputData(training, Optional.empty()), context);
        assertThat(d.decode(h, SimpleDecodingContext.of(vector, training, context)).outputs().row(0))
                .containsExactly(0, 0, 1, 0);
        assertThat(d.decode(h, labels(LabelCoding.Coding.ZERO_ONE)).scores().orElseThrow().row(0))
                .containsExactly(0.3, -0.2, 0.5, 0.0);
    }

    /** A threshold given and not tuned per label or for a metric is fixed: tune returns empty and it says so. */
    @Test
    void aFixedThresholdAsksForNoTuning() {
        Matrix scores = Matrix.fromRows(new double[][] {{0.9, 0.4, 0.9, 0.3}, {0.1, 0.6, 0.2, 0.2}});
        Matrix truth = Matrix.fromRows(new double[][] {{1, 0, 1, 0}, {0, 1, 0, 0}});
        ThresholdDecoder fixed = new ThresholdDecoder(OptionalDouble.of(0.5), false, false);
        assertThat(fixed.tunes()).isFalse();
        assertThat(fixed.tune(scores, truth, labels(LabelCoding.Coding.ZERO_ONE))).isEmpty();
        assertThat(new ThresholdDecoder(OptionalDouble.empty(), false, false).tunes()).isFalse();
        assertThat(new ThresholdDecoder(OptionalDouble.of(0.5), true, false).tunes()).isTrue();
        assertThat(new ThresholdDecoder(OptionalDouble.empty(), false, false, true, null).tunes()).isTrue();
    }
}
