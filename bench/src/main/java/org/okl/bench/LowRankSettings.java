package org.okl.bench;

/**
 * The settings of the large-n workloads ({@code lowrank_cv}, {@code stream_csv}), the problem: the peer
 * generator with p = 20 inputs and d = 5 outputs, a Gaussian kernel of width sqrt(20) = 4.47, a Nystrom sketch, a
 * Tikhonov path of five lambdas (1e-7..1e-3) chosen by k-fold cross-validation, and a test set.
 *
 * @param rank             the Nystrom rank m (default 2000)
 * @param folds            the folds of the selection (default 5)
 * @param testRows         the rows of the test set (default 20,000)
 * @param childHeap        the {@code -Xmx} of the process that fits a CSV file (default {@code 2g})
 * @param sparkMaster      the master {@code spark_fit} and {@code spark_falkon} fit on (default {@code local[2]}; a
 *                         {@code spark://} URL runs the executors in the cluster's JVMs)
 * @param sparkAlone       whether the Spark workloads skip the one-machine fit they otherwise time beside them
 * @param falkonIterations the most conjugate-gradient iterations of the {@code falkon} solver, or 0 for its default
 * @param sparkWarmupRows  the rows of an untimed fit the Spark workloads' child runs before the timed one (0: none)
 */
public record LowRankSettings(int rank, int folds, int testRows, String childHeap, String sparkMaster,
        boolean sparkAlone, int falkonIterations, int sparkWarmupRows) {
    /** The settings. */
    public static final LowRankSettings DEFAULTS = new LowRankSettings(2000, 5, 20_000, "2g");

    /** Settings fitted on Spark {@code local[2]}, with the one-machine fit beside, and Falkon's default iterations. */
    public LowRankSettings(int rank, int folds, int testRows, String childHeap) {
        this(rank, folds, testRows, childHeap, "local[2]", false, 0, 0);
    }
    /** Input dimension. */
    public static final int P = 20;
    /** Output dimension. */
    public static final int D = 5;

    /** Checks the values. */
    public LowRankSettings {
        if (rank < 1 || folds < 2 || testRows < 1 || !childHeap.matches("[0-9]+[kKmMgG]?") || falkonIterations < 0
                || sparkMaster.isBlank() || sparkWarmupRows < 0) {
            throw new IllegalArgumentException("low-rank workloads need rank >= 1, folds >= 2, test rows >= 1, a "
                    + "heap such as 2g, a Spark master, Falkon iterations and warm-up rows >= 0, got " + rank + ", "
                    + folds + ", " + testRows + ", '" + childHeap + "', '" + sparkMaster + "', " + falkonIterations
                    + " and " + sparkWarmupRows);
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
