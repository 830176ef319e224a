package org.okl.transforms;

import org.okl.api.component.ComponentSpec;

/**
 * Typed specs of the built-in transforms, for a pipeline's {@code inputs} and {@code targets}: each returns the
 * {@link ComponentSpec} a pipeline file would spell out, for example
 * {@code PipelineSpec.builder().inputs(Transforms.dropConstant(), Transforms.standardize())}.
 */
public final class Transforms {
    private Transforms() {
    }

    /** {@code standardize}: centred and divided by the standard deviation. */
    public static ComponentSpec standardize() {
        return ComponentSpec.of(Standardize.ID);
    }

    /** {@code standardize} with centring and scaling chosen. */
    public static ComponentSpec standardize(boolean center, boolean scale) {
        return ComponentSpec.of(Standardize.ID, "center", center, "scale", scale);
    }

    /** {@code min-max} to [0, 1]. */
    public static ComponentSpec minMax() {
        return ComponentSpec.of(MinMax.ID);
    }

    /** {@code min-max} to [min, max]. */
    public static ComponentSpec minMax(double min, double max) {
        return ComponentSpec.of(MinMax.ID, "min", min, "max", max);
    }

    /** {@code one-hot} of the nominal columns. */
    public static ComponentSpec oneHot() {
        return ComponentSpec.of(OneHot.ID);
    }

    /** {@code one-hot} of the named columns ({@code "color,size"}, positions or ranges {@code 0:3}). */
    public static ComponentSpec oneHot(String columns) {
        return ComponentSpec.of(OneHot.ID, "columns", columns);
    }

    /** {@code log1p} of every column. */
    public static ComponentSpec log1p() {
        return ComponentSpec.of(Log1p.ID);
    }

    /** {@code log1p} of the named columns. */
    public static ComponentSpec log1p(String columns) {
        return ComponentSpec.of(Log1p.ID, "columns", columns);
    }

    /** {@code pca} keeping {@code rank} components. */
    public static ComponentSpec pca(int rank) {
        return ComponentSpec.of(Pca.ID, "rank", rank);
    }

    /** {@code pca} keeping the fewest components that explain the fraction {@code variance} of the variance. */
    public static ComponentSpec pcaVariance(double variance) {
        return ComponentSpec.of(Pca.ID, "variance", variance);
    }

    /** {@code drop-constant}: leaves out the columns that do not vary in the training rows. */
    public static ComponentSpec dropConstant() {
        return ComponentSpec.of(DropConstant.ID);
    }
}
