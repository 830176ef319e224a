package org.okl.api.solve;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;

/**
 * What a {@link StreamingSolver} fits: the squared errors of every validation fold at every path point, and the
 * weights of every path point trained on all the rows.
 *
 * @param validation per validation fold and path point, the squared-error sums on the fold ([fold][point])
 * @param weights    the weights beta_j (m x d) of every path point; predictions are {@code phi(x)^T beta_j}
 * @param rows       the number of rows
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record StreamedPath(SquaredErrors[][] validation, Matrix[] weights, long rows) {
}
