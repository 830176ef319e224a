package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.linalg.TiledProducts;
import org.okl.linalg.parallel.Workers;

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
     * Solves every training set of the scheme from the sums, on the process's threads ({@link Workers#shared()}).
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
        return solve(sums, scheme, whitening, output, filter, linearAlgebra, Workers.shared());
    }

    /**
     * Solves every training set of the scheme from the sums: each validation fold's and the final model's m x m
     * work is one task on the workers (as many at once as threads and free heap allow, about
     * {@value #SET_MATRICES} m x m matrices each), with the BLAS on one thread per task; its large products are
     * split into column tiles that idle workers take ({@link TiledProducts#onWorkers}). Each training set is
     * solved by the same calls whatever the number of threads.
     *
     * @param workers the threads
     * @throws IllegalArgumentException when a validation fold or a training set has no rows (too few rows for the
     *                                  folds)
     */
    public static Result solve(FoldAggregates sums, FoldScheme scheme, Whitening whitening, OutputSpectrum output,
            SpectralFilter filter, LinearAlgebra linearAlgebra, Workers workers) {
        return solve(sums, scheme, whitening, List.of(output), filter, linearAlgebra, workers).get(0);
    }

    /**
     * The same for several output matrices at once (the output-side values of a model selection's grid) from the
     * same sums: every training set's whitened Gram is decomposed once for all of them ({@link SketchSolve}).
     *
     * @param outputs the spectra of the output matrices, each of the sums' outputs
     * @return one result per output matrix, in the given order
     */
    public static List<Result> solve(FoldAggregates sums, FoldScheme scheme, Whitening whitening,
            List<OutputSpectrum> outputs, SpectralFilter filter, LinearAlgebra linearAlgebra, Workers workers) {
        if (sums.groups() != scheme.groups()) {
            throw new IllegalArgumentException("sums of " + sums.groups() + " groups for a scheme of "
                    + scheme.groups());
        }
        int folds = scheme.validationFolds();
        for (int f = 0; f < folds; f++) {
            if (sums.rows(f) == 0) {
                throw new IllegalArgumentException("validation fold " + (f + 1) + " of " + folds + " has no rows ("
                        + sums.rows(scheme.trainingGroups(-1)) + " rows for " + scheme.describe()
                        + "): use fewer folds or more rows");
            }
        }
        int k = outputs.size();
        SquaredErrors[][][] validation = new SquaredErrors[k][folds][];
        AtomicReference<List<Matrix[]>> weights = new AtomicReference<>();
        int sets = folds + 1;
        int atOnce = concurrentSets(sets, sums.features(), workers);
        LinearAlgebra la = TiledProducts.of(linearAlgebra).onWorkers(linearAlgebra, workers);
        for (int first = 0; first < sets; first += atOnce) {
            int base = first;
            workers.forEach(Math.min(atOnce, sets - first), i -> {
                int set = base + i;
                if (set == folds) {
                    boolean[] all = scheme.trainingGroups(-1);
                    weights.set(SketchSolve.weights(sums.gram(all), sums.cross(all), sums.rows(all), whitening,
                            outputs, filter, la));
                } else {
                    SquaredErrors[][] errors = validate(sums, scheme, set, whitening, outputs, filter, la);
                    for (int o = 0; o < k; o++) {
                        validation[o][set] = errors[o];
                    }
                }
            });
        }
        long rows = sums.rows(scheme.trainingGroups(-1));
        List<Result> out = new ArrayList<>(k);
        for (int o = 0; o < k; o++) {
            out.add(new Result(validation[o], weights.get().get(o), rows));
        }
        return out;
    }

    /** The m x m matrices one training set's solve holds at its peak (sum, congruence, eigenvectors, basis...). */
    static final int SET_MATRICES = 6;

    /** How many training sets to solve at once: at most the threads, and what the free heap holds. */
    private static int concurrentSets(int sets, int features, Workers workers) {
        Runtime runtime = Runtime.getRuntime();
        long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        long perSet = 8L * SET_MATRICES * features * features;
        long byMemory = Math.max(1, free / Math.max(1, perSet));
        return (int) Math.max(1, Math.min(Math.min(sets, workers.threads()), byMemory));
    }

    /**
     * Validation fold f's models (trained on the other groups), one per output matrix, and their squared errors on
     * the fold at every path point ([output matrix][path point]).
     */
    private static SquaredErrors[][] validate(FoldAggregates sums, FoldScheme scheme, int f, Whitening whitening,
            List<OutputSpectrum> outputs, SpectralFilter filter, LinearAlgebra linearAlgebra) {
        boolean[] training = scheme.trainingGroups(f);
        Matrix foldGram = sums.gram(f);
        boolean inBasis = SketchSolve.inBasis(outputs.size(), filter.pathLength(), sums.outputs(), sums.features());
        Map<Matrix, Matrix[]> foldInBasis = new IdentityHashMap<>();
        SquaredErrors[][] errors = new SquaredErrors[outputs.size()][];
        SketchSolve.forEachOutput(sums.gram(training), sums.cross(training), sums.rows(training), whitening, outputs,
                filter, linearAlgebra, (o, weights) -> {
                    int points = weights.coefficients().length;
                    errors[o] = new SquaredErrors[points];
                    if (!inBasis || weights.basis().isEmpty()) {
                        for (int j = 0; j < points; j++) {
                            errors[o][j] = sums.squaredErrors(f, foldGram, weights.weights(j, linearAlgebra),
                                    linearAlgebra);
                        }
                        return;
                    }
                    Matrix[] fold = foldInBasis.computeIfAbsent(weights.basis().get(), b -> new Matrix[] {
                        linearAlgebra.multiply(b, true, linearAlgebra.multiply(foldGram, b), false),
                        linearAlgebra.multiply(b, true, sums.cross(f), false)});
                    for (int j = 0; j < points; j++) {
                        errors[o][j] = sums.squaredErrorsInBasis(f, fold[0], fold[1], weights.coefficients()[j],
                                linearAlgebra);
                    }
                });
        return errors;
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
