package org.okl.core.solve.lowrank;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.PredictionEnvironment;
import org.okl.core.solve.Predictor;

/**
 * The predictor of random Fourier features, {@code H = z(X*) · weights} with
 * {@code z(x) = sqrt(2/r) · cos(Omega^T x + b)} (Rahimi and Recht 2007).
 */
public final class FourierExpansion implements Predictor {
    /** The type name written in model files. */
    public static final String TYPE = "fourier-expansion";

    private final FourierFeatures features;
    private final Matrix weights;

    /**
     * @param features the feature map (frequencies and phases)
     * @param weights  the weights (r x D)
     */
    public FourierExpansion(FourierFeatures features, Matrix weights) {
        if (weights.rows() != features.count()) {
            throw new IllegalArgumentException(weights.rows() + " weight rows for " + features.count() + " features");
        }
        this.features = features;
        this.weights = weights;
    }

    /** Rebuilds a stored expansion (arrays {@code frequencies}, {@code phases} and {@code weights}). */
    public static FourierExpansion restore(Map<String, Matrix> arrays, PredictionEnvironment environment) {
        Matrix frequencies = arrays.get("frequencies");
        Matrix phases = arrays.get("phases");
        Matrix weights = arrays.get("weights");
        if (frequencies == null || phases == null || weights == null) {
            throw new IllegalArgumentException(TYPE + " predictor needs the arrays 'frequencies', 'phases' and "
                    + "'weights'");
        }
        LinearAlgebra la = environment.context().linearAlgebra();
        return new FourierExpansion(new FourierFeatures(frequencies, phases.data(), la), weights);
    }

    @Override
    public Matrix predict(Matrix inputs) {
        return features.linearAlgebra().multiply(features.features(inputs), weights);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("frequencies", features.frequencies());
        m.put("phases", new Matrix(1, features.count(), features.phases()));
        m.put("weights", weights);
        return m;
    }
}
