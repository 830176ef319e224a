package org.okl.core.stream;

import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;

/**
 * One-pass model selection on the driver: from the per-group sums of one pass ({@link FoldAggregates}), the model
 * of every validation fold (trained on the sums of every other group, with n = that training set's rows) and its
 * squared errors on the fold at every path point, then the weights of every path point on all rows. Nothing here
 * reads a row: the validation sums of fold f for weights beta are
 * {@code sum y^2 - 2 beta^T (Phi_f^T Y_f) + beta^T (Phi_f^T Phi_f) beta} per output.
 *
 * <pre>{@code
 * FoldAggregates sums = ...;                      // one pass: BlockAccumulator, or merged partitions
 * SketchSelection.Result r = SketchSelection.solve(sums, scheme, Whitening.of(features.metric(), m, la),
 *         OutputSpectrum.of(a, la), filter, la);
 * double[] curve = SketchSelection.curve(r, metric);   // mean validation error per path point
 * Matrix beta = r.weights()[best];                     // predict phi(x)^T beta
 * }</pre>
 */
public final class SketchSelection {
    private SketchSelection() {
    }

    /**
     * What the sums give.
     *
     * @param validation per validation fold and path point, the squared-error sums on the fold ([fold][point])
     * @param weights    the weights beta_j (m x d) of every path point, trained on all rows
     * @param rows       the number of rows
     */
    public record Result(SquaredErrors[][] validation, Matrix[] weights, long rows) {

        /** The number of path points. */
        public int length() {
            return weights.length;
        }
    }

    /**
     * Solves every training set of the scheme from the sums.
     *
     * @param sums          the per-group sums of one pass (with the scheme's groups)
     * @param scheme        the groups and which are validation folds
     * @param whitening     the sketch's whitening
     * @param output        A's spectrum
     * @param filter        the spectral filter with its path
     * @param linearAlgebra the back-end
     * @throws IllegalArgumentException when a validation fold or a training set has no rows (too few rows for the
     *                                  folds)
     */
    public static Result solve(FoldAggregates sums, FoldScheme scheme, Whitening whitening, OutputSpectrum output,
            SpectralFilter filter, LinearAlgebra linearAlgebra) {
        if (sums.groups() != scheme.groups()) {
            throw new IllegalArgumentException("sums of " + sums.groups() + " groups for a scheme of "
                    + scheme.groups());
        }
        int folds = scheme.validationFolds();
        SquaredErrors[][] validation = new SquaredErrors[folds][];
        for (int f = 0; f < folds; f++) {
            if (sums.rows(f) == 0) {
                throw new IllegalArgumentException("validation fold " + (f + 1) + " of " + folds + " has no rows ("
                        + sums.rows(scheme.trainingGroups(-1)) + " rows for " + scheme.describe()
                        + "): use fewer folds or more rows");
            }
            boolean[] training = scheme.trainingGroups(f);
            Matrix[] beta = SketchSolve.weights(sums.gram(training), sums.cross(training), sums.rows(training),
                    whitening, output, filter, linearAlgebra);
            Matrix foldGram = sums.gram(f);
            validation[f] = new SquaredErrors[beta.length];
            for (int j = 0; j < beta.length; j++) {
                validation[f][j] = sums.squaredErrors(f, foldGram, beta[j], linearAlgebra);
            }
        }
        boolean[] all = scheme.trainingGroups(-1);
        Matrix[] weights = SketchSolve.weights(sums.gram(all), sums.cross(all), sums.rows(all), whitening, output,
                filter, linearAlgebra);
        return new Result(validation, weights, sums.rows(all));
    }

    /** The mean over validation folds of the metric at every path point (empty without validation folds). */
    public static double[] curve(Result result, SquaredErrorMetric metric) {
        int folds = result.validation().length;
        double[] mean = new double[folds == 0 ? 0 : result.length()];
        for (int f = 0; f < folds; f++) {
            for (int j = 0; j < mean.length; j++) {
                mean[j] += metric.fromSums(result.validation()[f][j]) / folds;
            }
        }
        return mean;
    }
}
