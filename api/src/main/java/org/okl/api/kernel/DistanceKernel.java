package org.okl.api.kernel;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A kernel that is a function of a distance between its arguments that does not depend on the kernel's width, such
 * as the Gaussian kernel of the squared Euclidean distance or the Laplacian kernel of the L1 distance. Model
 * selection over several widths computes the distances once per fold and every width's Gram from them
 * ({@link #gramOfDistances}); kernels with the same {@link #distance()} share them.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface DistanceKernel extends VectorKernel {

    /** The id of the distance, for example {@code squared-euclidean}: kernels with the same id share distances. */
    String distance();

    /**
     * The distances between the rows of {@code a} (n x p) and the rows of {@code b} (m x p): n x m, and exactly
     * symmetric with a zero diagonal when {@code a == b}.
     */
    Matrix distances(Matrix a, Matrix b);

    /** The Gram matrix whose entries are this kernel of the given distances (a new matrix of the same shape). */
    Matrix gramOfDistances(Matrix distances);
}
