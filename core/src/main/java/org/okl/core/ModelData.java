package org.okl.core;

import java.util.List;
import java.util.Optional;
import org.okl.api.linalg.Matrix;

/**
 * What a model keeps of its training data: the shape it checks new inputs against, where its input columns came
 * from, and the arrays that reloading and decoding need: the outputs its output embedding is refitted on and its
 * decoder may choose among (none for a model fitted on streamed rows, whose embedding is fitted row-wise), and the
 * inputs and tasks only when the embedding learns from the regression, as OEL does.
 *
 * @param samples           the number of labelled training samples
 * @param inputCount        the number of input columns p
 * @param outputCount       the number of output columns q
 * @param multiTask         whether every sample had a task
 * @param inputColumns      where the input columns came from, when known
 * @param outputNames       the output columns' names, one per column, or empty when not known
 * @param outputs           the training outputs (n x q), when kept
 * @param unlabelledOutputs extra outputs without inputs, if any
 * @param inputs            the training inputs, when reloading needs them
 * @param groups            the training tasks, when reloading needs them
 */
record ModelData(int samples, int inputCount, int outputCount, boolean multiTask, Optional<InputColumns> inputColumns,
        List<String> outputNames, Optional<Matrix> outputs, Optional<Matrix> unlabelledOutputs, Optional<Matrix> inputs,
        Optional<int[]> groups) {

    /**
     * What a model fitted on {@code data} keeps: its shape and columns, and the arrays of the same data through the
     * pipeline's transforms ({@code transformed}, what the embedding and decoder work on); {@code keepInputs} when
     * its embedding learns from the regression.
     */
    static ModelData of(TrainingData data, TrainingData transformed, boolean keepInputs) {
        return new ModelData(data.size(), data.inputs().cols(), data.outputs().cols(), data.groups().isPresent(),
                data.inputColumns(), data.outputNames(), Optional.of(transformed.outputs()),
                transformed.unlabelledOutputs(), keepInputs ? Optional.of(transformed.inputs()) : Optional.empty(),
                keepInputs ? data.groups() : Optional.empty());
    }
}
