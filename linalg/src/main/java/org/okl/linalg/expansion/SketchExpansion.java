package org.okl.linalg.expansion;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.linalg.device.ComputeDevices;

/**
 * The predictor of a sketched model, {@code H = phi(X*) · beta}: the sketch's features (rebuilt from its arrays by
 * the pipeline's {@link KernelSketch}) times the weights beta (m x D). Model files store the sketch's arrays and
 * {@code weights}; they hold no training row.
 */
public final class SketchExpansion implements Predictor {
    /** The type name written in model files. */
    public static final String TYPE = "sketch-expansion";
    /** The type name of random-Fourier-feature models written before sketches were a plugin kind. */
    public static final String FOURIER_TYPE = "fourier-expansion";
    /** The name of the weights array. */
    public static final String WEIGHTS = "weights";

    private final SketchFeatures features;
    private final Matrix weights;
    private final LinearAlgebra linearAlgebra;
    private final ComputeDevices devices;

    /**
     * @param features      the drawn sketch
     * @param weights       beta (m x D)
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices, which predict large blocks of a Nystrom sketch
     */
    public SketchExpansion(SketchFeatures features, Matrix weights, LinearAlgebra linearAlgebra,
            ComputeDevices devices) {
        if (weights.rows() != features.size()) {
            throw new IllegalArgumentException(weights.rows() + " weight rows for " + features.size() + " features");
        }
        if (features.arrays().containsKey(WEIGHTS)) {
            throw new IllegalArgumentException("a sketch must not name one of its arrays '" + WEIGHTS + "'");
        }
        this.features = features;
        this.weights = weights;
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    /** Rebuilds a stored expansion with the pipeline's sketch. */
    public static SketchExpansion restore(Map<String, Matrix> arrays, PredictionEnvironment environment) {
        KernelSketch sketch = environment.sketch().orElseThrow(() -> new IllegalArgumentException(
                "a sketched predictor needs the pipeline's approximation, and the pipeline has none"));
        Matrix weights = arrays.get(WEIGHTS);
        if (weights == null) {
            throw new IllegalArgumentException(TYPE + " predictor lacks the array '" + WEIGHTS + "'");
        }
        Map<String, Matrix> sketchArrays = new LinkedHashMap<>(arrays);
        sketchArrays.remove(WEIGHTS);
        SketchFeatures features = sketch.restore(environment.kernel(), sketchArrays, environment.context());
        return new SketchExpansion(features, weights, environment.context().linearAlgebra(),
                ComputeDevices.of(environment.context()));
    }

    /** The sketch. */
    public SketchFeatures features() {
        return features;
    }

    /** The weights beta (m x D), not a copy. */
    public Matrix weights() {
        return weights;
    }

    /** By blocks of rows, so the features held at once stay near {@link PredictionBlocks#CELLS} entries. */
    @Override
    public Matrix predict(Matrix inputs) {
        return predict((InputRows) inputs);
    }

    /**
     * By blocks of rows, dense or sparse (sparse rows stay sparse when the sketch's features take them); dense rows of
     * a Nystrom sketch on the compute device when there is one.
     */
    @Override
    public Matrix predict(InputRows inputs) {
        Optional<Matrix> onDevice = features instanceof NystromFeatures nystrom
                && nystrom.landmarks() instanceof Matrix centers && inputs instanceof Matrix dense
                ? devices.expansion(nystrom.kernel(), centers, weights, dense) : Optional.empty();
        return onDevice.orElseGet(() -> PredictionBlocks.mapRows(inputs, features.size(), block -> linearAlgebra
                .multiply(features.features(block), weights)));
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>(features.arrays());
        m.put(WEIGHTS, weights);
        return m;
    }
}
