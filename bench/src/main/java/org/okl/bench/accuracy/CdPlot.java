package org.okl.bench.accuracy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Demsar's critical-difference diagram as SVG: the average-rank axis (1 = best, on the left), the Nemenyi critical
 * difference drawn to scale above it, every method hung from its average rank (the better half labelled on the left,
 * the rest on the right), and a thick bar under the axis joining every maximal group of methods whose average ranks
 * lie within the critical difference (no pair in it differs significantly).
 */
public final class CdPlot {
    private static final int WIDTH = 900;
    private static final int LEFT = 230;
    private static final int RIGHT = WIDTH - 230;
    private static final int AXIS = 60;
    private static final int LINE = 20;

    private CdPlot() {
    }

    /**
     * The maximal groups of methods whose average ranks differ by less than the critical difference.
     *
     * @param sortedRanks the average ranks in ascending order
     * @param cd          the critical difference
     * @return each group as {first, last} indices into sortedRanks, groups of one left out
     */
    public static List<int[]> cliques(double[] sortedRanks, double cd) {
        List<int[]> out = new ArrayList<>();
        int lastEnd = -1;
        for (int i = 0; i < sortedRanks.length; i++) {
            int j = i;
            while (j + 1 < sortedRanks.length && sortedRanks[j + 1] - sortedRanks[i] < cd) {
                j++;
            }
            if (j > i && j > lastEnd) {
                out.add(new int[] {i, j});
                lastEnd = j;
            }
        }
        return out;
    }

    /** The x coordinate of an average rank on an axis from 1 to k. */
    static double x(double rank, int k) {
        return LEFT + (rank - 1.0) / (k - 1.0) * (RIGHT - LEFT);
    }

    /**
     * The diagram.
     *
     * @param title     the caption above it
     * @param methods   the methods
     * @param ranks     their average ranks, in the same order
     * @param cd        the critical difference
     * @param highlight the method drawn in bold (OKL auto)
     */
    public static String svg(String title, List<String> methods, double[] ranks, double cd, String highlight) {
        int k = methods.size();
        if (k < 2 || ranks.length != k) {
            throw new IllegalArgumentException("a CD diagram needs at least two methods with a rank each");
        }
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> ranks[i]));
        double[] sorted = new double[k];
        for (int i = 0; i < k; i++) {
            sorted[i] = ranks[order[i]];
        }
        List<int[]> groups = cliques(sorted, cd);
        int half = (k + 1) / 2;
        int labelsTop = AXIS + 14 + 8 * groups.size() + 12;
        int height = labelsTop + LINE * Math.max(half, k - half) + 10;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">%n", WIDTH, height, WIDTH,
                height));
        b.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"16\" font-weight=\"bold\">%s</text>%n", 10,
                xml(title)));
        double cdEnd = x(Math.min(k, 1.0 + cd), k);
        b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"30\" x2=\"%.1f\" y2=\"30\" stroke=\"black\" "
                + "stroke-width=\"2\"/>%n", x(1, k), cdEnd));
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"26\" text-anchor=\"middle\">CD = %.3f</text>%n",
                (x(1, k) + cdEnd) / 2, cd));
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
                LEFT, AXIS, RIGHT, AXIS));
        for (int r = 1; r <= k; r++) {
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                    + "stroke=\"black\"/>%n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n", x(r, k),
                    AXIS - 5, x(r, k), AXIS, x(r, k), AXIS - 8, r));
        }
        for (int g = 0; g < groups.size(); g++) {
            int y = AXIS + 10 + 8 * g;
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                    + "stroke=\"black\" stroke-width=\"4\"/>%n", x(sorted[groups.get(g)[0]], k) - 4, y,
                    x(sorted[groups.get(g)[1]], k) + 4, y));
        }
        for (int i = 0; i < k; i++) {
            int m = order[i];
            boolean left = i < half;
            int y = labelsTop + LINE * (left ? i : k - 1 - i);
            double xr = x(ranks[m], k);
            double end = left ? LEFT - 10 : RIGHT + 10;
            b.append(String.format(Locale.ROOT, "<polyline points=\"%.1f,%d %.1f,%d %.1f,%d\" fill=\"none\" "
                    + "stroke=\"#444\"/>%n", xr, AXIS, xr, y, end, y));
            String weight = methods.get(m).equals(highlight) ? " font-weight=\"bold\"" : "";
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\"%s>%s (%.2f)</text>%n",
                    left ? end - 4 : end + 4, y + 4, left ? "end" : "start", weight, xml(methods.get(m)),
                    ranks[m]));
        }
        return b.append("</svg>\n").toString();
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
