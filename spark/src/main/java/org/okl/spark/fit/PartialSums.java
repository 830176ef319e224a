package org.okl.spark.fit;

import java.io.Serializable;
import java.util.Optional;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.device.ComputeDevice;
import org.okl.linalg.device.FoldSums;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
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
    private final java.util.Set<String> devices = new java.util.TreeSet<>();
    private transient BlockAccumulator accumulator;
    private transient FoldSums onDevice;
    private transient StreamTimings timings;

    /**
     * Adds consecutive rows whose first has global index {@code firstRow}, weighted when weights are given. A task's
     * sums run on its compute device when it has one, its rows are dense and unweighted (the device's sums take
     * neither sparse rows nor weights); else on the CPU.
     *
     * @param taskRows the rows a task sees, about (for whether its work gains from a device)
     */
    PartialSums add(long firstRow, InputRows inputs, Matrix outputs, double[] weights, SketchRecipe recipe,
            FoldScheme scheme, int targets, int chunkRows, long taskRows) {
        SketchRecipe.Prepared prepared = recipe.prepare();
        if (accumulator == null && onDevice == null) {
            if (sums != null) {
                throw new IllegalStateException("sums received from another task cannot take more rows");
            }
            timings = new StreamTimings();
            int m = prepared.features().size();
            Optional<ComputeDevice> device = weights == null && inputs instanceof Matrix
                    ? TaskDevice.current(prepared.okl().devices(), (double) taskRows * m * m) : Optional.empty();
            onDevice = device.flatMap(d -> d.foldSums(prepared.features(), scheme, targets, timings)).orElse(null);
            if (onDevice != null) {
                devices.add(device.get().name());
            } else {
                accumulator = new BlockAccumulator(prepared.features(), scheme, targets,
                        prepared.okl().context().linearAlgebra(), chunkRows, timings);
                sums = accumulator.aggregates();
            }
        }
        double kernel = timings.kernelSeconds();
        double products = timings.productSeconds();
        if (onDevice != null) {
            if (weights != null) {
                throw new IllegalStateException("a task's weighted rows after unweighted ones on the device");
            }
            onDevice.add(firstRow, inputs.toDense(), prepared.encode().apply(outputs));
        } else {
            accumulator.add(firstRow, inputs, prepared.encode().apply(outputs), weights);
        }
        kernelSeconds += timings.kernelSeconds() - kernel;
        productSeconds += timings.productSeconds() - products;
        rows += inputs.rows();
        return this;
    }

    /** Brings sums kept on a device back (once the task's rows are all added) and frees the device memory. */
    private void collect() {
        if (onDevice != null) {
            double products = timings.productSeconds();
            try (FoldSums device = onDevice) {
                sums = device.finish();
            }
            onDevice = null;
            productSeconds += timings.productSeconds() - products;
        }
    }

    /** Spark serializes a task's result when it is done: the device's sums come back first. */
    private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
        collect();
        out.defaultWriteObject();
    }

    /** Adds another task's sums to these (either may be empty) and returns the result. */
    PartialSums merge(PartialSums other) {
        collect();
        other.collect();
        if (other.sums == null) {
            return this;
        }
        if (sums == null) {
            return other;
        }
        sums.merge(other.sums);
        devices.addAll(other.devices);
        rows += other.rows;
        kernelSeconds += other.kernelSeconds;
        productSeconds += other.productSeconds;
        return this;
    }

    /** The sums, or null when no row was seen. */
    FoldAggregates sums() {
        collect();
        return sums;
    }

    /** The devices the tasks' sums ran on (empty when every task ran on the CPU). */
    java.util.Set<String> devices() {
        return java.util.Set.copyOf(devices);
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
