package org.okl.api.decoder;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/** What a decoder may use besides the predictions. */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface DecodingContext {

    /** The fitted output embedding. */
    FittedOutputEmbedding embedding();

    /** The training outputs in their original representation (n x q). */
    Matrix trainingOutputs();

    /** Extra unlabelled outputs given to the pipeline, if any (m x q). */
    Optional<Matrix> unlabelledOutputs();

    /**
     * Reads a candidate set from a file (CSV or any format OKL reads), in the original output representation.
     *
     * @param location the path as written in the pipeline
     */
    Matrix readCandidates(String location);

    /** The component context (linear-algebra back-end, seed). */
    ComponentContext componentContext();
}
