package org.okl.decoders.lowrank;

import java.util.Arrays;
import java.util.Random;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The top eigenpairs of a symmetric positive semi-definite operator by the randomized range finder of Halko,
 * Martinsson and Tropp 2011, touching the operator only through products with N x (p + o) blocks:
 * <pre>
 *   Omega = N x k standard normal, k = min(p + o, N)   (seeded)
 *   Y = M Omega;  repeat q times: Y = M orth(Y)
 *   Q = orth(Y);  B = Q^T M Q (k x k);  B = U diag(mu) U^T;  vectors = Q U, keep the top p
 * </pre>
 * The cost is (q + 2) products with M plus O(N k^2); it is exact (up to round-off) when the rank of M is at most k.
 */
public final class RandomizedEigen {

    private RandomizedEigen() {
    }

    /**
     * The top p eigenpairs, eigenvalues decreasing.
     *
     * @param operator        the symmetric operator M (N x N)
     * @param p               the number of pairs wanted (at most N)
     * @param oversampling    extra random directions o
     * @param powerIterations subspace iterations q
     * @param seed            the seed of the Gaussian test matrix
     */
    public static SymmetricEigen compute(SymmetricOperator operator, int p, int oversampling, int powerIterations,
            long seed, LinearAlgebra linearAlgebra) {
        int size = operator.size();
        if (p < 1 || p > size) {
            throw new IllegalArgumentException("randomized eigendecomposition: rank " + p + " outside [1, " + size
                    + "]");
        }
        int k = Math.min(p + oversampling, size);
        Random random = new Random(seed);
        Matrix omega = Matrix.zeros(size, k);
        double[] w = omega.data();
        for (int i = 0; i < w.length; i++) {
            w[i] = random.nextGaussian();
        }
        Matrix range = operator.apply(omega);
        for (int it = 0; it < powerIterations; it++) {
            range = operator.apply(linearAlgebra.orthonormalBasis(range));
        }
        Matrix q = linearAlgebra.orthonormalBasis(range);
        Matrix projected = linearAlgebra.multiply(q, true, operator.apply(q), false).symmetrize();
        SymmetricEigen small = linearAlgebra.eigenSymmetric(projected);
        Matrix vectors = linearAlgebra.multiply(q, small.vectors().columnRange(0, p));
        return new SymmetricEigen(Arrays.copyOf(small.values(), p), vectors);
    }

    /** The top p eigenpairs of a dense symmetric matrix by a full decomposition (the exact route). */
    public static SymmetricEigen exact(Matrix symmetric, int p, LinearAlgebra linearAlgebra) {
        SymmetricEigen all = linearAlgebra.eigenSymmetric(symmetric);
        return new SymmetricEigen(Arrays.copyOf(all.values(), p), all.vectors().columnRange(0, p));
    }
}
