package org.okl.api.metric;

import org.okl.api.API;

/**
 * A metric that is a function of per-output squared-error sums (mean squared error, its root, the average relative
 * RMSE), so it can be computed block by block in constant memory and from m x m sums without the rows: OKL's
 * streamed model selection evaluates every path point this way, and {@code okl evaluate} streams test files with it.
 * {@link #fromSums} must equal {@link #evaluate} on the predictions the sums came from.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SquaredErrorMetric extends Metric {

    /** The metric from the sums of the validation or test rows. */
    double fromSums(SquaredErrors sums);
}
