package org.okl.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.Workers;

/**
 * The fastest the streamed fit's per-fold sums can run on this machine's BLAS: every worker makes whole
 * {@code dsyrk} calls of the fit's shape (a group's rows of one piece, k x m, into an m x m sum of its own) on one
 * BLAS thread, as the fit's tasks do, with nothing else to do (no features, no strips, no barrier between pieces).
 * The sums of n rows are n·m² flops, so n·m² over this rate is a floor under the fit's "features + sums" phase.
 *
 * @param threads the workers
 * @param m       the sketch's features
 * @param k       the rows of one call
 * @param gflops  the rate measured, 10^9 flops per second (k·m² flops per call)
 */
record SumsFloor(int threads, int m, int k, double gflops) {

    /** The least time of at least this many seconds of calls. */
    private static final double MEASURE_SECONDS = 1.5;

    /**
     * Measures the rate on {@code threads} workers in this process (one warm-up call each, then rounds of one call
     * per worker until {@value #MEASURE_SECONDS} s have passed).
     */
    static SumsFloor measure(LinearAlgebra la, int threads, int m, int k) {
        Matrix[] a = new Matrix[threads];
        Matrix[] c = new Matrix[threads];
        for (int i = 0; i < threads; i++) {
            a[i] = Matrix.zeros(k, m);
            SplittableRandom random = new SplittableRandom(100 + i);
            double[] data = a[i].data();
            for (int e = 0; e < data.length; e++) {
                data[e] = random.nextDouble();
            }
            c[i] = Matrix.zeros(m, m);
        }
        Workers workers = Workers.of(threads);
        Runnable round = () -> workers.forEach(threads, i -> la.symmetricRankUpdate(1.0, a[i], true, 1.0, c[i]));
        round.run();
        long start = System.nanoTime();
        int rounds = 0;
        double seconds;
        do {
            round.run();
            rounds++;
            seconds = (System.nanoTime() - start) * 1e-9;
        } while (seconds < MEASURE_SECONDS);
        return new SumsFloor(threads, m, k, (double) rounds * threads * k * (double) m * m / seconds / 1e9);
    }

    /** The bytes {@link #measure} allocates: a k x m block and an m x m sum per worker. */
    static long bytes(int threads, int m, int k) {
        return 8L * threads * ((long) k * m + (long) m * m);
    }

    /** The seconds the sums of n rows take at this rate. */
    double seconds(long n) {
        return n * (double) m * m / (gflops * 1e9);
    }

    /** One line for the report: the rate, and the floor it sets for n rows. */
    String describe(long n) {
        return String.format(Locale.ROOT, "%.1f GFLOP/s (whole dsyrk, k = %d, m = %d, one BLAS thread per worker): "
                + "the sums of %,d rows (n·m² flops) take at least %.2f s", gflops, k, m, n, seconds(n));
    }
}
