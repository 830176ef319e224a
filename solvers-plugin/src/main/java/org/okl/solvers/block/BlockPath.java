package org.okl.solvers.block;

import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;

/**
 * A path of block expansions. Predictions for the whole path form the cross block Gram of a chunk of test points
 * once and multiply it with all the path's coefficient vectors in one product.
 */
public final class BlockPath implements RegressionPath {
    /** The largest cross block Gram formed at once, in entries (128 MiB). */
    private static final long CHUNK_ENTRIES = 1L << 24;

    private final BlockOperatorKernel operator;
    private final VectorKernel kernel;
    private final Matrix centers;
    private final List<Matrix> coefficients;
    private final ComponentContext context;

    /**
     * @param operator     the operator-valued kernel
     * @param kernel       the scalar input kernel, or {@code null} when the operator ignores it
     * @param centers      the training inputs (n x p)
     * @param coefficients C_j (n x d) for every path point
     * @param context      back-end and seed
     */
    public BlockPath(BlockOperatorKernel operator, VectorKernel kernel, Matrix centers, List<Matrix> coefficients,
            ComponentContext context) {
        this.operator = operator;
        this.kernel = operator.ignoresInputKernel() ? null : kernel;
        this.centers = centers;
        this.coefficients = List.copyOf(coefficients);
        this.context = context;
    }

    @Override
    public int length() {
        return coefficients.size();
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        int d = operator.outputDimension();
        int n = centers.rows();
        int paths = length();
        Matrix stacked = Matrix.zeros(n * d, paths);
        for (int j = 0; j < paths; j++) {
            double[] flat = coefficients.get(j).transpose().data();
            System.arraycopy(flat, 0, stacked.data(), j * n * d, n * d);
        }
        int t = inputs.rows();
        Matrix[] out = new Matrix[paths];
        for (int j = 0; j < paths; j++) {
            out[j] = Matrix.zeros(t, d);
        }
        int chunk = (int) Math.max(1, Math.min(t, CHUNK_ENTRIES / ((long) d * n * d)));
        for (int from = 0; from < t; from += chunk) {
            int to = Math.min(t, from + chunk);
            Matrix part = inputs.rowRange(from, to);
            Matrix cross = kernel == null ? null : kernel.gram(part, centers);
            Matrix g = operator.blockGram(part, centers, cross, context);
            Matrix r = context.linearAlgebra().multiply(g, stacked);
            for (int j = 0; j < paths; j++) {
                for (int i = from; i < to; i++) {
                    for (int c = 0; c < d; c++) {
                        out[j].set(i, c, r.get((i - from) * d + c, j));
                    }
                }
            }
        }
        return out;
    }

    @Override
    public Predictor at(int index) {
        return new BlockExpansion(operator, kernel, centers, coefficients.get(index), context);
    }

    /** The coefficients C_j at one path point (not a copy). */
    public Matrix coefficientsAt(int index) {
        return coefficients.get(index);
    }
}
