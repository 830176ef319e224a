package org.okl.experiments.table;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Summaries of repeated measurements (mean, sample standard deviation, median) and their printed forms. */
public final class Stats {
    private Stats() {
    }

    /** The arithmetic mean (NaN for no values). */
    public static double mean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.length;
    }

    /** The sample standard deviation (n − 1 in the denominator; 0 for a single value, NaN for none). */
    public static double std(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        if (values.length == 1) {
            return 0;
        }
        double m = mean(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (values.length - 1));
    }

    /** The median (the mean of the two middle values for an even count; NaN for none). */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : 0.5 * (s[h - 1] + s[h]);
    }

    /** The values of a list as an array. */
    public static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** {@code mean ± std} with the given number of significant digits. */
    public static String meanStd(double[] values, int digits) {
        return number(mean(values), digits) + " ± " + number(std(values), digits);
    }

    /** A number with the given number of significant digits (plain notation between 1e-4 and 1e6). */
    public static String number(double v, int digits) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        double a = Math.abs(v);
        if (a != 0 && (a < 1e-4 || a >= 1e6)) {
            return String.format(Locale.ROOT, "%." + (digits - 1) + "e", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).stripTrailingZeros()
                .toPlainString();
    }
}
