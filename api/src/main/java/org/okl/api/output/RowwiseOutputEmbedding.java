package org.okl.api.output;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * An output embedding whose codes are computed row by row, without statistics of the training outputs (the
 * {@code vector} output, label codings): it can be fitted on outputs streamed in blocks, and a model using it is
 * restored without storing the training rows.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface RowwiseOutputEmbedding extends OutputEmbedding {

    /** The embedding fitted for outputs of the given number of columns, without seeing any row. */
    FittedOutputEmbedding fitFor(int columns, ComponentContext context);

    /** The regression targets (t x d) of outputs given in their original representation (t x columns). */
    Matrix encode(Matrix outputs);
}
