package org.okl.api.operator;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * A general operator-valued kernel with values d x d matrices, available only through its block Gram or a
 * Gram-times-coefficients product. Blocks are laid out point-major: entry {@code (i*d + r, j*d + s)} of the block
 * Gram is {@code Gamma(x_i, x_j)[r][s]}.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface BlockOperatorKernel extends OperatorKernel {

    /** The output dimension d. */
    int outputDimension();

    /**
     * The block Gram of the rows of {@code a} (n x p) against the rows of {@code b} (m x p): (n·d) x (m·d).
     *
     * @param inputKernelGram the pipeline's scalar Gram k(a, b) (n x m) for kernels that build on it, or
     *                        {@code null} when {@link #ignoresInputKernel()} is true
     */
    Matrix blockGram(Matrix a, Matrix b, Matrix inputKernelGram, ComponentContext context);

    /**
     * The product of the block Gram with coefficients: row i of the result is
     * {@code sum_j Gamma(a_i, b_j) c_j}, with c_j row j of {@code coefficients} (m x d). The default forms the
     * block Gram; kernels with a cheaper action override it.
     */
    default Matrix apply(Matrix a, Matrix b, Matrix inputKernelGram, Matrix coefficients, ComponentContext context) {
        Matrix g = blockGram(a, b, inputKernelGram, context);
        int d = outputDimension();
        Matrix flat = new Matrix(coefficients.rows() * d, 1, coefficients.transpose().data());
        Matrix r = context.linearAlgebra().multiply(g, flat);
        return new Matrix(d, a.rows(), r.data()).transpose();
    }
}
