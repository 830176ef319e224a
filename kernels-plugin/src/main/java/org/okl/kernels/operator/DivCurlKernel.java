package org.okl.kernels.operator;

import java.util.stream.IntStream;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;

/**
 * The divergence-free / curl-free family of B12 eq. 22-23 (docs/conventions.md#operator-valued-kernels) for vector
 * fields R^d -> R^d. With {@code u = x - x'} and {@code phi(u) = exp(-||u||^2 / (2 sigma^2))}:
 * <pre>
 *   Gamma_df = (phi / sigma^2) [ (u/sigma)(u/sigma)^T + ((d - 1) - ||u||^2 / sigma^2) I ]
 *   Gamma_cf = (phi / sigma^2) [ I - (u/sigma)(u/sigma)^T ]
 *   Gamma    = gamma Gamma_df + (1 - gamma) Gamma_cf
 * </pre>
 * so every block is {@code alpha(u) I + beta(u) u u^T} with
 * {@code alpha = (phi / sigma^2)(gamma ((d - 1) - ||u||^2 / sigma^2) + 1 - gamma)} and
 * {@code beta = (phi / sigma^4)(2 gamma - 1)}. gamma = 1 is the divergence-free kernel, gamma = 0 the curl-free one.
 * The kernel carries its own Gaussian and ignores the pipeline's input kernel. {@link #apply} uses the block form
 * directly in O(n m d) without forming the (n d) x (m d) block Gram.
 */
public final class DivCurlKernel implements BlockOperatorKernel {
    private final String id;
    private final double gamma;
    private final int dimension;
    private final double halfInverseSigma2;
    private final double alphaConstant;
    private final double alphaSlope;
    private final double beta;

    /**
     * @param id        the component id ({@code divergence-free}, {@code curl-free} or {@code div-curl}), for
     *                  messages
     * @param sigma     the Gaussian width, > 0
     * @param gamma     the weight of the divergence-free part, in [0, 1]
     * @param dimension d, the dimension of both inputs and outputs
     */
    public DivCurlKernel(String id, double sigma, double gamma, int dimension) {
        this.id = id;
        this.gamma = gamma;
        this.dimension = dimension;
        double s2 = sigma * sigma;
        this.halfInverseSigma2 = 1.0 / (2.0 * s2);
        this.alphaConstant = (gamma * (dimension - 1) + 1.0 - gamma) / s2;
        this.alphaSlope = gamma / (s2 * s2);
        this.beta = (2.0 * gamma - 1.0) / (s2 * s2);
    }

    /** The divergence-free weight gamma. */
    public double gamma() {
        return gamma;
    }

    @Override
    public int outputDimension() {
        return dimension;
    }

    @Override
    public boolean ignoresInputKernel() {
        return true;
    }

    /** The d x d value Gamma(x, x'). */
    public Matrix value(double[] x, double[] xPrime) {
        requireDimension(x.length);
        requireDimension(xPrime.length);
        double[] u = new double[dimension];
        double r2 = 0;
        for (int k = 0; k < dimension; k++) {
            u[k] = x[k] - xPrime[k];
            r2 += u[k] * u[k];
        }
        double phi = Math.exp(-r2 * halfInverseSigma2);
        double alpha = phi * (alphaConstant - alphaSlope * r2);
        double bu = phi * beta;
        Matrix g = Matrix.zeros(dimension, dimension);
        for (int s = 0; s < dimension; s++) {
            for (int r = 0; r < dimension; r++) {
                g.set(r, s, bu * u[r] * u[s] + (r == s ? alpha : 0.0));
            }
        }
        return g;
    }

    @Override
    public Matrix blockGram(Matrix a, Matrix b, Matrix inputKernelGram, ComponentContext context) {
        requireDimension(a.cols());
        requireDimension(b.cols());
        int n = a.rows();
        int m = b.rows();
        int d = dimension;
        int rows = n * d;
        Matrix g = Matrix.zeros(rows, m * d);
        double[] gd = g.data();
        double[] ad = a.data();
        double[] bd = b.data();
        IntStream.range(0, m).parallel().forEach(j -> {
            double[] u = new double[d];
            for (int i = 0; i < n; i++) {
                double r2 = 0;
                for (int k = 0; k < d; k++) {
                    u[k] = ad[i + k * n] - bd[j + k * m];
                    r2 += u[k] * u[k];
                }
                double phi = Math.exp(-r2 * halfInverseSigma2);
                double alpha = phi * (alphaConstant - alphaSlope * r2);
                double bu = phi * beta;
                for (int s = 0; s < d; s++) {
                    int col = (j * d + s) * rows + i * d;
                    for (int r = 0; r < d; r++) {
                        gd[col + r] = bu * u[r] * u[s] + (r == s ? alpha : 0.0);
                    }
                }
            }
        });
        return g;
    }

    @Override
    public Matrix apply(Matrix a, Matrix b, Matrix inputKernelGram, Matrix coefficients, ComponentContext context) {
        requireDimension(a.cols());
        requireDimension(b.cols());
        int n = a.rows();
        int m = b.rows();
        int d = dimension;
        if (coefficients.rows() != m || coefficients.cols() != d) {
            throw new IllegalArgumentException(id + ": coefficients must be " + m + " x " + d + ", got "
                    + coefficients.rows() + " x " + coefficients.cols());
        }
        Matrix out = Matrix.zeros(n, d);
        double[] od = out.data();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] cd = coefficients.data();
        IntStream.range(0, n).parallel().forEach(i -> {
            double[] u = new double[d];
            double[] acc = new double[d];
            for (int j = 0; j < m; j++) {
                double r2 = 0;
                double uc = 0;
                for (int k = 0; k < d; k++) {
                    u[k] = ad[i + k * n] - bd[j + k * m];
                    r2 += u[k] * u[k];
                    uc += u[k] * cd[j + k * m];
                }
                double phi = Math.exp(-r2 * halfInverseSigma2);
                double alpha = phi * (alphaConstant - alphaSlope * r2);
                double buc = phi * beta * uc;
                for (int k = 0; k < d; k++) {
                    acc[k] += alpha * cd[j + k * m] + buc * u[k];
                }
            }
            for (int k = 0; k < d; k++) {
                od[i + k * n] = acc[k];
            }
        });
        return out;
    }

    private void requireDimension(int p) {
        if (p != dimension) {
            throw new IllegalArgumentException(id + ": inputs of dimension " + p + " given to a kernel on R^"
                    + dimension + " (set 'dimension')");
        }
    }
}
