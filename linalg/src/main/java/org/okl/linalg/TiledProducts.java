package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.Workers;

/**
 * The products of the streamed sums, cut into fixed strips and tiles {@value #TILE} wide that run as tasks on
 * {@link Workers}, each a single-threaded BLAS call on sub-matrices. The tiles depend only on the shapes, never on
 * the number of threads, and every entry is always computed by the same call: results are the same, bit for bit,
 * on one thread and on sixty-four. Memory: nothing beyond the operands.
 *
 * <p>Kernels: the native BLAS (run on one thread per call while the pool works, see
 * {@link org.okl.linalg.parallel.BlasThreads}), netlib's Java BLAS with cache panels for the pure-Java back-end, or,
 * for another {@link LinearAlgebra}, its {@code gemm} on copies of the tiles.
 */
public final class TiledProducts {
    /** The side of a tile. */
    public static final int TILE = 256;

    private final Kernels kernels;

    private TiledProducts(Kernels kernels) {
        this.kernels = kernels;
    }

    /** The tiled products of a back-end. */
    public static TiledProducts of(LinearAlgebra linearAlgebra) {
        LinearAlgebra la = linearAlgebra instanceof SolverLinearAlgebra.Adapter adapter ? adapter.delegate()
                : linearAlgebra;
        if (la instanceof NativeLinearAlgebra own) {
            return new TiledProducts(new NetlibKernels(own.blas()));
        }
        if (la instanceof JavaLinearAlgebra own) {
            return new TiledProducts(new PanelKernels(own.products()));
        }
        return new TiledProducts(new CopyingKernels(la));
    }

    /**
     * The lower triangle of {@code c} (m x m) plus {@code a^T a} for {@code a} (k x m): one task per column strip
     * of {@value #TILE} columns (the strip's diagonal block by {@code dsyrk}, the rows below it by one tall
     * {@code gemm}), which keeps the BLAS near the speed of one whole {@code dsyrk} (62 against 66 GFLOP/s on one
     * core, where square tiles of 256 reach 53). The strict upper triangle of the diagonal blocks may be
     * overwritten.
     */
    public void addInnerGramLower(Matrix a, Matrix c, Workers workers) {
        run(innerGramLowerTasks(ColumnBlock.of(a), c, null, null), workers);
    }

    /**
     * The tasks of {@link #addInnerGramLower} on a block {@code a} (k x m) of a larger array, read in place, to run in
     * any order (none when a has no row). With a second factor {@code b} (k x n), the task of a column strip of c
     * also adds the strip's rows of {@code r} (m x n) plus {@code a^T b} ({@link #addTransposedProduct}) while the
     * strip's columns of a are fresh in the cache, instead of reading a again in tasks of their own; every entry is
     * computed by the same call as in the separate tasks.
     *
     * @param b the second factor, or {@code null} for the Gram part alone (then r is ignored)
     */
    public List<Task> innerGramLowerTasks(ColumnBlock a, Matrix c, ColumnBlock b, Matrix r) {
        int m = a.cols();
        int k = a.rows();
        if (c.rows() != m || c.cols() != m) {
            throw new IllegalArgumentException("a " + c.rows() + " x " + c.cols() + " sum for " + m + " columns");
        }
        int n = b == null ? 0 : b.cols();
        if (b != null && (b.rows() != k || r.rows() != m || r.cols() != n)) {
            throw new IllegalArgumentException("a^T b of " + k + " x " + m + " and " + b.rows() + " x " + n
                    + " into " + r.rows() + " x " + r.cols());
        }
        List<Task> tasks = new ArrayList<>();
        if (k == 0 || m == 0) {
            return tasks;
        }
        double[] ad = a.data();
        int off = a.offset();
        int lda = a.ld();
        double[] cd = c.data();
        for (int j0 = 0; j0 < m; j0 += TILE) {
            int start = j0;
            int nj = Math.min(TILE, m - j0);
            int below = m - j0 - nj;
            long flops = (long) k * nj * nj + 2L * k * nj * below + 2L * k * nj * n;
            tasks.add(new Task(() -> {
                kernels.syrkLower(nj, k, ad, off + start * lda, lda, cd, start + start * m, m);
                if (below > 0) {
                    kernels.gemm(true, false, below, nj, k, ad, off + (start + nj) * lda, lda, ad,
                            off + start * lda, lda, 1.0, cd, start + nj + start * m, m);
                }
                if (n > 0) {
                    crossTile(a, b, r, start, nj);
                }
            }, flops));
        }
        return tasks;
    }

    /** {@code c} (m x n) plus {@code a^T b} for {@code a} (k x m) and {@code b} (k x n): one task per row tile. */
    public void addTransposedProduct(Matrix a, Matrix b, Matrix c, Workers workers) {
        run(transposedProductTasks(a, b, c), workers);
    }

    /** The tasks of {@link #addTransposedProduct}, to run in any order. */
    public List<Task> transposedProductTasks(Matrix a, Matrix b, Matrix c) {
        return transposedProductTasks(ColumnBlock.of(a), ColumnBlock.of(b), c);
    }

    /**
     * The tasks of {@link #addTransposedProduct} for blocks of larger arrays (k x m and k x n, read in place), to
     * run in any order (the separate form of what {@link #innerGramLowerTasks} adds with its second factor).
     */
    List<Task> transposedProductTasks(ColumnBlock a, ColumnBlock b, Matrix c) {
        int m = a.cols();
        int k = a.rows();
        int n = b.cols();
        if (b.rows() != k || c.rows() != m || c.cols() != n) {
            throw new IllegalArgumentException("a^T b of " + k + " x " + m + " and " + b.rows() + " x " + n
                    + " into " + c.rows() + " x " + c.cols());
        }
        List<Task> tasks = new ArrayList<>();
        if (k == 0 || m == 0 || n == 0) {
            return tasks;
        }
        for (int t = 0; t < blocks(m); t++) {
            int i0 = t * TILE;
            int ni = Math.min(TILE, m - i0);
            tasks.add(new Task(() -> crossTile(a, b, c, i0, ni), 2L * k * ni * n));
        }
        return tasks;
    }

    /** Rows [i0, i0 + ni) of {@code c} plus the same rows of {@code a^T b}: one call. */
    private void crossTile(ColumnBlock a, ColumnBlock b, Matrix c, int i0, int ni) {
        kernels.gemm(true, false, ni, b.cols(), a.rows(), a.data(), a.offset() + i0 * a.ld(), a.ld(), b.data(),
                b.offset(), b.ld(), 1.0, c.data(), i0, c.rows());
    }

    /**
     * Runs tasks on the workers, the largest first (by their flops; other runnables count as none), so that the
     * small ones fill the gaps at the end.
     */
    public static void run(List<? extends Runnable> tasks, Workers workers) {
        List<Runnable> ordered = new ArrayList<>(tasks);
        ordered.sort(java.util.Comparator.comparingLong(t -> t instanceof Task task ? -task.flops() : 0));
        workers.forEach(ordered.size(), i -> ordered.get(i).run());
    }

    /**
     * One product task and its size.
     *
     * @param body  the calls
     * @param flops about how many floating-point operations they make
     */
    public record Task(Runnable body, long flops) implements Runnable {
        @Override
        public void run() {
            body.run();
        }
    }

    /** {@code a b} for {@code a} (t x m) and {@code b} (m x n), on the calling thread (a task's own product). */
    public Matrix multiply(Matrix a, Matrix b) {
        int t = a.rows();
        int m = a.cols();
        int n = b.cols();
        if (b.rows() != m) {
            throw new IllegalArgumentException("a " + t + " x " + m + " by " + b.rows() + " x " + n + " product");
        }
        Matrix out = Matrix.zeros(t, n);
        if (t > 0 && n > 0 && m > 0) {
            kernels.gemm(false, false, t, n, m, a.data(), 0, t, b.data(), 0, m, 0.0, out.data(), 0, t);
        }
        return out;
    }

    /**
     * A back-end whose large products ({@code gemm} of at least {@value #LARGE_FLOPS} flops) run as tasks of
     * {@value #TILE} columns of C on the workers, each a single-threaded call on the same sub-matrices whatever the
     * number of threads; everything else is the back-end's. Inside a task on the workers (a fold's m x m solve),
     * idle workers take the tiles. A back-end OKL does not know is returned as it is.
     */
    public LinearAlgebra onWorkers(LinearAlgebra linearAlgebra, Workers workers) {
        if (kernels instanceof CopyingKernels) {
            return linearAlgebra;
        }
        return new WorkerProducts(linearAlgebra, this, workers);
    }

    /** Products smaller than this many flops run as one call. */
    static final long LARGE_FLOPS = 1L << 27;

    /** C := alpha op(A) op(B) + beta C by tiles of columns of C. */
    void gemmByColumns(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c,
            Workers workers) {
        int m = c.rows();
        int n = c.cols();
        int k = transA ? a.rows() : a.cols();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] cd = c.data();
        int lda = Math.max(1, a.rows());
        int ldb = Math.max(1, b.rows());
        workers.forEach(blocks(n), t -> {
            int j0 = t * TILE;
            int nj = Math.min(TILE, n - j0);
            kernels.gemm(transA, transB, m, nj, k, alpha, ad, 0, lda, bd, transB ? j0 : j0 * ldb, ldb, beta, cd,
                    j0 * m, m);
        });
    }

    private static int blocks(int size) {
        return (size + TILE - 1) / TILE;
    }

    /**
     * Single-threaded BLAS-3 calls on sub-matrices (column-major, offsets and leading dimensions); alpha = 1.
     * netlib checks that the C of {@code dsyrk} ends by {@code offset + n·ld} within its array, which the last
     * diagonal tile of a sum does not (its last column is shorter than ld): that tile is computed into a buffer of
     * its own and added.
     */
    private interface Kernels {
        void gemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA, int lda,
                double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc);

        default void gemm(boolean transA, boolean transB, int m, int n, int k, double[] a, int offA, int lda,
                double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
            gemm(transA, transB, m, n, k, 1.0, a, offA, lda, b, offB, ldb, beta, c, offC, ldc);
        }

        /** The lower triangle of C (n x n) plus A^T A for A (k x n), when C ends by offC + n·ldc. */
        void syrkLowerChecked(int n, int k, double[] a, int offA, int lda, double[] c, int offC, int ldc);

        /** The lower triangle of C (n x n) plus A^T A for A (k x n). */
        default void syrkLower(int n, int k, double[] a, int offA, int lda, double[] c, int offC, int ldc) {
            if (offC + (long) n * ldc <= c.length) {
                syrkLowerChecked(n, k, a, offA, lda, c, offC, ldc);
                return;
            }
            double[] tile = new double[n * n];
            syrkLowerChecked(n, k, a, offA, lda, tile, 0, n);
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    c[offC + i + j * ldc] += tile[i + j * n];
                }
            }
        }
    }

    /** A netlib BLAS (the native one: one thread per call while the pool works). */
    private record NetlibKernels(BLAS blas) implements Kernels {
        @Override
        public void gemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA,
                int lda, double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
            blas.dgemm(transA ? "T" : "N", transB ? "T" : "N", m, n, k, alpha, a, offA, lda, b, offB, ldb, beta, c,
                    offC, ldc);
        }

        @Override
        public void syrkLowerChecked(int n, int k, double[] a, int offA, int lda, double[] c, int offC, int ldc) {
            blas.dsyrk("L", "T", n, k, 1.0, a, offA, lda, 1.0, c, offC, ldc);
        }
    }

    /** netlib's Java BLAS in cache panels on the calling thread; a diagonal tile is computed whole. */
    private record PanelKernels(ParallelBlas blas) implements Kernels {
        @Override
        public void gemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA,
                int lda, double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
            blas.gemmOnCaller(transA, transB, m, n, k, alpha, a, offA, lda, b, offB, ldb, beta, c, offC, ldc);
        }

        @Override
        public void syrkLowerChecked(int n, int k, double[] a, int offA, int lda, double[] c, int offC, int ldc) {
            blas.gemmOnCaller(true, false, n, n, k, 1.0, a, offA, lda, a, offA, lda, 1.0, c, offC, ldc);
        }
    }

    /** Another back-end's {@code gemm} on copies of the tiles. */
    private record CopyingKernels(LinearAlgebra la) implements Kernels {
        @Override
        public void gemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int offA,
                int lda, double[] b, int offB, int ldb, double beta, double[] c, int offC, int ldc) {
            Matrix x = copy(a, offA, lda, transA ? k : m, transA ? m : k);
            Matrix y = copy(b, offB, ldb, transB ? n : k, transB ? k : n);
            Matrix z = copy(c, offC, ldc, m, n);
            la.gemm(alpha, x, transA, y, transB, beta, z);
            for (int j = 0; j < n; j++) {
                System.arraycopy(z.data(), j * m, c, offC + j * ldc, m);
            }
        }

        @Override
        public void syrkLowerChecked(int n, int k, double[] a, int offA, int lda, double[] c, int offC, int ldc) {
            gemm(true, false, n, n, k, a, offA, lda, a, offA, lda, 1.0, c, offC, ldc);
        }

        private static Matrix copy(double[] data, int offset, int ld, int rows, int cols) {
            double[] out = new double[rows * cols];
            for (int j = 0; j < cols; j++) {
                System.arraycopy(data, offset + j * ld, out, j * rows, rows);
            }
            return new Matrix(rows, cols, out);
        }
    }
}
