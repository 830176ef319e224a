package org.okl.experiments.usps;

import java.util.Locale;
import org.okl.experiments.table.Stats;

/** Spreads and number formats for the USPS result tables (means and deviations: {@link Stats}). */
final class Formats {
    private Formats() {
    }

    /** The standard error of the mean, std / sqrt(n). */
    static double standardError(double[] v) {
        return Stats.std(v) / Math.sqrt(v.length);
    }

    /** {@code mean ± spread} with four decimals. */
    static String plusMinus(double mean, double spread) {
        return String.format(Locale.ROOT, "%.4f ± %.4f", mean, spread);
    }

    /** A number in compact form: {@code 5e-04}, {@code 0.1}, {@code 12}. */
    static String compact(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return String.valueOf((long) v);
        }
        if (Math.abs(v) >= 1e-2 && Math.abs(v) < 1e4) {
            return String.format(Locale.ROOT, "%.4g", v).replaceAll("\\.?0+$", "");
        }
        return String.format(Locale.ROOT, "%.2e", v).replaceAll("\\.?0+e", "e");
    }

    /** Seconds with two decimals. */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }
}
