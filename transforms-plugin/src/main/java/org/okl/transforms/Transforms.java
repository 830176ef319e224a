package org.okl.transforms;

import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.transform.InputTransform;

/**
 * Typed specs of the built-in transforms, for a pipeline's {@code inputs} and {@code targets}: each returns a
 * {@link TypedSpec} of the {@link ComponentSpec} a pipeline file would spell out, for example
 * {@code PipelineSpec.builder().inputs(Transforms.dropConstant(), Transforms.standardize())}.
 */
public final class Transforms {
    private Transforms() {
    }

    /** {@code standardize}: centred and divided by the standard deviation. */
    public static TypedSpec<InputTransform> standardize() {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Standardize.ID));
    }

    /** {@code standardize} with centring and scaling chosen. */
    public static TypedSpec<InputTransform> standardize(boolean center, boolean scale) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Standardize.ID, "center", center, "scale", scale));
    }

    /** {@code min-max} to [0, 1]. */
    public static TypedSpec<InputTransform> minMax() {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(MinMax.ID));
    }

    /** {@code min-max} to [min, max]. */
    public static TypedSpec<InputTransform> minMax(double min, double max) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(MinMax.ID, "min", min, "max", max));
    }

    /** {@code one-hot} of the nominal columns. */
    public static TypedSpec<InputTransform> oneHot() {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(OneHot.ID));
    }

    /** {@code one-hot} of the named columns ({@code "color,size"}, positions or ranges {@code 0:3}). */
    public static TypedSpec<InputTransform> oneHot(String columns) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(OneHot.ID, "columns", columns));
    }

    /** {@code log1p} of every column. */
    public static TypedSpec<InputTransform> log1p() {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Log1p.ID));
    }

    /** {@code log1p} of the named columns. */
    public static TypedSpec<InputTransform> log1p(String columns) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Log1p.ID, "columns", columns));
    }

    /** {@code pca} keeping {@code rank} components. */
    public static TypedSpec<InputTransform> pca(int rank) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Pca.ID, "rank", rank));
    }

    /** {@code pca} keeping the fewest components that explain the fraction {@code variance} of the variance. */
    public static TypedSpec<InputTransform> pcaVariance(double variance) {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(Pca.ID, "variance", variance));
    }

    /** {@code drop-constant}: leaves out the columns that do not vary in the training rows. */
    public static TypedSpec<InputTransform> dropConstant() {
        return TypedSpec.of(InputTransform.class, ComponentSpec.of(DropConstant.ID));
    }
}
