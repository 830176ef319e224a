package org.okl.spark.fit;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.stream.BlockAccumulator;
import org.okl.core.stream.FoldAggregates;
import org.okl.core.stream.FoldScheme;
import org.okl.core.stream.StreamTimings;
import org.okl.spark.exec.SketchRecipe;

/**
 * The per-fold sums of the rows one task has seen, with the time its kernel blocks and products took: what
 * {@code treeAggregate} carries. Empty (no array allocated, a few bytes to ship) until the first block, so the zero
 * value Spark copies into every task costs nothing.
 */
final class PartialSums implements Serializable {
    private static final long serialVersionUID = 1L;

    private FoldAggregates sums;
    private long rows;
    private double kernelSeconds;
    private double productSeconds;
    private transient BlockAccumulator accumulator;
    private transient StreamTimings timings;

    /** Adds consecutive rows whose first has global index {@code firstRow}, weighted when weights are given. */
    PartialSums add(long firstRow, InputRows inputs, Matrix outputs, double[] weights, SketchRecipe recipe,
            FoldScheme scheme, int targets, int chunkRows) {
        SketchRecipe.Prepared prepared = recipe.prepare();
        if (accumulator == null) {
            if (sums != null) {
                throw new IllegalStateException("sums received from another task cannot take more rows");
            }
            timings = new StreamTimings();
            accumulator = new BlockAccumulator(prepared.features(), scheme, targets,
                    prepared.okl().context().linearAlgebra(), chunkRows, timings);
            sums = accumulator.aggregates();
        }
        double kernel = timings.kernelSeconds();
        double products = timings.productSeconds();
        accumulator.add(firstRow, inputs, prepared.encode().apply(outputs), weights);
        kernelSeconds += timings.kernelSeconds() - kernel;
        productSeconds += timings.productSeconds() - products;
        rows += inputs.rows();
        return this;
    }

    /** Adds another task's sums to these (either may be empty) and returns the result. */
    PartialSums merge(PartialSums other) {
        if (other.sums == null) {
            return this;
        }
        if (sums == null) {
            return other;
        }
        sums.merge(other.sums);
        rows += other.rows;
        kernelSeconds += other.kernelSeconds;
        productSeconds += other.productSeconds;
        return this;
    }

    /** The sums, or null when no row was seen. */
    FoldAggregates sums() {
        return sums;
    }

    /** The rows seen. */
    long rows() {
        return rows;
    }

    /** Seconds the tasks spent in kernel blocks, summed over tasks. */
    double kernelSeconds() {
        return kernelSeconds;
    }

    /** Seconds the tasks spent in the sums' products, summed over tasks. */
    double productSeconds() {
        return productSeconds;
    }
}
