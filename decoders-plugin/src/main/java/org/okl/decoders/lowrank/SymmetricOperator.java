package org.okl.decoders.lowrank;

import org.okl.api.linalg.Matrix;

/** A symmetric N x N matrix available through its product with blocks of vectors. */
public interface SymmetricOperator {

    /** The size N. */
    int size();

    /** The product {@code M X} for an N x k matrix X: N x k. */
    Matrix apply(Matrix x);
}
