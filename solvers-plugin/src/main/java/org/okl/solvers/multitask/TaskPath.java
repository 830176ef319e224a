package org.okl.solvers.multitask;

import java.util.List;
import java.util.stream.IntStream;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.StackedProducts;
import org.okl.solvers.path.ExpansionPathBase;

/**
 * A task-indexed path: coefficients c_j (n x 1) per path point, and predictions for every task,
 * {@code H = k_* M} with {@code M_{i,t} = A[t, t_i]·c_i} (t x T, column t = f_t(x)).
 */
public final class TaskPath extends ExpansionPathBase<double[]> {
    private final Matrix taskRows;

    /**
     * @param kernel        the scalar input kernel
     * @param centers       the training inputs (n x p)
     * @param coefficients  c_j for every path point
     * @param taskRows      row i = A[t_i, :] (n x T)
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    TaskPath(VectorKernel kernel, Matrix centers, List<double[]> coefficients, Matrix taskRows,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        super(kernel, centers, coefficients, linearAlgebra, devices);
        this.taskRows = taskRows;
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        Matrix cross = kernel.gram(inputs, centers);
        Matrix[] out = new Matrix[length()];
        int perChunk = (int) Math.max(1, (1L << 22) / ((long) taskRows.rows() * taskRows.cols()));
        for (int from = 0; from < out.length; from += perChunk) {
            List<Matrix> expansions = new java.util.ArrayList<>();
            for (int j = from; j < Math.min(out.length, from + perChunk); j++) {
                expansions.add(expansion(j));
            }
            List<Matrix> products = StackedProducts.multiply(linearAlgebra, cross, expansions);
            for (int q = 0; q < products.size(); q++) {
                out[from + q] = products.get(q);
            }
        }
        return out;
    }

    /**
     * Only each row's own task: h_r = Σ_i k(x_r, x_i)·A[tasks_r, t_i]·c_i at every path point, as one product of
     * the task-weighted cross Gram (t x n) with the coefficients of all path points (n x P), instead of T columns
     * per path point.
     */
    @Override
    public Matrix[] predictAllForTasks(Matrix inputs, int[] tasks) {
        Matrix cross = kernel.gram(inputs, centers);
        int t = cross.rows();
        int n = cross.cols();
        if (tasks.length != t) {
            throw new IllegalArgumentException(t + " inputs but " + tasks.length + " tasks");
        }
        for (int r = 0; r < t; r++) {
            if (tasks[r] < 0 || tasks[r] >= taskRows.cols()) {
                throw new IllegalArgumentException("task " + tasks[r] + " of row " + (r + 1)
                        + " was not seen in training");
            }
        }
        double[] w = cross.data();
        double[] rows = taskRows.data();
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int r = 0; r < t; r++) {
                w[r + i * t] *= rows[i + tasks[r] * n];
            }
        });
        Matrix c = Matrix.zeros(n, length());
        for (int j = 0; j < length(); j++) {
            System.arraycopy(coefficients.get(j), 0, c.data(), j * n, n);
        }
        Matrix h = linearAlgebra.multiply(cross, c);
        Matrix[] out = new Matrix[length()];
        for (int j = 0; j < out.length; j++) {
            out[j] = h.columnRange(j, j + 1);
        }
        return out;
    }

    @Override
    protected Matrix right() {
        return null;
    }

    /** The scalar coefficients c (n) at one path point (not a copy). */
    public double[] coefficientsAt(int index) {
        return coefficients.get(index);
    }

    /** M = diag(c) · taskRows (n x T). */
    @Override
    protected Matrix expansion(int index) {
        double[] c = coefficients.get(index);
        Matrix m = taskRows.copy();
        double[] data = m.data();
        int n = m.rows();
        for (int t = 0; t < m.cols(); t++) {
            for (int i = 0; i < n; i++) {
                data[i + t * n] *= c[i];
            }
        }
        return m;
    }
}
