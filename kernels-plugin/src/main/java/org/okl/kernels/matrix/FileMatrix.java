package org.okl.kernels.matrix;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/** A d x d symmetric positive semi-definite matrix A read from a file (see {@link MatrixFiles}). */
public final class FileMatrix implements OutputMatrix {
    private final Matrix matrix;

    /** @param matrix the matrix read from the file */
    public FileMatrix(Matrix matrix) {
        this.matrix = matrix.copy();
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        return SymmetricMatrices.requirePsd("file", "path", matrix, targets.cols(), context.linearAlgebra());
    }
}
