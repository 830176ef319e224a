package org.okl.filters;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.TypedSpec;
import org.okl.api.regularizer.Regularizer;

/** Typed specs of the regularizers this plugin provides, for pipelines built in code (see {@link Filters}). */
public final class Regularizers {
    private Regularizers() {
    }

    /** How the edges of the input graph of manifold regularization are weighted. */
    public enum EdgeWeights {
        /** Every edge weighs 1. */
        BINARY,
        /** exp(-d^2 / (2 sigma^2)) with sigma the mean edge length. */
        GAUSSIAN
    }

    /**
     * {@code manifold}: gammaI f^T L f over the k-nearest-neighbour graph of the labelled and unlabelled inputs
     * (Minh and Sindhwani 2011), with binary weights and the normalised Laplacian.
     */
    public static TypedSpec<Regularizer> manifold(double gammaI, int neighbours) {
        return TypedSpec.of(Regularizer.class, "manifold").with("gammaI", gammaI).with("neighbours", neighbours);
    }

    /**
     * {@code manifold} with every setting: edge weights, the normalised Laplacian I - D^-1/2 W D^-1/2 (else D - W),
     * and the power of the Laplacian (iterated Laplacian).
     */
    public static TypedSpec<Regularizer> manifold(double gammaI, int neighbours, EdgeWeights weights,
            boolean normalised, int power) {
        return manifold(gammaI, neighbours).with("weights", weights == EdgeWeights.BINARY ? "binary" : "gaussian")
                .with("normalised", normalised).with("power", power);
    }

    /** {@code output-graph}: a graph penalty between outputs with non-negative symmetric weights M. */
    public static TypedSpec<Regularizer> outputGraph(double[][] weights) {
        List<Object> rowMajor = new ArrayList<>();
        for (double[] row : weights) {
            for (double v : row) {
                rowMajor.add(v);
            }
        }
        return TypedSpec.of(Regularizer.class, "output-graph").with("weights", rowMajor);
    }

    /** {@code output-clusters}: a cluster penalty between outputs, one cluster index per output. */
    public static TypedSpec<Regularizer> outputClusters(double eps1, double eps2, int... clusters) {
        List<Object> list = new ArrayList<>(clusters.length);
        for (int c : clusters) {
            list.add((double) c);
        }
        return TypedSpec.of(Regularizer.class, "output-clusters").with("eps1", eps1).with("eps2", eps2)
                .with("clusters", list);
    }
}
