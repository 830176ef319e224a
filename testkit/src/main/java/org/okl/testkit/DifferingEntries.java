package org.okl.testkit;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.LabelCountMetric;
import org.okl.api.metric.LabelCounts;

/**
 * A test metric: the fraction of output entries that differ from the truth (the Hamming loss of 0/1 labels), lower
 * is better, computed on the rows and, independently, from label counts (false positives and negatives over all
 * entries).
 */
public final class DifferingEntries implements LabelCountMetric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        double[] y = truth.data();
        double[] p = predicted.outputs().data();
        int wrong = 0;
        for (int k = 0; k < y.length; k++) {
            wrong += y[k] != p[k] ? 1 : 0;
        }
        return (double) wrong / y.length;
    }

    @Override
    public double fromCounts(LabelCounts c) {
        return (double) c.wrong() / c.decisions();
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
