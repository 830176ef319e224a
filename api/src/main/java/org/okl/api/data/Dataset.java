package org.okl.api.data;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A data set: inputs and outputs, rows are samples, with an optional test split as shipped and optional groups (the
 * task of each sample in multi-task data).
 *
 * @param name         the data set id
 * @param task         what kind of learning problem it is
 * @param train        the training (or only) split
 * @param test         the test split as shipped, if any
 * @param inputNames   one name per input column
 * @param outputNames  one name per output column
 * @param source       where the data comes from and its licence, one line
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Dataset(
        String name,
        Task task,
        Split train,
        Optional<Split> test,
        List<String> inputNames,
        List<String> outputNames,
        String source) {

    /** The learning problem a data set poses. */
    public enum Task {
        /** Real-valued outputs. */
        REGRESSION,
        /** Several binary labels per sample. */
        MULTI_LABEL,
        /** One class per sample, one output column holding the class. */
        MULTI_CLASS,
        /** One real output per sample, samples grouped by task. */
        MULTI_TASK,
        /** Outputs are structured objects represented as vectors (image halves, sequences). */
        STRUCTURED
    }

    /**
     * One split of a data set.
     *
     * @param inputs  n x p
     * @param outputs n x q
     * @param groups  the group (task) of every sample, if the data is grouped
     */
    public record Split(Matrix inputs, Matrix outputs, Optional<int[]> groups) {

        /** Validates that inputs, outputs and groups have one row per sample. */
        public Split {
            if (inputs.rows() != outputs.rows()) {
                throw new IllegalArgumentException(
                        inputs.rows() + " input rows but " + outputs.rows() + " output rows");
            }
            if (groups.isPresent() && groups.get().length != inputs.rows()) {
                throw new IllegalArgumentException(inputs.rows() + " rows but " + groups.get().length + " groups");
            }
        }

        /** A split without groups. */
        public Split(Matrix inputs, Matrix outputs) {
            this(inputs, outputs, Optional.empty());
        }

        /** The number of samples. */
        public int size() {
            return inputs.rows();
        }
    }
}
