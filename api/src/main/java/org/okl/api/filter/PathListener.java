package org.okl.api.filter;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/** Receives the coefficients at each point of a regularization path while an iterative filter runs. */
@FunctionalInterface
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface PathListener {

    /**
     * Called once per path point, in order.
     *
     * @param index        the path point
     * @param coefficients C at that point (n x d); the array may be reused after the call returns, copy to keep it
     */
    void accept(int index, Matrix coefficients);
}
