package org.okl.core.pipeline;

import java.util.Optional;
import org.okl.api.linalg.Matrix;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * What a pipeline is fitted on.
 *
 * @param inputs            training inputs (n x p), finite
 * @param outputs           training outputs (n x q); NaN marks a missing target
 * @param groups            the task of every sample, for multi-task data
 * @param unlabelledInputs  extra inputs without outputs (manifold regularization)
 * @param unlabelledOutputs extra outputs without inputs (OEL, candidate sets)
 */
public record TrainingData(Matrix inputs, Matrix outputs, Optional<int[]> groups, Optional<Matrix> unlabelledInputs,
        Optional<Matrix> unlabelledOutputs) {

    /** Checks shapes and that inputs are finite. */
    public TrainingData {
        if (inputs.rows() != outputs.rows()) {
            throw new OklException(ErrorCode.INVALID_DATA,
                    inputs.rows() + " input rows but " + outputs.rows() + " output rows");
        }
        if (inputs.rows() == 0) {
            throw new OklException(ErrorCode.INVALID_DATA, "no training samples");
        }
        requireFinite(inputs, "training inputs");
        groups.ifPresent(g -> {
            if (g.length != inputs.rows()) {
                throw new OklException(ErrorCode.INVALID_DATA, inputs.rows() + " rows but " + g.length + " groups");
            }
        });
        unlabelledInputs.ifPresent(u -> {
            if (u.cols() != inputs.cols()) {
                throw new OklException(ErrorCode.INVALID_DATA, "unlabelled inputs have " + u.cols()
                        + " columns but training inputs have " + inputs.cols());
            }
            requireFinite(u, "unlabelled inputs");
        });
        unlabelledOutputs.ifPresent(u -> {
            if (u.cols() != outputs.cols()) {
                throw new OklException(ErrorCode.INVALID_DATA, "unlabelled outputs have " + u.cols()
                        + " columns but training outputs have " + outputs.cols());
            }
        });
    }

    /** Labelled data only. */
    public static TrainingData of(Matrix inputs, Matrix outputs) {
        return new TrainingData(inputs, outputs, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The number of labelled samples. */
    public int size() {
        return inputs.rows();
    }

    /** The labelled rows at the given indices, with the same unlabelled data. */
    public TrainingData subset(int[] rows) {
        return new TrainingData(inputs.selectRows(rows), outputs.selectRows(rows),
                groups.map(g -> {
                    int[] s = new int[rows.length];
                    for (int i = 0; i < rows.length; i++) {
                        s[i] = g[rows[i]];
                    }
                    return s;
                }), unlabelledInputs, unlabelledOutputs);
    }

    /**
     * Fails with {@link ErrorCode#INVALID_DATA} naming the first row and column holding NaN or infinity.
     *
     * @param what what the matrix is, for the message
     */
    public static void requireFinite(Matrix m, String what) {
        double[] d = m.data();
        for (int k = 0; k < d.length; k++) {
            if (!Double.isFinite(d[k])) {
                throw new OklException(ErrorCode.INVALID_DATA, what + " hold " + d[k] + " at row " + (k % m.rows() + 1)
                        + ", column " + (k / m.rows() + 1) + "; remove or impute it");
            }
        }
    }
}
