package org.okl.app.experiment.multilabel;

import java.util.Locale;

/** Means, standard deviations and number formats for the result tables. */
final class Summary {
    private Summary() {
    }

    /** The arithmetic mean. */
    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** The sample standard deviation (n - 1 in the denominator; 0 for one value). */
    static double std(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (v.length - 1));
    }

    /** {@code mean(std)} in percent with one decimal, as MS11 prints it. */
    static String percent(double[] v) {
        return String.format(Locale.ROOT, "%.1f(%.1f)", 100 * mean(v), 100 * std(v));
    }

    /** {@code mean ± std} in percent with one decimal. */
    static String percentPlusMinus(double[] v) {
        return String.format(Locale.ROOT, "%.1f ± %.1f", 100 * mean(v), 100 * std(v));
    }

    /** Seconds with one decimal. */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    /**
     * The median Euclidean distance between distinct rows of {@code x} (a kernel-width heuristic computed on training
     * rows only).
     */
    static double medianDistance(double[][] x) {
        int n = x.length;
        double[] d = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = 0;
                for (int c = 0; c < x[i].length; c++) {
                    double t = x[i][c] - x[j][c];
                    s += t * t;
                }
                d[k++] = Math.sqrt(s);
            }
        }
        java.util.Arrays.sort(d);
        return d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
    }
}
