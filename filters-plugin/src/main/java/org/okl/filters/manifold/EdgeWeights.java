package org.okl.filters.manifold;

import java.util.Locale;

/** How the edges of the input k-nearest-neighbour graph are weighted (parameter {@code weights}). */
public enum EdgeWeights {
    /** Every edge has weight 1 (the default, docs/conventions.md#manifold-regularization). */
    BINARY,
    /**
     * Heat-kernel weights {@code exp(-d^2 / (2 sigma^2))}, d the Euclidean distance of the edge's end points, with
     * sigma the mean length of the graph's edges (each undirected edge counted once), as in Sindhwani et al.'s
     * manifold-regularization code when no width is given. When every edge has length 0, every weight is 1.
     */
    GAUSSIAN;

    /** The parameter value, {@code binary} or {@code gaussian}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The weights named by a parameter value. */
    public static EdgeWeights fromId(String id) {
        for (EdgeWeights w : values()) {
            if (w.id().equals(id)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown edge weights '" + id + "'; expected binary or gaussian");
    }
}
