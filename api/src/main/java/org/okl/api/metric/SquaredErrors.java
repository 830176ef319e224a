package org.okl.api.metric;

import org.okl.api.API;

/**
 * Per-output sums over t rows of true values y and predictions f, from which every {@link SquaredErrorMetric} is
 * computed: sum (y - f)^2, sum y and sum y^2 for every output column. Rows with a NaN true value are not counted in
 * that column ({@code counts}). Sums of weighted rows (row i weighing w_i &gt;= 0) are sum w (y - f)^2, sum w y and
 * sum w y^2, and {@code weights} holds sum w over the rows counted, which a metric divides by where it would divide
 * by the count (so integer weights give the metric of the rows repeated that many times); unweighted sums have
 * {@code weights} equal to {@code counts}.
 *
 * @param counts        per output: the rows counted
 * @param squaredErrors per output: sum (y - f)^2, weighted
 * @param sums          per output: sum y, weighted
 * @param squares       per output: sum y^2, weighted
 * @param weights       per output: the weights' sum of the rows counted (the counts when every row weighs 1)
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record SquaredErrors(long[] counts, double[] squaredErrors, double[] sums, double[] squares,
        double[] weights) {

    /** Checks that the five arrays have one entry per output, and copies them. */
    public SquaredErrors {
        int d = counts.length;
        if (squaredErrors.length != d || sums.length != d || squares.length != d || weights.length != d) {
            throw new IllegalArgumentException("squared-error sums need one entry per output in every array, got "
                    + d + ", " + squaredErrors.length + ", " + sums.length + ", " + squares.length + " and "
                    + weights.length);
        }
        counts = counts.clone();
        squaredErrors = squaredErrors.clone();
        sums = sums.clone();
        squares = squares.clone();
        weights = weights.clone();
    }

    /**
     * Sums of rows that each weigh 1: {@code weights} are the counts.
     *
     * @param counts        per output: the rows counted
     * @param squaredErrors per output: sum (y - f)^2
     * @param sums          per output: sum y
     * @param squares       per output: sum y^2
     */
    public SquaredErrors(long[] counts, double[] squaredErrors, double[] sums, double[] squares) {
        this(counts, squaredErrors, sums, squares, java.util.Arrays.stream(counts).asDoubleStream().toArray());
    }

    /** Empty sums for d outputs, to accumulate into with {@link #plus}. */
    public static SquaredErrors zeros(int outputs) {
        return new SquaredErrors(new long[outputs], new double[outputs], new double[outputs], new double[outputs],
                new double[outputs]);
    }

    /** The sums of the true values {@code truth} and predictions {@code predicted} (t x d, column-major arrays). */
    public static SquaredErrors of(org.okl.api.linalg.Matrix truth, org.okl.api.linalg.Matrix predicted) {
        if (truth.rows() != predicted.rows() || truth.cols() != predicted.cols()) {
            throw new IllegalArgumentException("truth is " + truth.rows() + " x " + truth.cols() + " but predictions "
                    + predicted.rows() + " x " + predicted.cols());
        }
        int t = truth.rows();
        int d = truth.cols();
        long[] n = new long[d];
        double[] e = new double[d];
        double[] s = new double[d];
        double[] q = new double[d];
        double[] y = truth.data();
        double[] f = predicted.data();
        for (int j = 0; j < d; j++) {
            for (int i = j * t; i < (j + 1) * t; i++) {
                double v = y[i];
                if (!Double.isNaN(v)) {
                    double r = v - f[i];
                    n[j]++;
                    e[j] += r * r;
                    s[j] += v;
                    q[j] += v * v;
                }
            }
        }
        return new SquaredErrors(n, e, s, q);
    }

    /** The number of outputs d. */
    public int outputs() {
        return counts.length;
    }

    /** The element-wise sum with other sums of the same outputs (sums of disjoint row sets). */
    public SquaredErrors plus(SquaredErrors other) {
        if (other.outputs() != outputs()) {
            throw new IllegalArgumentException("cannot add sums of " + other.outputs() + " outputs to sums of "
                    + outputs());
        }
        long[] n = counts.clone();
        double[] e = squaredErrors.clone();
        double[] s = sums.clone();
        double[] q = squares.clone();
        double[] w = weights.clone();
        for (int j = 0; j < n.length; j++) {
            n[j] += other.counts[j];
            e[j] += other.squaredErrors[j];
            s[j] += other.sums[j];
            q[j] += other.squares[j];
            w[j] += other.weights[j];
        }
        return new SquaredErrors(n, e, s, q, w);
    }
}
