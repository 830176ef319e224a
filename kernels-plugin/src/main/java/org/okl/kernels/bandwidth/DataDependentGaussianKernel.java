package org.okl.kernels.bandwidth;

import java.util.Locale;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.linalg.Matrix;

/**
 * A Gaussian kernel whose width is set from the training inputs ({@code bandwidth}: {@code median} or
 * {@code knn}). It has no values of its own: the pipeline calls {@link #resolve} and creates the Gaussian kernel
 * from the returned spec, for example {@code gaussian(sigma=4.31)}, which is what a model file records.
 */
public final class DataDependentGaussianKernel implements DataDependentKernel {

    /** How the width is computed from the training inputs. */
    public enum Rule {
        /** The median pairwise distance (MS11). */
        MEDIAN,
        /** The mean distance to the k = fraction · n nearest neighbours (B12 school data). */
        KNN
    }

    private final Rule rule;
    private final double neighboursFraction;

    /**
     * @param rule               the width rule
     * @param neighboursFraction the fraction of the training points used as k by the {@code knn} rule
     */
    public DataDependentGaussianKernel(Rule rule, double neighboursFraction) {
        this.rule = rule;
        this.neighboursFraction = neighboursFraction;
    }

    /** The width sigma the rule gives for these training inputs. */
    public double width(Matrix trainingInputs, ComponentContext context) {
        if (rule == Rule.MEDIAN) {
            return Bandwidths.medianPairwiseDistance(trainingInputs, context.linearAlgebra());
        }
        int k = Bandwidths.neighboursFromFraction(trainingInputs.rows(), neighboursFraction);
        return Bandwidths.meanNearestNeighbourDistance(trainingInputs, k, context.linearAlgebra());
    }

    @Override
    public ComponentSpec resolve(Matrix trainingInputs, ComponentContext context) {
        double sigma = width(trainingInputs, context);
        if (!(sigma > 0.0)) {
            throw new IllegalArgumentException("gaussian: the '" + rule.name().toLowerCase(Locale.ROOT)
                    + "' bandwidth of the training inputs is " + sigma + " (all points coincide); give 'sigma'");
        }
        return ComponentSpec.of("gaussian", "sigma", sigma);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        throw unresolved();
    }

    @Override
    public double value(double[] a, double[] b) {
        throw unresolved();
    }

    private IllegalStateException unresolved() {
        return new IllegalStateException("gaussian: the width comes from the training inputs (bandwidth '"
                + rule.name().toLowerCase(Locale.ROOT) + "'); call resolve(trainingInputs, context) and "
                + "use the kernel created from the resolved spec");
    }
}
