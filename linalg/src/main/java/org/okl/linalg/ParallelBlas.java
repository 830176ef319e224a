package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import org.okl.linalg.parallel.Workers;

/**
 * netlib's Java BLAS (its Vector API implementation when the JVM runs with
 * {@code --add-modules jdk.incubator.vector}) made to use every core, for the pure-Java back-end's hot paths.
 * {@link #gemm} cuts a product into panels of {@value #K_PANEL} along the inner dimension, which keep a panel of B in
 * cache (netlib's kernel does not block for cache: alone it drops to a fifth of its speed at k = 2000), and into
 * row blocks of C that run as tasks on {@link Workers} (the process's pool; nested in a task that runs there, they
 * join the same threads); measured at 2000 x 2000 x 2000 on two cores: 0.54 s against 3.2 s for ojAlgo; at
 * 4000 x 4000 x 20: 0.03 s against 0.23 s.
 *
 * <p>Arrays are column-major with explicit offsets and leading dimensions, as in BLAS. Products below
 * {@value #PARALLEL_FLOPS} flops run on the calling thread alone.
 */
final class ParallelBlas {
    /** Inner-dimension panel width. */
    static final int K_PANEL = 256;
    /** Column-strip width of {@link #lowerRankUpdate}. */
    static final int LOWER_STRIP = 256;
    /** Products smaller than this many flops are not split across threads. */
    static final long PARALLEL_FLOPS = 1L << 22;

    private final BLAS blas;
    private final Workers workers;

    ParallelBlas(BLAS blas, Workers workers) {
        this.blas = blas;
        this.workers = workers;
    }

    /** A product engine on a pool of its own with the given number of threads (tests). */
    ParallelBlas(BLAS blas, int threads) {
        this(blas, Workers.of(threads));
    }

    /** How many threads large work uses. */
    int threads() {
        return workers.threads();
    }

    /** The single-threaded BLAS underneath, for level-1 and small level-2 work. */
    BLAS blas() {
        return blas;
    }

    /**
     * C := alpha·op(A)·op(B) + beta·C on the sub-matrices at the given offsets (BLAS {@code dgemm} semantics); the
     * inner dimension k is at least 1 (callers handle empty products).
     */
    void gemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA, int lda,
            double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
        if (k < 1) {
            throw new IllegalArgumentException("gemm: inner dimension must be at least 1, got " + k);
        }
        if (m == 0 || n == 0) {
            return;
        }
        inChunks(m, 2.0 * m * n * k >= PARALLEL_FLOPS, (r0, rows) -> panels(transA, transB, r0, rows, n, k, alpha,
                a, offA, lda, b, offB, ldb, beta, c, offC, ldc));
    }

    /** {@link #gemm} on the calling thread only (a task's own product). */
    void gemmOnCaller(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA,
            int lda, double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
        if (k < 1) {
            throw new IllegalArgumentException("gemm: inner dimension must be at least 1, got " + k);
        }
        if (m > 0 && n > 0) {
            panels(transA, transB, 0, m, n, k, alpha, a, offA, lda, b, offB, ldb, beta, c, offC, ldc);
        }
    }

    /**
     * The lower triangle of the m x m block C += alpha·X·Y^T (X and Y m x k), by column strips of
     * {@value #LOWER_STRIP} so that only a thin band above the diagonal is computed needlessly (and overwritten: the
     * strict upper triangle of C's diagonal strips is not preserved).
     */
    void lowerRankUpdate(int m, int k, double alpha, double[] x, int offX, int ldx, double[] y, int offY, int ldy,
            double[] c, int offC, int ldc) {
        for (int j = 0; j < m; j += LOWER_STRIP) {
            int cols = Math.min(LOWER_STRIP, m - j);
            gemm(false, true, m - j, cols, k, alpha, x, offX + j, ldx, y, offY + j, ldy, 1.0, c, offC + j + j * ldc,
                    ldc);
        }
    }

    /**
     * The triangle ("U" or "L") whose symmetric matrix-vector product (dsymv) this BLAS computes faster: netlib's
     * Vector API kernel covers only the upper one (measured at n = 4000: 2.7 ms against 5.9 ms for the lower), its
     * plain-Java kernels are faster on the lower one (5.9 ms against 8.7 ms).
     */
    String fastSymmetricTriangle() {
        return blas.getClass().getSimpleName().startsWith("Vector") ? "U" : "L";
    }

    /** Work on [0, size) in contiguous chunks, one per thread when it is large. */
    private void inChunks(int size, boolean large, Chunk chunk) {
        int chunks = large ? (int) Math.min(workers.threads(), Math.max(1, size / 64)) : 1;
        if (chunks == 1) {
            chunk.run(0, size);
            return;
        }
        int perChunk = (size + chunks - 1) / chunks;
        int count = (size + perChunk - 1) / perChunk;
        workers.forEach(count, i -> chunk.run(i * perChunk, Math.min(perChunk, size - i * perChunk)));
    }

    /** One contiguous range of work. */
    @FunctionalInterface
    private interface Chunk {
        void run(int from, int length);
    }

    /** Rows [r0, r0 + rows) of C, one inner-dimension panel at a time. */
    private void panels(boolean transA, boolean transB, int r0, int rows, int n, int k, double alpha, double[] a,
            int offA, int lda, double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
        String ta = transA ? "T" : "N";
        String tb = transB ? "T" : "N";
        int rowOffsetA = transA ? r0 * lda : r0;
        for (int p = 0; p < k; p += K_PANEL) {
            int kk = Math.min(K_PANEL, k - p);
            int panelA = offA + rowOffsetA + (transA ? p : p * lda);
            int panelB = offB + (transB ? p * ldb : p);
            blas.dgemm(ta, tb, rows, n, kk, alpha, a, panelA, lda, b, panelB, ldb, p == 0 ? beta : 1.0, c, offC + r0,
                    ldc);
        }
    }
}
