package org.okl.experiments;

import java.util.Optional;
import java.util.function.Function;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;

/**
 * An evaluation set (test set, or the unlabelled set of a transductive protocol) whose true outputs are sealed: its
 * inputs and tasks are free to use, but its outputs reach code only inside the one {@link #finalScoring final scoring}
 * of the set, after every model has been fitted and every choice made. Reading them anywhere else, for example in a
 * model selection, fails with {@link SealedOutputsException}; so does a second scoring of the same set. Every
 * experiment wraps its evaluation data in one of these as soon as it loads or draws it, so no selection can see the
 * evaluation labels.
 */
public final class HeldOut {
    private final String name;
    private final Matrix inputs;
    private final Matrix outputs;
    private final Optional<int[]> tasks;
    private boolean open;
    private boolean scored;

    private HeldOut(String name, Matrix inputs, Matrix outputs, Optional<int[]> tasks) {
        if (inputs.rows() != outputs.rows()) {
            throw new IllegalArgumentException(name + ": " + inputs.rows() + " inputs but " + outputs.rows()
                    + " outputs");
        }
        this.name = name;
        this.inputs = inputs;
        this.outputs = outputs;
        this.tasks = tasks.map(int[]::clone);
    }

    /** Seals the outputs of an evaluation set given as inputs and outputs. */
    public static HeldOut of(String name, Matrix inputs, Matrix outputs) {
        return new HeldOut(name, inputs, outputs, Optional.empty());
    }

    /** Seals the outputs of a split (with its tasks, for multi-task data). */
    public static HeldOut of(String name, Dataset.Split split) {
        return new HeldOut(name, split.inputs(), split.outputs(), split.groups());
    }

    /** Seals the outputs of the given rows of a split. */
    public static HeldOut of(String name, Dataset.Split split, int[] rows) {
        return new HeldOut(name, split.inputs().selectRows(rows), split.outputs().selectRows(rows),
                split.groups().map(g -> {
                    int[] t = new int[rows.length];
                    for (int i = 0; i < rows.length; i++) {
                        t[i] = g[rows[i]];
                    }
                    return t;
                }));
    }

    /** Seals the test split of a data set. */
    public static HeldOut test(Dataset data) {
        return of(data.name() + " test set", data.test().orElseThrow(
                () -> new IllegalStateException(data.name() + " has no test split")));
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

    /**
     * The true outputs, only while {@link #finalScoring} runs.
     *
     * @throws SealedOutputsException anywhere else
     */
    public Matrix outputs() {
        if (!open) {
            throw new SealedOutputsException("the outputs of " + name + " are sealed until its final scoring"
                    + (scored ? " (done already)" : "") + ": model selection must not read them");
        }
        return outputs;
    }

    /**
     * The one final scoring of the set: runs {@code scoring} with the true outputs and returns its result. Call it
     * once every model to be scored on this set has been fitted and chosen; the outputs are sealed again afterwards.
     *
     * @throws SealedOutputsException when the set was scored already
     */
    public <R> R finalScoring(Function<Matrix, R> scoring) {
        if (scored) {
            throw new SealedOutputsException(name + " was scored already: an evaluation set is scored once, after"
                    + " every choice is made");
        }
        scored = true;
        open = true;
        try {
            return scoring.apply(outputs);
        } finally {
            open = false;
        }
    }

    /** Whether the final scoring has run. */
    public boolean scored() {
        return scored;
    }

    /** Evaluation outputs were asked for outside their one final scoring. */
    public static final class SealedOutputsException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        SealedOutputsException(String message) {
            super(message);
        }
    }
}
