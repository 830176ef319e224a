package org.okl.solvers.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.SketchExpansion;

/** A regularization path over a sketch: the weights beta_j (m x D) of every path point. */
public final class SketchedPath implements RegressionPath {
    private final SketchFeatures features;
    private final Matrix[] weights;
    private final LinearAlgebra linearAlgebra;
    private final ComputeDevices devices;

    /**
     * @param features      the drawn sketch
     * @param weights       beta_j for every path point
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    public SketchedPath(SketchFeatures features, Matrix[] weights, LinearAlgebra linearAlgebra,
            ComputeDevices devices) {
        this.features = features;
        this.weights = weights.clone();
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    @Override
    public int length() {
        return weights.length;
    }

    /** The features once, then one t x m by m x D product per path point. */
    @Override
    public Matrix[] predictAll(Matrix inputs) {
        Matrix phi = features.features(inputs);
        Matrix[] out = new Matrix[weights.length];
        for (int j = 0; j < out.length; j++) {
            out[j] = linearAlgebra.multiply(phi, weights[j]);
        }
        return out;
    }

    @Override
    public Predictor at(int index) {
        return new SketchExpansion(features, weights[index], linearAlgebra, devices);
    }

    /** The weights of one path point, not a copy. */
    public Matrix weights(int index) {
        return weights[index];
    }

    /** The sketch. */
    public SketchFeatures features() {
        return features;
    }
}
