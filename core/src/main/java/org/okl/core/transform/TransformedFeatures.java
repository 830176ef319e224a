package org.okl.core.transform;

import java.util.Map;
import java.util.Optional;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * Sketch features of rows seen through fitted input transforms: the features of the transformed rows, so that code
 * that turns raw rows into features (a cluster's workers) applies the transforms on the way.
 */
public final class TransformedFeatures implements SketchFeatures {
    private final SketchFeatures features;
    private final FittedTransforms transforms;

    /**
     * @param features   the features drawn from transformed rows
     * @param transforms the fitted transforms (only the input chain is used)
     */
    public TransformedFeatures(SketchFeatures features, FittedTransforms transforms) {
        this.features = features;
        this.transforms = transforms;
    }

    /** The features as they are when there is no input transform, else seen through the transforms. */
    public static SketchFeatures of(SketchFeatures features, FittedTransforms transforms) {
        return transforms.inputs().isEmpty() ? features : new TransformedFeatures(features, transforms);
    }

    @Override
    public int size() {
        return features.size();
    }

    @Override
    public Matrix features(Matrix inputs) {
        return features.features(transforms.transformInputs(inputs));
    }

    @Override
    public Matrix features(InputRows inputs) {
        return features.features(transforms.transformInputs(inputs));
    }

    @Override
    public void features(InputRows inputs, Matrix into) {
        features.features(transforms.transformInputs(inputs), into);
    }

    @Override
    public boolean takesSparse() {
        return false;
    }

    @Override
    public Optional<Matrix> metric() {
        return features.metric();
    }

    @Override
    public Map<String, Matrix> arrays() {
        return features.arrays();
    }
}
