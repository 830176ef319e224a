package org.okl.bench;

import java.util.SplittableRandom;
import org.okl.api.linalg.Matrix;

/**
 * The synthetic regression data of the numpy peer script: X ~ N(0,1) (n x p), W ~ N(0,1) (p x d),
 * Y = tanh(X W / sqrt(p)) + 0.1 N(0,1) (n x d). Same distribution as numpy's generator, not the same stream.
 *
 * <p>The product X W is a plain loop (O(n·p·d), outside every timed region) so the data are bit-identical whatever
 * the back-end: native and pure-Java timings are taken on the same numbers.
 *
 * @param inputs  X (n x p)
 * @param outputs Y (n x d)
 */
public record BenchData(Matrix inputs, Matrix outputs) {

    /** Generates the data for a seed; equal arguments give equal data. */
    public static BenchData synthetic(int n, int p, int d, long seed) {
        if (n < 1 || p < 1 || d < 1) {
            throw new IllegalArgumentException("n, p and d must be >= 1, got " + n + ", " + p + ", " + d);
        }
        SplittableRandom random = new SplittableRandom(seed);
        Matrix x = gaussian(n, p, random);
        Matrix w = gaussian(p, d, random);
        Matrix y = Matrix.zeros(n, d);
        double scale = 1.0 / Math.sqrt(p);
        double[] xd = x.data();
        double[] wd = w.data();
        double[] yd = y.data();
        for (int j = 0; j < d; j++) {
            for (int k = 0; k < p; k++) {
                double wkj = wd[k + j * p];
                int xo = k * n;
                int yo = j * n;
                for (int i = 0; i < n; i++) {
                    yd[yo + i] += xd[xo + i] * wkj;
                }
            }
        }
        for (int j = 0; j < d; j++) {
            for (int i = 0; i < n; i++) {
                int at = i + j * n;
                yd[at] = Math.tanh(yd[at] * scale) + 0.1 * random.nextGaussian();
            }
        }
        return new BenchData(x, y);
    }

    private static Matrix gaussian(int rows, int cols, SplittableRandom random) {
        Matrix m = Matrix.zeros(rows, cols);
        double[] data = m.data();
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextGaussian();
        }
        return m;
    }

    /** The Gaussian width the peer script uses: sqrt(p). */
    public double sigma() {
        return Math.sqrt(inputs.cols());
    }
}
