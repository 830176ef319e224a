package org.okl.api.metric;

import org.okl.api.API;

/**
 * The confusion counts of every label's 0/1 decisions over some rows: index j is label j.
 *
 * @param truePositives  rows decided positive that are positive
 * @param falsePositives rows decided positive that are negative
 * @param falseNegatives rows decided negative that are positive
 * @param trueNegatives  rows decided negative that are negative
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record LabelCounts(long[] truePositives, long[] falsePositives, long[] falseNegatives, long[] trueNegatives) {

    /** The number of labels. */
    public int labels() {
        return truePositives.length;
    }
}
