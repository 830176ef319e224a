package org.okl.bench.accuracy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The comparison of k methods over N data sets by their ranks (Demsar, "Statistical comparisons of classifiers over
 * multiple data sets", JMLR 7, 2006): on every data set the methods are ranked (1 = best, ties share the average of
 * the ranks they span); the Friedman test asks whether the average ranks differ more than chance allows, by its
 * chi-square statistic {@code 12N/(k(k+1)) (sum R_j^2 - k(k+1)^2/4)} (k - 1 degrees of freedom, without a tie
 * correction, as Demsar gives it) and by Iman and Davenport's {@code F = (N-1) chi2 / (N(k-1) - chi2)} (k - 1 and
 * (k-1)(N-1) degrees of freedom); the Nemenyi critical difference {@code q_alpha sqrt(k(k+1)/(6N))} is the least
 * difference of average ranks that the all-pairs test calls significant, where {@code q_alpha} is the studentized
 * range quantile (infinite degrees of freedom) divided by sqrt 2; and Holm's step-down procedure compares one
 * control method with every other by {@code z = (R_i - R_c) / sqrt(k(k+1)/(6N))}.
 */
public final class RankTest {
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    private RankTest() {
    }

    /**
     * The outcome of the Friedman test and its post-hoc quantities.
     *
     * @param methods            the methods, in the order of the scores' columns
     * @param sets               N, the data sets
     * @param averageRanks       every method's average rank (1 = best)
     * @param chiSquare          Friedman's chi-square
     * @param chiSquareP         its p-value (chi-square, k - 1 degrees of freedom)
     * @param imanDavenport      Iman and Davenport's F (infinite when every set ranks the methods alike)
     * @param imanDavenportP     its p-value (F with k - 1 and (k - 1)(N - 1) degrees of freedom)
     * @param alpha              the level of the critical difference
     * @param criticalDifference Nemenyi's critical difference at alpha
     */
    public record Friedman(List<String> methods, int sets, double[] averageRanks, double chiSquare, double chiSquareP,
            double imanDavenport, double imanDavenportP, double alpha, double criticalDifference) {

        /** The average rank of a method. */
        public double rank(String method) {
            return averageRanks[methods.indexOf(method)];
        }
    }

    /**
     * One of Holm's comparisons of the control with another method.
     *
     * @param method    the other method
     * @param z         (R_method - R_control) / SE: positive when the control ranks better
     * @param p         the two-sided unadjusted p-value
     * @param adjustedP Holm's adjusted p-value (the control and the method differ at level a when it is below a)
     */
    public record Holm(String method, double z, double p, double adjustedP) {
    }

    /**
     * The ranks of the methods on one data set: 1 for the best, ties given the average of the ranks they span.
     *
     * @param scores          one score per method
     * @param higherIsBetter  whether the larger score is the better
     */
    public static double[] ranks(double[] scores, boolean higherIsBetter) {
        int k = scores.length;
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        Comparator<Integer> byScore = Comparator.comparingDouble(i -> scores[i]);
        Arrays.sort(order, higherIsBetter ? byScore.reversed() : byScore);
        double[] out = new double[k];
        int start = 0;
        while (start < k) {
            int end = start;
            while (end + 1 < k && scores[order[end + 1]] == scores[order[start]]) {
                end++;
            }
            double rank = (start + end) / 2.0 + 1.0;
            for (int i = start; i <= end; i++) {
                out[order[i]] = rank;
            }
            start = end + 1;
        }
        return out;
    }

    /**
     * The Friedman test of a table of scores.
     *
     * @param methods        the methods (the table's columns)
     * @param scores         one row per data set, one score per method
     * @param higherIsBetter per data set, whether the larger score is the better
     * @param alpha          the level of the critical difference
     * @throws IllegalArgumentException with fewer than two methods or two data sets, or ragged rows
     */
    public static Friedman friedman(List<String> methods, double[][] scores, boolean[] higherIsBetter, double alpha) {
        int k = methods.size();
        int n = scores.length;
        if (k < 2 || n < 2 || higherIsBetter.length != n) {
            throw new IllegalArgumentException("the Friedman test needs at least 2 methods and 2 data sets, got "
                    + k + " and " + n);
        }
        double[] average = new double[k];
        for (int i = 0; i < n; i++) {
            if (scores[i].length != k) {
                throw new IllegalArgumentException("data set " + i + " has " + scores[i].length + " scores for "
                        + k + " methods");
            }
            double[] r = ranks(scores[i], higherIsBetter[i]);
            for (int j = 0; j < k; j++) {
                average[j] += r[j] / n;
            }
        }
        return fromAverageRanks(methods, average, n, alpha);
    }

    /**
     * The Friedman test from the average ranks of k methods over N data sets (as papers publish them).
     *
     * @param methods the methods
     * @param average their average ranks
     * @param n       the data sets
     * @param alpha   the level of the critical difference
     */
    public static Friedman fromAverageRanks(List<String> methods, double[] average, int n, double alpha) {
        int k = average.length;
        double sum = 0;
        for (double r : average) {
            sum += r * r;
        }
        double chi = 12.0 * n / (k * (k + 1.0)) * (sum - k * (k + 1.0) * (k + 1.0) / 4.0);
        chi = Math.max(0.0, chi);
        double chiP = 1.0 - new ChiSquaredDistribution(null, k - 1).cumulativeProbability(chi);
        double denominator = n * (k - 1.0) - chi;
        double f = denominator <= 1e-12 * n * k ? Double.POSITIVE_INFINITY : (n - 1.0) * chi / denominator;
        double fP = Double.isInfinite(f) ? 0.0
                : 1.0 - new FDistribution(null, k - 1, (k - 1.0) * (n - 1.0)).cumulativeProbability(f);
        double cd = nemenyiQ(k, alpha) * standardError(k, n);
        return new Friedman(List.copyOf(methods), n, average.clone(), chi, chiP, f, fP, alpha, cd);
    }

    /** sqrt(k(k+1)/(6N)), the standard error of a difference of two average ranks. */
    public static double standardError(int k, int n) {
        return Math.sqrt(k * (k + 1.0) / (6.0 * n));
    }

    /**
     * Holm's step-down comparison of a control with every other method: the p-values sorted ascending, the i-th
     * (from 0) multiplied by m - i, made non-decreasing and capped at 1, with m the comparisons.
     *
     * @param test    the Friedman test's outcome
     * @param control the control method
     * @return one comparison per other method, in the test's method order
     */
    public static List<Holm> holm(Friedman test, String control) {
        int k = test.methods().size();
        int c = test.methods().indexOf(control);
        if (c < 0) {
            throw new IllegalArgumentException("no method " + control);
        }
        double se = standardError(k, test.sets());
        List<Integer> others = new ArrayList<>();
        double[] z = new double[k];
        double[] p = new double[k];
        for (int j = 0; j < k; j++) {
            if (j != c) {
                others.add(j);
                z[j] = (test.averageRanks()[j] - test.averageRanks()[c]) / se;
                p[j] = 2.0 * NORMAL.cumulativeProbability(-Math.abs(z[j]));
            }
        }
        double[] adjusted = holmAdjust(others.stream().mapToDouble(j -> p[j]).toArray());
        List<Holm> out = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            int j = others.get(i);
            out.add(new Holm(test.methods().get(j), z[j], p[j], adjusted[i]));
        }
        return out;
    }

    /** Holm's adjusted p-values of m p-values, in their given order. */
    public static double[] holmAdjust(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] out = new double[m];
        double running = 0.0;
        for (int i = 0; i < m; i++) {
            running = Math.max(running, Math.min(1.0, (m - i) * p[order[i]]));
            out[order[i]] = running;
        }
        return out;
    }

    /**
     * Nemenyi's q_alpha for k methods: the 1 - alpha quantile of the studentized range of k standard normals
     * divided by sqrt 2 (Demsar's Table 5a: 2.569 for k = 4 at alpha 0.05).
     */
    public static double nemenyiQ(int k, double alpha) {
        if (k < 2 || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("nemenyiQ needs k >= 2 and 0 < alpha < 1, got " + k + ", " + alpha);
        }
        double target = 1.0 - alpha;
        double lo = 0.0;
        double hi = 1.0;
        while (studentizedRangeCdf(hi, k) < target) {
            hi *= 2;
        }
        for (int i = 0; i < 100 && hi - lo > 1e-12; i++) {
            double mid = (lo + hi) / 2;
            if (studentizedRangeCdf(mid, k) < target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2 / Math.sqrt(2.0);
    }

    /**
     * The distribution function of the range of k independent standard normals (the studentized range with infinite
     * degrees of freedom): {@code k * integral phi(z) (Phi(z + q) - Phi(z))^(k-1) dz}, by Simpson's rule on
     * [-9, 9] (the integrand is smooth and below 1e-17 outside).
     */
    public static double studentizedRangeCdf(double q, int k) {
        if (q <= 0) {
            return 0.0;
        }
        int steps = 4000;
        double a = -9.0;
        double h = 18.0 / steps;
        double sum = 0;
        for (int i = 0; i <= steps; i++) {
            double z = a + i * h;
            double phi = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
            double inner = NORMAL.cumulativeProbability(z + q) - NORMAL.cumulativeProbability(z);
            double v = phi * Math.pow(Math.max(0.0, inner), k - 1);
            double w = i == 0 || i == steps ? 1 : i % 2 == 1 ? 4 : 2;
            sum += w * v;
        }
        return Math.min(1.0, k * sum * h / 3.0);
    }
}
