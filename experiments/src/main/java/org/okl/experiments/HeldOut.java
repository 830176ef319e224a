package org.okl.experiments;

import java.util.Optional;
import java.util.function.Function;
import org.okl.api.linalg.Matrix;

/**
 * An evaluation set (test set, or the unlabelled set of a transductive protocol) whose true outputs are sealed: its
 * inputs and tasks are free to use, its outputs have no getter and reach code only inside the one {@link #finalScoring
 * final scoring} of the set, after every model has been fitted and every choice made. Only the experiment run's
 * {@link TestSeal} makes these, and it refuses a second scoring of the same content, from this object or any copy:
 * score every model (every repetition's, every cell of a descriptive sweep) in that one scoring.
 */
public final class HeldOut {
    private final TestSeal seal;
    private final String name;
    private final Matrix inputs;
    private final Matrix outputs;
    private final Optional<int[]> tasks;
    private boolean scored;

    HeldOut(TestSeal seal, String name, Matrix inputs, Matrix outputs, Optional<int[]> tasks) {
        if (inputs.rows() != outputs.rows()) {
            throw new IllegalArgumentException(name + ": " + inputs.rows() + " inputs but " + outputs.rows()
                    + " outputs");
        }
        this.seal = seal;
        this.name = name;
        this.inputs = inputs;
        this.outputs = outputs;
        this.tasks = tasks.map(int[]::clone);
    }

    /** What the set is, for messages. */
    public String name() {
        return name;
    }

    /** The inputs (free to use: a transductive method trains on them, every method predicts them). */
    public Matrix inputs() {
        return inputs;
    }

    /** The tasks of multi-task data. */
    public Optional<int[]> tasks() {
        return tasks.map(int[]::clone);
    }

    /** The number of rows. */
    public int size() {
        return inputs.rows();
    }

    /** The given rows of this set, sealed in the same run (a different content, so scored on its own). */
    public HeldOut rows(String part, int[] rows) {
        return new HeldOut(seal, part, inputs.selectRows(rows), outputs.selectRows(rows),
                tasks.map(t -> TestSeal.pick(t, rows)));
    }

    /**
     * The one final scoring of the set: runs {@code scoring} with (a copy of) the true outputs and returns its
     * result. Call it once every model to be scored on this set has been fitted and chosen.
     *
     * @throws SealedOutputsException when this set, or any set with the same content, was scored already in this
     *                                experiment run
     */
    public <R> R finalScoring(Function<Matrix, R> scoring) {
        if (scored) {
            throw new SealedOutputsException(name + " was scored already: an evaluation set is scored once, after"
                    + " every choice is made");
        }
        seal.claim(TestSeal.checksum(inputs, outputs, tasks), name);
        scored = true;
        return scoring.apply(outputs.copy());
    }

    /** Whether the final scoring has run. */
    public boolean scored() {
        return scored;
    }

    /** Evaluation outputs were asked for a second time. */
    public static final class SealedOutputsException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        SealedOutputsException(String message) {
            super(message);
        }
    }
}
