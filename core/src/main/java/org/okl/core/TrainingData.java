package org.okl.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * What a pipeline is fitted on: labelled inputs and outputs, and optionally the task of every sample (multi-task
 * data), unlabelled inputs (manifold regularization), unlabelled outputs (OEL, candidate sets) and where the input
 * columns came from (which a model file keeps, so prediction can pick the same columns of a file).
 * <pre>{@code
 * TrainingData data = TrainingData.of(x, y);
 * TrainingData semi = TrainingData.builder(x, y).unlabelledInputs(u).build();
 * }</pre>
 * Instances are immutable; the matrices are not copied.
 */
public final class TrainingData {
    private final Matrix inputs;
    private final Matrix outputs;
    private final int[] groups;
    private final Matrix unlabelledInputs;
    private final Matrix unlabelledOutputs;
    private final InputColumns inputColumns;
    private final List<String> outputNames;

    private TrainingData(Builder b) {
        this.inputs = b.inputs;
        this.outputs = b.outputs;
        this.groups = b.groups;
        this.unlabelledInputs = b.unlabelledInputs;
        this.unlabelledOutputs = b.unlabelledOutputs;
        this.inputColumns = b.inputColumns;
        this.outputNames = b.outputNames;
    }

    /** Labelled data only: inputs (n x p, finite) and outputs (n x q; NaN marks a missing target). */
    public static TrainingData of(Matrix inputs, Matrix outputs) {
        return builder(inputs, outputs).build();
    }

    /** A builder for labelled inputs (n x p, finite) and outputs (n x q; NaN marks a missing target). */
    public static Builder builder(Matrix inputs, Matrix outputs) {
        return new Builder(inputs, outputs);
    }

    /** A builder holding this data, to change a part of it. */
    public Builder toBuilder() {
        return new Builder(inputs, outputs).groups(groups).unlabelledInputs(unlabelledInputs)
                .unlabelledOutputs(unlabelledOutputs).inputColumns(inputColumns).outputNames(outputNames);
    }

    /** The training inputs (n x p). */
    public Matrix inputs() {
        return inputs;
    }

    /** The training outputs (n x q). */
    public Matrix outputs() {
        return outputs;
    }

    /** The task of every sample, for multi-task data. */
    public Optional<int[]> groups() {
        return Optional.ofNullable(groups);
    }

    /** Extra inputs without outputs (manifold regularization). */
    public Optional<Matrix> unlabelledInputs() {
        return Optional.ofNullable(unlabelledInputs);
    }

    /** Extra outputs without inputs (OEL, candidate sets). */
    public Optional<Matrix> unlabelledOutputs() {
        return Optional.ofNullable(unlabelledOutputs);
    }

    /** Where the input columns came from in the table they were read from, when known. */
    public Optional<InputColumns> inputColumns() {
        return Optional.ofNullable(inputColumns);
    }

    /** The output columns' names, one per column, or empty when they are not known. */
    public List<String> outputNames() {
        return outputNames;
    }

    /** The number of labelled samples. */
    public int size() {
        return inputs.rows();
    }

    /** The labelled rows at the given indices, with the same unlabelled data and columns. */
    public TrainingData subset(int[] rows) {
        int[] g = null;
        if (groups != null) {
            g = new int[rows.length];
            for (int i = 0; i < rows.length; i++) {
                g[i] = groups[rows[i]];
            }
        }
        return new Builder(inputs.selectRows(rows), outputs.selectRows(rows)).groups(g)
                .unlabelledInputs(unlabelledInputs).unlabelledOutputs(unlabelledOutputs).inputColumns(inputColumns)
                .outputNames(outputNames).build();
    }

    /**
     * The largest magnitude OKL accepts in data: the square of a larger value, or the product of two, overflows
     * double precision (its largest value is 1.8e308), so kernels, sums of squares and squared errors on such data
     * become infinite or NaN.
     */
    public static final double MAX_MAGNITUDE = 1e150;

    /**
     * Fails with {@link ErrorCode#INVALID_DATA} naming the first row and column holding NaN or infinity, or a value
     * larger than {@link #MAX_MAGNITUDE} in magnitude.
     *
     * @param what what the matrix is, for the message
     */
    public static void requireFinite(Matrix m, String what) {
        requireUsable(m, what, false, List.of());
    }

    /**
     * Fails with {@link ErrorCode#INVALID_DATA} at the first value {@link #firstUnusable} finds, naming its row and
     * column, and the column's name when {@code names} has one for it.
     */
    private static void requireUsable(Matrix m, String what, boolean nanAllowed, List<String> names) {
        int k = firstUnusable(m, nanAllowed);
        if (k >= 0) {
            int column = k / m.rows();
            throw new OklException(ErrorCode.INVALID_DATA, unusable(what, m.data()[k], k % m.rows(), column,
                    column < names.size() ? names.get(column) : null));
        }
    }

    /**
     * The position in {@code m.data()} of the first value that is infinite, larger than {@link #MAX_MAGNITUDE} in
     * magnitude, or NaN (unless {@code nanAllowed}: a missing target), or -1.
     */
    static int firstUnusable(Matrix m, boolean nanAllowed) {
        double[] d = m.data();
        for (int k = 0; k < d.length; k++) {
            if (Double.isNaN(d[k]) ? !nanAllowed : Math.abs(d[k]) > MAX_MAGNITUDE) {
                return k;
            }
        }
        return -1;
    }

    /**
     * What is wrong with a value: not finite (remove or impute it), or so large that computing with it overflows
     * (scale the data).
     *
     * @param row    0-based
     * @param column 0-based
     * @param name   the column's name, or {@code null}
     */
    public static String unusable(String what, double value, long row, int column, String name) {
        String where = what + " hold " + value + " at row " + (row + 1) + ", column " + (column + 1)
                + (name == null ? "" : " (" + UserText.quote(name) + ")");
        if (!Double.isFinite(value)) {
            return where + "; remove or impute it";
        }
        return where + ": values larger than 1e150 in magnitude overflow the kernels' sums and products and the "
                + "squared errors (their squares exceed the largest double, 1.8e308); scale the data (for example "
                + "standardise the column, or change its unit)";
    }

    /** Builds {@link TrainingData}; only inputs and outputs are required. */
    public static final class Builder {
        private final Matrix inputs;
        private final Matrix outputs;
        private int[] groups;
        private Matrix unlabelledInputs;
        private Matrix unlabelledOutputs;
        private InputColumns inputColumns;
        private List<String> outputNames = List.of();

        private Builder(Matrix inputs, Matrix outputs) {
            this.inputs = Objects.requireNonNull(inputs, "inputs");
            this.outputs = Objects.requireNonNull(outputs, "outputs");
        }

        /** The task (0, 1, ...) of every labelled sample, for multi-task data ({@code null}: none). */
        public Builder groups(int[] value) {
            this.groups = value;
            return this;
        }

        /** Extra inputs without outputs, with the training inputs' columns ({@code null}: none). */
        public Builder unlabelledInputs(Matrix value) {
            this.unlabelledInputs = value;
            return this;
        }

        /** Extra outputs without inputs, with the training outputs' columns ({@code null}: none). */
        public Builder unlabelledOutputs(Matrix value) {
            this.unlabelledOutputs = value;
            return this;
        }

        /** Where the input columns came from ({@code null}: unknown, as for matrices built in code). */
        public Builder inputColumns(InputColumns value) {
            this.inputColumns = value;
            return this;
        }

        /** The output columns' names, one per column ({@code null} or empty: unknown). */
        public Builder outputNames(List<String> value) {
            this.outputNames = value == null ? List.of() : List.copyOf(value);
            return this;
        }

        /**
         * The data.
         *
         * @throws OklException {@link ErrorCode#INVALID_DATA} for inconsistent shapes, no samples, or inputs that
         *                      are not finite
         */
        public TrainingData build() {
            if (inputs.rows() != outputs.rows()) {
                throw invalid(inputs.rows() + " input rows but " + outputs.rows() + " output rows");
            }
            if (inputs.rows() == 0) {
                throw invalid("no training samples");
            }
            requireUsable(inputs, "training inputs", false, inputColumns == null ? List.of() : inputColumns.names());
            if (!outputNames.isEmpty() && outputNames.size() != outputs.cols()) {
                throw invalid(outputNames.size() + " output names but the outputs have " + outputs.cols()
                        + " columns");
            }
            // outputs may hold NaN (a missing target), never an infinity or a value that overflows when squared
            requireUsable(outputs, "training outputs", true, outputNames);
            if (groups != null && groups.length != inputs.rows()) {
                throw invalid(inputs.rows() + " rows but " + groups.length + " groups");
            }
            if (unlabelledInputs != null) {
                if (unlabelledInputs.cols() != inputs.cols()) {
                    throw invalid("unlabelled inputs have " + unlabelledInputs.cols()
                            + " columns but training inputs have " + inputs.cols());
                }
                requireFinite(unlabelledInputs, "unlabelled inputs");
            }
            if (unlabelledOutputs != null) {
                requireUsable(unlabelledOutputs, "unlabelled outputs", true, outputNames);
            }
            if (unlabelledOutputs != null && unlabelledOutputs.cols() != outputs.cols()) {
                throw invalid("unlabelled outputs have " + unlabelledOutputs.cols()
                        + " columns but training outputs have " + outputs.cols());
            }
            if (inputColumns != null && inputColumns.count() != inputs.cols()) {
                throw invalid("the input columns name " + inputColumns.count() + " columns but the inputs have "
                        + inputs.cols());
            }
            return new TrainingData(this);
        }

        private static OklException invalid(String problem) {
            return new OklException(ErrorCode.INVALID_DATA, problem);
        }
    }
}
