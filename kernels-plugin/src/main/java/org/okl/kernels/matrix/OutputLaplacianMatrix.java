package org.okl.kernels.matrix;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * MS11 eq. 16 and docs/conventions.md#operator-valued-kernels: {@code A = gammaO · pinv(L_out) + (1 - gammaO) · I},
 * where L_out is the normalised Laplacian {@code I - D^-1/2 W D^-1/2} of the output graph W: label l is represented by
 * column l of the training targets, W is the binary k-nearest-neighbour graph among the d columns (Euclidean
 * distance), symmetrised with "or" ({@code W_lh = 1} if h is among the k nearest of l or l among the k nearest of h).
 * An isolated label (degree 0) gets a D^-1/2 entry of 0.
 *
 * <p>Missing targets (NaN) are ignored: the distance between two columns is the root mean squared difference over
 * the rows where both are present, which equals the Euclidean distance divided by sqrt(n) on complete data (same
 * neighbours); two columns with no row in common are never neighbours. k is capped at d - 1; ties are broken by
 * the lower column index.
 */
public final class OutputLaplacianMatrix implements OutputMatrix {
    private final double gammaO;
    private final int neighbours;

    /**
     * @param gammaO     the weight of the graph part, in [0, 1)
     * @param neighbours k of the k-nearest-neighbour graph, at least 1
     */
    public OutputLaplacianMatrix(double gammaO, int neighbours) {
        this.gammaO = gammaO;
        this.neighbours = neighbours;
    }

    /** Estimated from the training targets. */
    @Override
    public boolean fromTargets() {
        return true;
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        if (targets.rows() == 0) {
            throw new IllegalArgumentException("output-laplacian: the output graph is built from the training "
                    + "targets, and none were given (a block operator kernel does not see the targets)");
        }
        Matrix l = laplacian(targets);
        Matrix a = SymmetricMatrices.pseudoInverse(l, context.linearAlgebra()).times(gammaO);
        a.addToDiagonal(1.0 - gammaO);
        return SymmetricMatrices.requirePsd("output-laplacian", "gammaO", a, targets.cols(), context.linearAlgebra());
    }

    /** The normalised Laplacian of the symmetrised binary k-NN graph over the columns of the targets. */
    public Matrix laplacian(Matrix targets) {
        Matrix w = graph(targets);
        int d = w.rows();
        double[] scale = new double[d];
        for (int i = 0; i < d; i++) {
            double deg = 0;
            for (int j = 0; j < d; j++) {
                deg += w.get(i, j);
            }
            scale[i] = deg > 0 ? 1.0 / Math.sqrt(deg) : 0.0;
        }
        Matrix l = Matrix.identity(d);
        for (int j = 0; j < d; j++) {
            for (int i = 0; i < d; i++) {
                l.add(i, j, -scale[i] * w.get(i, j) * scale[j]);
            }
        }
        return l;
    }

    /** The symmetrised binary k-nearest-neighbour graph W (d x d, zero diagonal) over the target columns. */
    public Matrix graph(Matrix targets) {
        int d = targets.cols();
        int k = Math.min(neighbours, d - 1);
        Matrix dist = columnDistances(targets);
        Matrix w = Matrix.zeros(d, d);
        for (int l = 0; l < d; l++) {
            final int col = l;
            Integer[] order = IntStream.range(0, d).filter(h -> h != col).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.comparingDouble(h -> dist.get(h, col)));
            for (int r = 0; r < k && r < order.length; r++) {
                int h = order[r];
                if (Double.isFinite(dist.get(h, l))) {
                    w.set(l, h, 1.0);
                    w.set(h, l, 1.0);
                }
            }
        }
        return w;
    }

    /** Root mean squared differences between target columns over rows where both are present (inf if none). */
    private static Matrix columnDistances(Matrix y) {
        int n = y.rows();
        int d = y.cols();
        double[] yd = y.data();
        Matrix dist = Matrix.zeros(d, d);
        IntStream.range(0, d).parallel().forEach(h -> {
            for (int l = 0; l < d; l++) {
                double s = 0;
                int count = 0;
                for (int r = 0; r < n; r++) {
                    double a = yd[r + l * n];
                    double b = yd[r + h * n];
                    if (!Double.isNaN(a) && !Double.isNaN(b)) {
                        double t = a - b;
                        s += t * t;
                        count++;
                    }
                }
                dist.set(l, h, count == 0 ? Double.POSITIVE_INFINITY : Math.sqrt(s / count));
            }
        });
        return dist;
    }
}
