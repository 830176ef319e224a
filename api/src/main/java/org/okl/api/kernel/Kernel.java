package org.okl.api.kernel;

import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A scalar positive semi-definite kernel {@code k(x, x')} on objects of type X, with a batch Gram method.
 *
 * <p>Implementations override {@link #gram(List, List)} whenever the Gram matrix of two samples can be computed
 * faster than by n·m calls to {@link #value(Object, Object)} (for example with one matrix product).
 *
 * @param <X> the type of the objects compared
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface Kernel<X> {

    /** The kernel value k(a, b). */
    double value(X a, X b);

    /** The Gram matrix {@code G[i][j] = k(a_i, b_j)} of two samples (a.size() x b.size()). */
    default Matrix gram(List<? extends X> a, List<? extends X> b) {
        Matrix g = Matrix.zeros(a.size(), b.size());
        for (int j = 0; j < b.size(); j++) {
            X bj = b.get(j);
            for (int i = 0; i < a.size(); i++) {
                g.set(i, j, value(a.get(i), bj));
            }
        }
        return g;
    }
}
