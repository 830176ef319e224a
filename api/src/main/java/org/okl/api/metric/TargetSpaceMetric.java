package org.okl.api.metric;

import org.okl.api.API;

/**
 * A selection metric scored on the regression itself, in the output embedding's target space, before any decoding:
 * from the squared distances {@code ||h(x_i) - z(y_i)||^2} between each validation row's prediction and the code of
 * its true output. It is the loss the filter fits, so it is smooth where a decision metric is coarse (accuracy on a
 * few hundred rows moves in steps of one row and ties across much of a grid); model selection computes the distances
 * for explicit output embeddings and passes them here.
 *
 * <p>Decoded outputs have left the target space, so {@link #evaluate} on them throws; name such a metric as
 * {@code selection.metric} only, and score the decoded outputs with a decision metric.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface TargetSpaceMetric extends Metric {

    /**
     * The metric from the validation rows' squared distances to their true codes.
     *
     * @param squaredDistances {@code ||h(x_i) - z(y_i)||^2} per validation row
     * @param dimension        the target space's dimension d
     */
    double fromSquaredDistances(double[] squaredDistances, int dimension);
}
