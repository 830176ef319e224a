package org.okl.api.metric;

import org.okl.api.API;

/**
 * A metric of 0/1 label decisions that is a function of each label's confusion counts over the rows (the Hamming
 * loss, micro- and macro-averaged F1). Tuning label thresholds scores a moved threshold from the counts, which a
 * sorted column gives in logarithmic time, instead of decoding and scoring every row again. {@link #fromCounts} must
 * equal {@link #evaluate} on the decisions the counts came from.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface LabelCountMetric extends Metric {

    /** The metric from the counts of every label. */
    double fromCounts(LabelCounts counts);
}
