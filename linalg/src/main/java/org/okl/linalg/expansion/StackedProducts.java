package org.okl.linalg.expansion;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * {@code L · R_j} for many right factors of the same height, computed as few wide products (the right factors placed
 * side by side, in chunks of bounded memory) so that L is streamed through the BLAS once per chunk instead of once
 * per factor.
 */
public final class StackedProducts {
    /** The largest stacked right-hand side, in entries (32 MiB). */
    static final long CHUNK_ENTRIES = 1L << 22;

    private StackedProducts() {
    }

    /** The products L · R_j, in order. */
    public static List<Matrix> multiply(LinearAlgebra linearAlgebra, Matrix left, List<Matrix> rights) {
        for (Matrix r : rights) {
            if (r.rows() != left.cols()) {
                throw new IllegalArgumentException("a " + left.rows() + " x " + left.cols() + " matrix cannot multiply "
                        + r.rows() + " rows");
            }
        }
        List<Matrix> out = new ArrayList<>(rights.size());
        int start = 0;
        while (start < rights.size()) {
            long entries = 0;
            int end = start;
            while (end < rights.size() && (end == start || entries + size(rights.get(end)) <= CHUNK_ENTRIES)) {
                entries += size(rights.get(end));
                end++;
            }
            int cols = 0;
            for (int j = start; j < end; j++) {
                cols += rights.get(j).cols();
            }
            double[] stacked = new double[left.cols() * cols];
            int offset = 0;
            for (int j = start; j < end; j++) {
                double[] d = rights.get(j).data();
                System.arraycopy(d, 0, stacked, offset, d.length);
                offset += d.length;
            }
            Matrix product = linearAlgebra.multiply(left, new Matrix(left.cols(), cols, stacked));
            int col = 0;
            for (int j = start; j < end; j++) {
                int c = rights.get(j).cols();
                out.add(product.columnRange(col, col + c));
                col += c;
            }
            start = end;
        }
        return out;
    }

    private static long size(Matrix m) {
        return (long) m.rows() * m.cols();
    }
}
