package org.okl.api.output;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The outputs an embedding is fitted on.
 *
 * @param outputs    the training outputs as read from the data (n x q, rows are samples; NaN marks a missing value)
 * @param unlabelled extra outputs without inputs (m x q), for OEL and candidate sets, if any
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public record OutputData(Matrix outputs, Optional<Matrix> unlabelled) {
}
