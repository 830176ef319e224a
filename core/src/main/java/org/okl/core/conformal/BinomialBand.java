package org.okl.core.conformal;

/**
 * Where the empirical coverage of intervals that are exactly calibrated falls: with m held-out values each covered with
 * probability p independently, the number covered is Binomial(m, p), and the band is its central quantiles divided by
 * m. Exact (the binomial probabilities are summed, in log space so that large m does not underflow), not the normal
 * approximation.
 */
public final class BinomialBand {
    /** The confidence of the band the report draws: 99 % of exactly calibrated coverages fall inside it. */
    public static final double CONFIDENCE = 0.99;

    private BinomialBand() {
    }

    /**
     * The band {lower, upper} of coverages k/m: lower is a/m for the largest a with P(X &lt; a) &lt;= (1 - confidence)
     * / 2, upper is b/m for the smallest b with P(X &gt; b) &lt;= (1 - confidence) / 2, X ~ Binomial(m, p).
     *
     * @param m          the number of held-out values (at least 1)
     * @param p          the nominal coverage, in (0, 1)
     * @param confidence the band's confidence, in (0, 1)
     * @throws IllegalArgumentException for m &lt; 1 or p or confidence outside (0, 1)
     */
    public static double[] of(long m, double p, double confidence) {
        if (m < 1) {
            throw new IllegalArgumentException("a coverage band needs at least one value, not " + m);
        }
        if (!(p > 0 && p < 1) || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("the level and the confidence must lie in (0, 1), not " + p + " and "
                    + confidence);
        }
        if (m > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("too many values for an exact band: " + m);
        }
        int n = (int) m;
        double[] pmf = probabilities(n, p);
        double tail = (1 - confidence) / 2;
        // lower: the largest a with P(X < a) <= tail
        int a = 0;
        double below = 0;
        while (a < n && below + pmf[a] <= tail) {
            below += pmf[a];
            a++;
        }
        // upper: the smallest b with P(X > b) <= tail
        int b = n;
        double above = 0;
        while (b > 0 && above + pmf[b] <= tail) {
            above += pmf[b];
            b--;
        }
        return new double[] {a / (double) n, b / (double) n};
    }

    /** P(X = k) for k = 0..n, X ~ Binomial(n, p), from the ratio of neighbours in log space, normalised. */
    private static double[] probabilities(int n, double p) {
        double[] log = new double[n + 1];
        double odds = Math.log(p) - Math.log1p(-p);
        double max = log[0];
        for (int k = 0; k < n; k++) {
            log[k + 1] = log[k] + Math.log((n - k) / (double) (k + 1)) + odds;
            max = Math.max(max, log[k + 1]);
        }
        double sum = 0;
        double[] pmf = new double[n + 1];
        for (int k = 0; k <= n; k++) {
            pmf[k] = Math.exp(log[k] - max);
            sum += pmf[k];
        }
        for (int k = 0; k <= n; k++) {
            pmf[k] /= sum;
        }
        return pmf;
    }
}
