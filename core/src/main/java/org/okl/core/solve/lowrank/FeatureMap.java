package org.okl.core.solve.lowrank;

import org.okl.api.linalg.Matrix;
import org.okl.core.solve.Predictor;

/** Explicit features z(x) (r of them) with {@code k(x, x') ≈ z(x)^T z(x')}: Nystrom or random Fourier features. */
public interface FeatureMap {

    /** The features of the rows of {@code inputs}: t x r. */
    Matrix features(Matrix inputs);

    /** The predictor {@code H = z(X*) · weights} for weights (r x D), in its storable form. */
    Predictor expansion(Matrix weights);
}
