package org.okl.kernels.scalar;

import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.okl.api.linalg.Matrix;

/**
 * Element-wise passes over Gram matrices stored column-major: parallel loops over columns, and the blocked
 * lower-to-upper mirror that makes a symmetric Gram exactly symmetric.
 */
public final class GramPasses {
    private static final int BLOCK = 64;
    private static final int PARALLEL_THRESHOLD = 64 * 64;

    private GramPasses() {
    }

    /**
     * Runs {@code column} for every column index in [0, cols), in parallel when the matrix is large and the caller
     * is not itself a task of a fork-join pool. Inside such a task (one block of a parallel step, as the streamed
     * fit's kernel blocks of 128 rows are) the columns run on the calling thread: the step already keeps every
     * worker busy with blocks of its own, and splitting each block again scatters its columns over the other cores'
     * caches, where the task reads them back.
     */
    public static void forEachColumn(int rows, int cols, IntConsumer column) {
        IntStream range = IntStream.range(0, cols);
        if ((long) rows * cols >= PARALLEL_THRESHOLD && !ForkJoinTask.inForkJoinPool()) {
            range = range.parallel();
        }
        range.forEach(column);
    }

    /** The squared Euclidean norm of every row of {@code a}. */
    public static double[] rowSquaredNorms(Matrix a) {
        int n = a.rows();
        double[] data = a.data();
        double[] s = new double[n];
        for (int k = 0; k < a.cols(); k++) {
            int off = k * n;
            for (int i = 0; i < n; i++) {
                double v = data[off + i];
                s[i] += v * v;
            }
        }
        return s;
    }

    /**
     * Copies the strict lower triangle of the square matrix {@code g} onto its upper triangle, in place, so that
     * {@code g} is exactly symmetric. Works on 64 x 64 tiles, in parallel over tile columns.
     */
    public static void mirrorLowerToUpper(Matrix g) {
        int n = g.rows();
        if (g.cols() != n) {
            throw new IllegalArgumentException("cannot mirror a " + n + " x " + g.cols() + " matrix");
        }
        double[] d = g.data();
        int tiles = (n + BLOCK - 1) / BLOCK;
        forEachColumn(n, tiles, tj -> {
            int j0 = tj * BLOCK;
            int j1 = Math.min(n, j0 + BLOCK);
            for (int ti = 0; ti <= tj; ti++) {
                int i0 = ti * BLOCK;
                int i1 = Math.min(n, i0 + BLOCK);
                for (int j = j0; j < j1; j++) {
                    int top = Math.min(i1, j);
                    for (int i = i0; i < top; i++) {
                        d[i + j * n] = d[j + i * n];
                    }
                }
            }
        });
    }

    /** Sets every diagonal element of the square matrix {@code g} to {@code value}, in place. */
    public static void setDiagonal(Matrix g, double value) {
        int n = Math.min(g.rows(), g.cols());
        double[] d = g.data();
        for (int i = 0; i < n; i++) {
            d[i + i * g.rows()] = value;
        }
    }

    /** Throws when the two samples have different numbers of columns. */
    public static void requireSameDimension(String kernel, Matrix a, Matrix b) {
        if (a.cols() != b.cols()) {
            throw new IllegalArgumentException(
                    kernel + ": samples of dimension " + a.cols() + " and " + b.cols() + " cannot be compared");
        }
    }
}
