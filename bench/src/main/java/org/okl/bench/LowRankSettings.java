package org.okl.bench;

/**
 * The settings of the large-n workloads ({@code lowrank_cv}, {@code stream_csv}), the problem: the peer
 * generator with p = 20 inputs and d = 5 outputs, a Gaussian kernel of width sqrt(20) = 4.47, a Nystrom sketch, a
 * Tikhonov path of five lambdas (1e-7..1e-3) chosen by k-fold cross-validation, and a test set.
 *
 * @param rank      the Nystrom rank m (default 2000)
 * @param folds     the folds of the selection (default 5)
 * @param testRows  the rows of the test set (default 20,000)
 * @param childHeap the {@code -Xmx} of the process that fits a CSV file (default {@code 2g})
 */
public record LowRankSettings(int rank, int folds, int testRows, String childHeap) {
    /** The settings. */
    public static final LowRankSettings DEFAULTS = new LowRankSettings(2000, 5, 20_000, "2g");
    /** Input dimension. */
    public static final int P = 20;
    /** Output dimension. */
    public static final int D = 5;

    /** Checks the values. */
    public LowRankSettings {
        if (rank < 1 || folds < 2 || testRows < 1 || !childHeap.matches("[0-9]+[kKmMgG]?")) {
            throw new IllegalArgumentException("low-rank workloads need rank >= 1, folds >= 2, test rows >= 1 and a "
                    + "heap such as 2g, got " + rank + ", " + folds + ", " + testRows + " and '" + childHeap + "'");
        }
    }

    /** The child's heap in MiB ({@code 2g} is 2048, a plain number is bytes). */
    public double heapMib() {
        double number = Double.parseDouble(childHeap.replaceAll("[kKmMgG]$", ""));
        return switch (Character.toLowerCase(childHeap.charAt(childHeap.length() - 1))) {
            case 'g' -> number * 1024;
            case 'm' -> number;
            case 'k' -> number / 1024;
            default -> number / (1024 * 1024);
        };
    }

    /** The Tikhonov path: logspace(-7, -3, 5). */
    public static java.util.List<Double> lambdas() {
        return java.util.List.of(1e-7, 1e-6, 1e-5, 1e-4, 1e-3);
    }

    /** The Gaussian width sqrt(p). */
    public static double sigma() {
        return Math.sqrt(P);
    }
}
