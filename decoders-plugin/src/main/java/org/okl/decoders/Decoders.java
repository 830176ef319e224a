package org.okl.decoders;

import java.nio.file.Path;
import org.okl.api.component.ComponentSpec;

/** Typed specs of the decoders this plugin provides, for pipelines built in code (see {@link Outputs}). */
public final class Decoders {
    private Decoders() {
    }

    /** Where the {@code candidates} decoder takes its candidate outputs. */
    public enum CandidateSet {
        /** The training outputs. */
        TRAIN("train"),
        /** The unlabelled outputs. */
        UNLABELLED("unlabelled"),
        /** The training and the unlabelled outputs. */
        TRAIN_AND_UNLABELLED("train+unlabelled");

        private final String id;

        CandidateSet(String id) {
            this.id = id;
        }
    }

    /** {@code identity}: the prediction itself, mapped back through the output embedding. */
    public static ComponentSpec identity() {
        return ComponentSpec.of("identity");
    }

    /** {@code argmax}: the class with the largest score. */
    public static ComponentSpec argmax() {
        return ComponentSpec.of("argmax");
    }

    /** {@code top-k}: the k labels with the largest scores. */
    public static ComponentSpec topK(int k) {
        return ComponentSpec.of("top-k").with("k", k);
    }

    /** {@code threshold}: the labels whose score reaches the value. */
    public static ComponentSpec threshold(double value) {
        return ComponentSpec.of("threshold").with("value", value);
    }

    /**
     * {@code threshold} with one threshold per label, tuned for F1 on a hold-out when the pipeline is fitted; with
     * {@code atLeastOne} a sample with no label passing gets its label of largest margin.
     */
    public static ComponentSpec perLabelThresholds(boolean atLeastOne) {
        return ComponentSpec.of("threshold").with("per-label", true).with("at-least-one", atLeastOne);
    }

    /**
     * {@code threshold} tuned for the metric of model selection on its out-of-fold predictions: one common threshold,
     * and with {@code perLabel} then one per label while the metric improves.
     */
    public static ComponentSpec thresholdsForMetric(boolean perLabel) {
        return ComponentSpec.of("threshold").with("per-label", perLabel).with("objective", "metric");
    }

    /** {@code candidates}: the pre-image among the training outputs nearest to the prediction. */
    public static ComponentSpec candidates() {
        return ComponentSpec.of("candidates");
    }

    /** {@code candidates} among a set of outputs, keeping the {@code rank} best per prediction (top-k metrics). */
    public static ComponentSpec candidates(CandidateSet from, int rank) {
        return ComponentSpec.of("candidates").with("from", from.id).with("rank", rank);
    }

    /** {@code candidates} read from a file of candidate outputs. */
    public static ComponentSpec candidates(Path file, int rank) {
        return ComponentSpec.of("candidates").with("from", file.toString()).with("rank", rank);
    }

    /** {@code per-position}: the argmax of every position of sequences coded one symbol per position. */
    public static ComponentSpec perPosition() {
        return ComponentSpec.of("per-position");
    }

    /** {@code per-position} with the alphabet size and whether a position may decode to no symbol. */
    public static ComponentSpec perPosition(int alphabet, boolean allowEmpty) {
        return perPosition().with("alphabet", alphabet).with("allow-empty", allowEmpty);
    }
}
