package org.okl.kernels.matrix;

import java.util.HashMap;
import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * B12 eq. 32, output clustering: {@code A = pinv(G)}, {@code G = eps1 · I + (eps2 - eps1) · E (E^T E)^-1 E^T}, with
 * E the d x r membership matrix of r clusters. {@code E (E^T E)^-1 E^T} has entry 1/m_c between two outputs of the
 * same cluster c of size m_c and 0 otherwise, so it is built directly. The penalty is
 * {@code eps1 sum_c sum_{l in c} ||f^l - mean_c||^2 + eps2 sum_c m_c ||mean_c||^2}.
 */
public final class ClusteringMatrix implements OutputMatrix {
    private final double eps1;
    private final double eps2;
    private final int[] clusters;

    /**
     * @param eps1     the within-cluster weight, > 0
     * @param eps2     the cluster-mean weight, > 0
     * @param clusters the cluster label of every output (any whole numbers; equal labels = same cluster)
     */
    public ClusteringMatrix(double eps1, double eps2, int[] clusters) {
        this.eps1 = eps1;
        this.eps2 = eps2;
        this.clusters = clusters.clone();
    }

    /** The penalty matrix G. */
    public Matrix penalty() {
        int d = clusters.length;
        Map<Integer, Integer> sizes = new HashMap<>();
        for (int c : clusters) {
            sizes.merge(c, 1, Integer::sum);
        }
        Matrix g = Matrix.identity(d).times(eps1);
        for (int l = 0; l < d; l++) {
            for (int q = 0; q < d; q++) {
                if (clusters[l] == clusters[q]) {
                    g.add(l, q, (eps2 - eps1) / sizes.get(clusters[l]));
                }
            }
        }
        return g;
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        if (clusters.length != targets.cols()) {
            throw new InvalidParameterException("clustering", "clusters", "lists " + clusters.length
                    + " cluster indices but the targets have " + targets.cols() + " outputs");
        }
        Matrix a = SymmetricMatrices.pseudoInverse(penalty(), context.linearAlgebra());
        return SymmetricMatrices.requirePsd("clustering", "clusters", a, targets.cols(), context.linearAlgebra());
    }
}
