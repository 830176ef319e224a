package org.okl.kernels.operator;

import java.util.List;
import java.util.stream.IntStream;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.SeparableOperatorKernel;

/**
 * A sum of operator-valued kernels, {@code Gamma = sum_r Gamma_r} (B12 Appendix A), each part separable
 * ({@code k(x, x') A_r}, k the pipeline's input kernel) or a block kernel. It has no eigen shortcut, so it is a
 * block kernel itself; its action is the sum of the parts' actions, {@code k C A_r} for a separable part (never the
 * (n d) x (m d) matrix) and the part's own {@code apply} for a block part.
 *
 * <p>A block kernel never sees the training targets, so the A of a separable part is built from a 0 x d target
 * matrix: output matrices that depend only on d (identity, common similarity, graph, clustering, file) work, those
 * estimated from the targets (output Laplacian, covariance) are rejected when the Gram is first needed.
 */
public final class OperatorSumKernel implements BlockOperatorKernel {
    private final List<OperatorKernel> parts;
    private final int dimension;

    /**
     * @param parts     the terms, each a {@link SeparableOperatorKernel} or a {@link BlockOperatorKernel} of
     *                  output dimension {@code dimension}
     * @param dimension the output dimension d
     */
    public OperatorSumKernel(List<OperatorKernel> parts, int dimension) {
        this.parts = List.copyOf(parts);
        this.dimension = dimension;
    }

    @Override
    public int outputDimension() {
        return dimension;
    }

    @Override
    public boolean ignoresInputKernel() {
        return parts.stream().allMatch(OperatorKernel::ignoresInputKernel);
    }

    @Override
    public Matrix blockGram(Matrix a, Matrix b, Matrix inputKernelGram, ComponentContext context) {
        Matrix sum = Matrix.zeros(a.rows() * dimension, b.rows() * dimension);
        for (OperatorKernel part : parts) {
            Matrix term = part instanceof SeparableOperatorKernel s
                    ? kronecker(requireGram(inputKernelGram), outputMatrix(s, context))
                    : ((BlockOperatorKernel) part).blockGram(a, b, inputKernelGram, context);
            addInto(sum, term);
        }
        return sum;
    }

    @Override
    public Matrix apply(Matrix a, Matrix b, Matrix inputKernelGram, Matrix coefficients, ComponentContext context) {
        LinearAlgebra la = context.linearAlgebra();
        Matrix sum = Matrix.zeros(a.rows(), dimension);
        for (OperatorKernel part : parts) {
            Matrix term = part instanceof SeparableOperatorKernel s
                    ? la.multiply(la.multiply(requireGram(inputKernelGram), coefficients), outputMatrix(s, context))
                    : ((BlockOperatorKernel) part).apply(a, b, inputKernelGram, coefficients, context);
            addInto(sum, term);
        }
        return sum;
    }

    private Matrix outputMatrix(SeparableOperatorKernel part, ComponentContext context) {
        Matrix a = part.outputMatrix(Matrix.zeros(0, dimension), context);
        if (a.rows() != dimension || a.cols() != dimension) {
            throw new IllegalArgumentException("operator-sum: a separable part gives a " + a.rows() + " x "
                    + a.cols() + " matrix, expected " + dimension + " x " + dimension);
        }
        return a;
    }

    private static Matrix requireGram(Matrix inputKernelGram) {
        if (inputKernelGram == null) {
            throw new IllegalArgumentException("operator-sum: a separable part needs the pipeline's input kernel Gram");
        }
        return inputKernelGram;
    }

    /** The point-major block matrix k ⊗ A: entry (i d + r, j d + s) = k_ij A_rs. */
    private Matrix kronecker(Matrix k, Matrix a) {
        int n = k.rows();
        int m = k.cols();
        int d = dimension;
        int rows = n * d;
        Matrix out = Matrix.zeros(rows, m * d);
        double[] od = out.data();
        IntStream.range(0, m).parallel().forEach(j -> {
            for (int s = 0; s < d; s++) {
                int col = (j * d + s) * rows;
                for (int i = 0; i < n; i++) {
                    double kij = k.get(i, j);
                    for (int r = 0; r < d; r++) {
                        od[col + i * d + r] = kij * a.get(r, s);
                    }
                }
            }
        });
        return out;
    }

    private static void addInto(Matrix sum, Matrix term) {
        if (term.rows() != sum.rows() || term.cols() != sum.cols()) {
            throw new IllegalArgumentException("operator-sum: a part gives a " + term.rows() + " x " + term.cols()
                    + " result, expected " + sum.rows() + " x " + sum.cols());
        }
        double[] x = sum.data();
        double[] y = term.data();
        for (int i = 0; i < x.length; i++) {
            x[i] += y[i];
        }
    }
}
