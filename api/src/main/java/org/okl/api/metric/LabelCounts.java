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

    /** The wrong decisions of every label: false positives and false negatives. */
    public long wrong() {
        long wrong = 0;
        for (int j = 0; j < labels(); j++) {
            wrong += falsePositives[j] + falseNegatives[j];
        }
        return wrong;
    }

    /** Every label's decisions: the rows times the labels when no label is missing. */
    public long decisions() {
        long all = wrong();
        for (int j = 0; j < labels(); j++) {
            all += truePositives[j] + trueNegatives[j];
        }
        return all;
    }
}
