package org.okl.decoders;

import java.nio.file.Path;
import org.okl.api.component.TypedSpec;
import org.okl.api.decoder.Decoder;

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
    public static TypedSpec<Decoder> identity() {
        return TypedSpec.of(Decoder.class, "identity");
    }

    /** {@code argmax}: the class with the largest score. */
    public static TypedSpec<Decoder> argmax() {
        return TypedSpec.of(Decoder.class, "argmax");
    }

    /** {@code top-k}: the k labels with the largest scores. */
    public static TypedSpec<Decoder> topK(int k) {
        return TypedSpec.of(Decoder.class, "top-k").with("k", k);
    }

    /** {@code threshold}: the labels whose score reaches the value. */
    public static TypedSpec<Decoder> threshold(double value) {
        return TypedSpec.of(Decoder.class, "threshold").with("value", value);
    }

    /**
     * {@code threshold} with one threshold per label, tuned for F1 on a hold-out when the pipeline is fitted; with
     * {@code atLeastOne} a sample with no label passing gets its label of largest margin.
     */
    public static TypedSpec<Decoder> perLabelThresholds(boolean atLeastOne) {
        return TypedSpec.of(Decoder.class, "threshold").with("per-label", true).with("at-least-one", atLeastOne);
    }

    /**
     * {@code threshold} tuned for the metric of model selection on its out-of-fold predictions: one common threshold,
     * and with {@code perLabel} then one per label while the metric improves.
     */
    public static TypedSpec<Decoder> thresholdsForMetric(boolean perLabel) {
        return TypedSpec.of(Decoder.class, "threshold").with("per-label", perLabel).with("objective", "metric");
    }

    /** {@code candidates}: the pre-image among the training outputs nearest to the prediction. */
    public static TypedSpec<Decoder> candidates() {
        return TypedSpec.of(Decoder.class, "candidates");
    }

    /** {@code candidates} among a set of outputs, keeping the {@code rank} best per prediction (top-k metrics). */
    public static TypedSpec<Decoder> candidates(CandidateSet from, int rank) {
        return TypedSpec.of(Decoder.class, "candidates").with("from", from.id).with("rank", rank);
    }

    /** {@code candidates} read from a file of candidate outputs. */
    public static TypedSpec<Decoder> candidates(Path file, int rank) {
        return TypedSpec.of(Decoder.class, "candidates").with("file", file.toString()).with("rank", rank);
    }

    /** {@code per-position}: the argmax of every position of sequences coded one symbol per position. */
    public static TypedSpec<Decoder> perPosition() {
        return TypedSpec.of(Decoder.class, "per-position");
    }

    /** {@code per-position} with the alphabet size and whether a position may decode to no symbol. */
    public static TypedSpec<Decoder> perPosition(int alphabet, boolean allowEmpty) {
        return perPosition().with("alphabet", alphabet).with("allow-empty", allowEmpty);
    }
}
