package org.okl.linalg.streamed;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.linalg.TiledProducts;

/**
 * Per group of a {@link FoldScheme}: {@code Phi_g^T W_g Y_g} (m x d), the rows and their total weight: what Falkon's
 * first pass leaves ({@link FalkonPasses#cross()}). Plain data, {@link Serializable} and mergeable ({@link #merge}),
 * so a cluster's workers each fill one and the driver adds them. Not thread-safe: one caller adds (whose products
 * run as tasks on the context's workers).
 */
public final class CrossSums implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int features;
    private final int outputs;
    private final double[][] cross;
    private final long[] rows;
    private final double[] weights;

    /**
     * Empty sums.
     *
     * @param groups   the groups
     * @param features m
     * @param outputs  d
     */
    public CrossSums(int groups, int features, int outputs) {
        this.features = features;
        this.outputs = outputs;
        this.cross = new double[groups][Math.multiplyExact(features, outputs)];
        this.rows = new long[groups];
        this.weights = new double[groups];
    }

    /**
     * Adds consecutive rows.
     *
     * @param first      the global index of the first row
     * @param inputs     their inputs
     * @param targets    their targets (rows x d)
     * @param rowWeights one weight per row, or {@code null} for weight 1
     * @param context    the features, folds and back-end
     */
    public void add(long first, InputRows inputs, Matrix targets, double[] rowWeights, PassContext context) {
        TiledProducts products = context.products();
        context.forEachGroupPiece(first, inputs, cross.length, (g, part, phi, tasks, after) -> {
            Matrix y = PassContext.weightedRows(targets, part, rowWeights);
            tasks.addAll(products.transposedProductTasks(phi, y, new Matrix(features, outputs, cross[g])));
            rows[g] += part.length;
            if (rowWeights == null) {
                weights[g] += part.length;
            } else {
                for (int i : part) {
                    weights[g] += rowWeights[i];
                }
            }
        });
    }

    /** Adds other sums (of the same shape) to these and returns these. */
    public CrossSums merge(CrossSums other) {
        if (other.cross.length != cross.length || other.features != features || other.outputs != outputs) {
            throw new IllegalArgumentException("cross sums of another shape");
        }
        for (int g = 0; g < cross.length; g++) {
            for (int k = 0; k < cross[g].length; k++) {
                cross[g][k] += other.cross[g][k];
            }
            rows[g] += other.rows[g];
            weights[g] += other.weights[g];
        }
        return this;
    }

    /** The number of groups. */
    public int groups() {
        return cross.length;
    }

    /** {@code Phi_g^T W_g Y_g} of a group (m x d, a copy). */
    public Matrix cross(int group) {
        return new Matrix(features, outputs, cross[group].clone());
    }

    /** The rows of a group. */
    public long rows(int group) {
        return rows[group];
    }

    /** The total weight of a group's rows (its rows without weights). */
    public double weight(int group) {
        return weights[group];
    }
}
