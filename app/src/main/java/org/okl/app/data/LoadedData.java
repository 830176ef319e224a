package org.okl.app.data;

import java.util.List;
import java.util.Optional;
import org.okl.api.linalg.Matrix;
import org.okl.core.InputColumns;

/**
 * Data read for a command: inputs, outputs when the source has them, groups for multi-task data.
 *
 * @param source       where it came from, for messages
 * @param inputs       n x p
 * @param outputs      n x q, or empty when no output columns were selected
 * @param groups       the task of every row, for multi-task data
 * @param outputNames  one name per output column, or empty when the file names no columns
 * @param inputColumns where the input columns are in the file or data set
 */
public record LoadedData(String source, Matrix inputs, Optional<Matrix> outputs, Optional<int[]> groups,
        List<String> outputNames, InputColumns inputColumns) {

    /** The outputs, or a usage error saying how to select them. */
    public Matrix requireOutputs() {
        return outputs.orElseThrow(() -> new org.okl.app.usage.UsageException(
                source + ": no output columns; select them with --outputs (for example --outputs 128:256)"));
    }
}
