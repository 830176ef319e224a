package org.okl.experiments.multilabel;

import java.util.Locale;
import org.okl.experiments.table.Stats;

/** Percent and time formats for the multi-label result tables (means and deviations: {@link Stats}). */
final class Summary {
    private Summary() {
    }

    /** {@code mean(std)} in percent with one decimal, as MS11 prints it. */
    static String percent(double[] v) {
        return String.format(Locale.ROOT, "%.1f(%.1f)", 100 * Stats.mean(v), 100 * Stats.std(v));
    }

    /** {@code mean ± std} in percent with one decimal. */
    static String percentPlusMinus(double[] v) {
        return String.format(Locale.ROOT, "%.1f ± %.1f", 100 * Stats.mean(v), 100 * Stats.std(v));
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
