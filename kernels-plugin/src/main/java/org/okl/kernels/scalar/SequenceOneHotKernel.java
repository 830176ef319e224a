package org.okl.kernels.scalar;

import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;

/**
 * The linear kernel on the one-hot-per-position map of sequences (K13 OCR output map Phi_l). A
 * sequence is a row with one integer code per position: 0 is padding, 1..alphabet are symbols. The kernel value is
 * the number of positions where both sequences carry the same (non-padding) symbol, which equals
 * {@code <Phi_l(y), Phi_l(y')>} without forming the (positions · alphabet)-wide one-hot vectors: the direct count
 * costs O(n m q) against O(n m q · alphabet) for a product of the one-hot matrices. Rows of different lengths are
 * compared over the shorter length (the longer row's extra positions meet padding).
 */
public final class SequenceOneHotKernel implements VectorKernel {
    private final int alphabet;

    /** @param alphabet the number of symbols (codes 1..alphabet) */
    public SequenceOneHotKernel(int alphabet) {
        this.alphabet = alphabet;
    }

    @Override
    public double value(double[] a, double[] b) {
        int q = Math.min(a.length, b.length);
        int count = 0;
        for (int t = 0; t < q; t++) {
            int ca = code(a[t]);
            if (ca != 0 && ca == code(b[t])) {
                count++;
            }
        }
        return count;
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        int[] ca = codes(a);
        int[] cb = codes(b);
        int n = a.rows();
        int m = b.rows();
        int q = Math.min(a.cols(), b.cols());
        Matrix g = Matrix.zeros(n, m);
        double[] gd = g.data();
        GramPasses.forEachColumn(n, m, j -> {
            int off = j * n;
            for (int t = 0; t < q; t++) {
                int s = cb[j + t * m];
                if (s == 0) {
                    continue;
                }
                int at = t * n;
                for (int i = 0; i < n; i++) {
                    if (ca[at + i] == s) {
                        gd[off + i] += 1.0;
                    }
                }
            }
        });
        return g;
    }

    @Override
    public double[] diagonal(Matrix a) {
        int[] c = codes(a);
        int n = a.rows();
        double[] d = new double[n];
        for (int k = 0; k < c.length; k++) {
            if (c[k] != 0) {
                d[k % n] += 1.0;
            }
        }
        return d;
    }

    private int[] codes(Matrix a) {
        double[] data = a.data();
        int[] c = new int[data.length];
        for (int k = 0; k < data.length; k++) {
            c[k] = code(data[k]);
        }
        return c;
    }

    private int code(double v) {
        if (v != Math.rint(v) || v < 0 || v > alphabet) {
            throw new IllegalArgumentException("sequence-one-hot: position code " + v
                    + " is not a whole number in [0, " + alphabet + "] (0 = padding, 1.." + alphabet + " = symbols)");
        }
        return (int) v;
    }
}
