package org.okl.kernels.bandwidth;

import java.util.Locale;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * A kernel whose width is set from the training inputs ({@code bandwidth}: {@code median} or {@code knn}) times a
 * {@code factor}: the Gaussian's sigma from Euclidean distances, the Laplacian's from L1 distances, the
 * Gaussian-Tanimoto's from the Tanimoto feature-space distances {@code sqrt(2 - 2T)}. It has no values of its own: the
 * pipeline calls {@link #resolve} and creates the kernel from the returned spec, for example
 * {@code gaussian(sigma=4.31)}, which is what a model file records. A grid over {@code factor} (for example 1/8 to 8)
 * searches widths around the heuristic.
 */
public final class DataDependentWidthKernel implements DataDependentKernel {

    /** How the width is computed from the training inputs. */
    public enum Rule {
        /** The median pairwise distance (MS11). */
        MEDIAN,
        /** The mean distance to the k = fraction · n nearest neighbours (B12 school data). */
        KNN
    }

    /** The kernels with a data-dependent width, and the distance their width is measured in. */
    public enum Family {
        /** Gaussian: Euclidean distances. */
        GAUSSIAN("gaussian"),
        /** Laplacian: L1 distances. */
        LAPLACIAN("laplacian"),
        /** Gaussian-Tanimoto: distances sqrt(2 - 2T) in the Tanimoto feature space. */
        GAUSSIAN_TANIMOTO("gaussian-tanimoto");

        private final String id;

        Family(String id) {
            this.id = id;
        }

        /** The kernel's id. */
        public String id() {
            return id;
        }

        Matrix distances(Matrix x, LinearAlgebra la) {
            return switch (this) {
                case GAUSSIAN -> Bandwidths.distances(x, la);
                case LAPLACIAN -> Bandwidths.manhattanDistances(x);
                case GAUSSIAN_TANIMOTO -> Bandwidths.tanimotoDistances(x, la);
            };
        }
    }

    private final Family family;
    private final Rule rule;
    private final double neighboursFraction;
    private final double factor;

    /**
     * @param family             the kernel
     * @param rule               the width rule
     * @param neighboursFraction the fraction of the training points used as k by the {@code knn} rule
     * @param factor             what the rule's width is multiplied by
     */
    public DataDependentWidthKernel(Family family, Rule rule, double neighboursFraction, double factor) {
        this.family = family;
        this.rule = rule;
        this.neighboursFraction = neighboursFraction;
        this.factor = factor;
    }

    /**
     * The width sigma the rule gives for these training inputs, before the factor. The last few widths are remembered
     * by the identity and content hash of the inputs, so that a grid of factors over the same rows (one model
     * selection split) computes the distances once.
     */
    public double width(Matrix trainingInputs, ComponentContext context) {
        return WidthCache.get(trainingInputs, family + "/" + rule + "/" + neighboursFraction,
                () -> computeWidth(trainingInputs, context));
    }

    private double computeWidth(Matrix trainingInputs, ComponentContext context) {
        int n = trainingInputs.rows();
        if (n < 2) {
            throw new IllegalArgumentException(family.id() + ": a width from the data needs at least 2 points, got "
                    + n);
        }
        Matrix d = family.distances(trainingInputs, context.linearAlgebra());
        if (rule == Rule.MEDIAN) {
            return Bandwidths.medianOfDistances(d);
        }
        return Bandwidths.meanNearestNeighbourOfDistances(d, Bandwidths.neighboursFromFraction(n,
                neighboursFraction));
    }

    @Override
    public ComponentSpec resolve(Matrix trainingInputs, ComponentContext context) {
        double sigma = factor * width(trainingInputs, context);
        if (!(sigma > 0.0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException(family.id() + ": the '" + rule.name().toLowerCase(Locale.ROOT)
                    + "' bandwidth of the training inputs is " + sigma + " (all points coincide); give 'sigma'");
        }
        return ComponentSpec.of(family.id(), "sigma", sigma);
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
        return new IllegalStateException(family.id() + ": the width comes from the training inputs (bandwidth '"
                + rule.name().toLowerCase(Locale.ROOT) + "'); call resolve(trainingInputs, context) and "
                + "use the kernel created from the resolved spec");
    }
}
