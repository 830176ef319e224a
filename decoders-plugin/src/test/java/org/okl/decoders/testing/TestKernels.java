package org.okl.decoders.testing;

import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** Small test doubles of output kernels, computed through the linear-algebra products. */
public final class TestKernels {

    private TestKernels() {
    }

    /** The linear kernel {@code <a, b>}. */
    public static VectorKernel linear(LinearAlgebra la) {
        return (a, b) -> la.multiply(a, false, b, true);
    }

    /** The Gaussian kernel {@code exp(-||a - b||^2 / (2 sigma^2))}. */
    public static VectorKernel gaussian(double sigma, LinearAlgebra la) {
        return (a, b) -> {
            Matrix g = la.multiply(a, false, b, true);
            double[] na = squaredNorms(a);
            double[] nb = squaredNorms(b);
            for (int j = 0; j < g.cols(); j++) {
                for (int i = 0; i < g.rows(); i++) {
                    double d2 = Math.max(0, na[i] + nb[j] - 2 * g.get(i, j));
                    g.set(i, j, Math.exp(-d2 / (2 * sigma * sigma)));
                }
            }
            return g;
        };
    }

    private static double[] squaredNorms(Matrix m) {
        double[] s = new double[m.rows()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                s[i] += m.get(i, j) * m.get(i, j);
            }
        }
        return s;
    }
}
