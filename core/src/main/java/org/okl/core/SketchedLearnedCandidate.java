package org.okl.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.linalg.NonFiniteMatrixException;
import org.okl.linalg.learn.KernelLearning;
import org.okl.linalg.streamed.SketchSelection;

/**
 * The learned candidate ({@link SelectionSpec#learn()}) on the low-rank route ({@link StreamingFit}): per-feature
 * widths, the output matrix {@code A = B B^T + diag(d)} and lambda are learned by the Gaussian-process marginal
 * likelihood ({@link KernelLearning}) on a seeded sample of at most {@code rows} training rows, and the learned
 * kernel is then fitted through the same kernel sketch as the grid, so its cost on all rows stays the sketch's.
 *
 * <p>The cross-validation is as honest as the in-memory candidate's ({@link LearnedCandidate}): one pass over the rows
 * draws a sample of each validation fold's training part and one of all rows (reservoir sampling, so the same rows
 * whatever the blocks); for each fold the kernel is learned on that fold's sample alone and the learned pipeline is
 * fitted on the streamed folds, of which only that fold's validation error is used; the kernel learned on all rows'
 * sample gives the final model. The candidate replaces the grid's choice only when its mean validation error (at the
 * best of its 5 lambdas around the learned one) is lower. It costs one pass to sample, k + 1 learnings and k + 1
 * streamed fits of one variant, or one of each when the first fold already puts it more than {@value #STOP_MARGIN}
 * of the grid's error behind the grid there ({@link #losesClearly}): then it stops and the report says so.
 *
 * <p>Where the grid was screened ({@link ScreenedSearch}), the first fold is screened too before anything is learned
 * at full size ({@link Screen}): the kernel is learned on a sample of at most {@code rows / }{@value #SCREEN_SHARE}
 * of that fold's sample (an eighth of the learning's cubic cost) and fitted with the screen's values; when that puts
 * it more than {@value #STOP_MARGIN} behind the grid's chosen kernel at the screen on the same fold, the candidate
 * stops there. On usps-halves this is the difference between about 4 s and 27 s for a candidate that loses.
 *
 * <p>It is not tried where a cluster holds the rows (the learning reads its sample on this machine), on more than
 * {@value #MAX_FEATURES} input features (one width each), or for pipelines the in-memory candidate does not take.
 */
final class SketchedLearnedCandidate {
    /** The most input features whose widths are learned. */
    static final int MAX_FEATURES = 1000;

    /** How much worse than the grid's on the first fold stops the candidate there (a share of the grid's error). */
    static final double STOP_MARGIN = 0.05;

    /** By how much the screen's learning sample is smaller than the budget's. */
    static final int SCREEN_SHARE = 2;

    private SketchedLearnedCandidate() {
    }

    /**
     * The grid's screen, for the candidate's first-fold check at the screen's size.
     *
     * @param gridFirstFold the grid's chosen kernel's lowest validation error on the first fold when fitted with the
     *                      screen's values (sign applied)
     * @param described     the screen's values as the note says them
     * @param fit           fits one variant over the streamed folds with the screen's values
     */
    record Screen<T>(double gridFirstFold, String described, Function<GridVariants.Variant, Run<T>> fit) {
    }

    /**
     * One learned variant fitted over the streamed folds.
     *
     * @param fitted the fitted variant (the caller's type)
     * @param result its validation sums per fold and path point, and its weights on all rows
     */
    record Run<T>(T fitted, SketchSelection.Result result) {
    }

    /**
     * What the candidate gave.
     *
     * @param wins      whether the learned variant won (then {@code last} is the model's)
     * @param last      the learned variant fitted on all rows, when it was tried (for the curve's lambdas)
     * @param errors    the candidate's validation error per path point (the metric's sign applied), empty when not
     *                  tried
     * @param pathIndex the best path point
     * @param values    the curve's values of the candidate
     * @param note      what was tried, learned and kept
     */
    record Outcome<T>(boolean wins, Optional<T> last, double[] errors, int pathIndex, Map<String, Object> values,
            String note) {
    }

    /**
     * Learns and cross-validates the candidate beside the grid's choice.
     *
     * @param chosen    the grid's chosen pipeline
     * @param gridError its validation error (sign applied: lower is better)
     * @param gridFolds its validation error on each fold (sign applied), for the stop after the first fold
     * @param rows      the training rows through the transforms
     * @param encode    the output embedding's encoding of a block of outputs
     * @param scheme    the streamed folds
     * @param sign      1, or -1 for a metric where higher is better
     * @param fit       fits one variant over the streamed folds
     * @param screen    the grid's screen, when it was screened: the first fold is checked there first
     */
    static <T> Outcome<T> consider(PipelineSpec chosen, double gridError, double[] gridFolds, RowSource rows,
            UnaryOperator<Matrix> encode,
            FoldScheme scheme, SelectionSpec selection, SquaredErrorMetric metric, double sign,
            Function<GridVariants.Variant, Run<T>> fit, Optional<Screen<T>> screen, Okl okl) {
        SelectionSpec.Learn budget = selection.learn().orElseThrow();
        Map<String, Object> values = LearnedCandidate.curveValues(chosen);
        Optional<String> obstacle = LearnedCandidate.obstacle(chosen, true, okl);
        if (obstacle.isEmpty() && okl.passesWhereHeld(rows).isPresent()) {
            obstacle = Optional.of("a cluster holds the rows");
        }
        if (obstacle.isEmpty() && rows.dimension() > MAX_FEATURES) {
            obstacle = Optional.of(String.format(Locale.ROOT, "%,d input features, more than %,d widths to learn",
                    rows.dimension(), MAX_FEATURES));
        }
        if (obstacle.isEmpty() && scheme.validationFolds() == 0) {
            obstacle = Optional.of("no validation folds");
        }
        if (obstacle.isPresent()) {
            return notTried("learned candidate not tried: " + obstacle.get(), values);
        }
        int folds = scheme.validationFolds();
        double seconds = 0;
        try {
            Sample[] samples = Sample.draw(rows, encode, scheme, budget.rows(), selection.seed());
            String screened = "";
            if (screen.isPresent() && folds > 1) {
                int screenRows = Math.min(budget.rows(), Math.max(10, budget.rows() / SCREEN_SHARE));
                LearnedCandidate.Learning l = learn(chosen, samples[0], new SelectionSpec.Learn(budget.rank(),
                        screenRows, budget.iterations()), selection.seed(), okl);
                seconds += l.learned().seconds();
                double first = firstFold(screen.get().fit().apply(new GridVariants.Variant(l.spec(), values))
                        .result(), metric, sign);
                double grid = screen.get().gridFirstFold();
                if (losesClearly(first, grid)) {
                    return notTried(String.format(Locale.ROOT, "learned candidate stopped at the screen (%s), fold 1"
                            + " of %d (learned on a sample of at most %,d of its training rows, %.1f s): its validation"
                            + " error there %.6g against the grid's choice's %.6g at the screen, more than %.0f %% "
                            + "worse, so it was not learned at full size; the grid's choice is kept",
                            screen.get().described(), folds, screenRows, seconds, sign * first, sign * grid,
                            100 * STOP_MARGIN), values);
                }
                screened = String.format(Locale.ROOT, " (it passed the screen first: %s, learned on at most %,d rows,"
                        + " fold 1's error %.6g against the grid's choice's %.6g there)", screen.get().described(),
                        screenRows, sign * first, sign * grid);
            }
            SketchSelection.Result[] perFold = new SketchSelection.Result[folds];
            for (int f = 0; f < folds; f++) {
                LearnedCandidate.Learning l = learn(chosen, samples[f], budget, selection.seed(), okl);
                seconds += l.learned().seconds();
                perFold[f] = fit.apply(new GridVariants.Variant(l.spec(), values)).result();
                if (f == 0 && folds > 1) {
                    double first = firstFold(perFold[0], metric, sign);
                    if (losesClearly(first, gridFolds[0])) {
                        return notTried(String.format(Locale.ROOT, "learned candidate stopped after fold 1 of %d"
                                + " (learned on a sample of at most %,d of its training rows, %.1f s, fitted through"
                                + " the same sketch): its validation error there %.6g against the grid's %.6g, more"
                                + " than %.0f %% worse, so it was not learned on the other folds or on all rows; the"
                                + " grid's choice is kept%s", folds, budget.rows(), seconds, sign * first,
                                sign * gridFolds[0], 100 * STOP_MARGIN, screened), values);
                    }
                }
            }
            LearnedCandidate.Learning all = learn(chosen, samples[folds], budget, selection.seed(), okl);
            seconds += all.learned().seconds();
            Run<T> last = fit.apply(new GridVariants.Variant(all.spec(), values));
            double[] errors = new double[last.result().length()];
            for (int f = 0; f < folds; f++) {
                for (int j = 0; j < errors.length; j++) {
                    errors[j] += sign * metric.fromSums(perFold[f].validation()[f][j]) / folds;
                }
            }
            int best = 0;
            for (int j = 1; j < errors.length; j++) {
                if (errors[j] < errors[best]) {
                    best = j;
                }
            }
            boolean wins = errors[best] < gridError;
            KernelLearning.Learned learned = all.learned();
            String note = String.format(Locale.ROOT, "learned candidate (%s, A = B B^T + diag(d) of rank %d, lambda; "
                    + "marginal likelihood by L-BFGS on a sample of at most %,d training rows, learned again on a "
                    + "sample of each fold's training part for its validation, fitted through the same sketch: "
                    + "%.1f s of learning in all; on the sample of all rows: %d rows, %d iterations, %d evaluations, "
                    + "stop: %s): validation error %.6g against the grid's %.6g, %s%s; %s", values.get("learned"),
                    learned.factor().cols(), budget.rows(), seconds, learned.rows(), learned.iterations(),
                    learned.evaluations(), learned.stop(), sign * errors[best], sign * gridError,
                    wins ? "the learned kernel is kept" : "the grid's choice is kept", screened,
                    LearnedCandidate.describe(learned, rows.outputNames(), okl.context().linearAlgebra()));
            return new Outcome<>(wins, Optional.of(last.fitted()), errors, best, values, note);
        } catch (IllegalArgumentException | NonFiniteMatrixException e) {
            // a learning that failed never fails the fit: the grid's choice stands (the fits it took are counted
            // by the caller)
            return notTried("learned candidate not tried: " + e.getMessage(), values);
        }
    }

    /**
     * Whether the first fold's error rules the candidate out: worse than the grid's on that fold by more than
     * {@link #STOP_MARGIN} of it. On the low-rank route each fold costs a learning and a pass over the rows, and a
     * fold of thousands of rows that far behind is not made up by the others (usps-halves: 9 % worse on the mean,
     * 157 s of learning for nothing).
     */
    static boolean losesClearly(double learned, double grid) {
        return learned - grid > STOP_MARGIN * Math.abs(grid);
    }

    /**
     * A fitted variant's lowest validation error on the first fold along its path (sign applied); not a number
     * without validation folds.
     */
    static double firstFold(SketchSelection.Result result, SquaredErrorMetric metric, double sign) {
        if (result.validation().length == 0) {
            return Double.NaN;
        }
        double first = Double.POSITIVE_INFINITY;
        for (int j = 0; j < result.length(); j++) {
            first = Math.min(first, sign * metric.fromSums(result.validation()[0][j]));
        }
        return first;
    }

    private static <T> Outcome<T> notTried(String note, Map<String, Object> values) {
        return new Outcome<>(false, Optional.empty(), new double[0], 0, values, note);
    }

    private static LearnedCandidate.Learning learn(PipelineSpec chosen, Sample sample, SelectionSpec.Learn budget,
            long seed, Okl okl) {
        if (sample.inputs().rows() < 3) {
            throw new IllegalArgumentException("a training part of " + sample.inputs().rows() + " rows");
        }
        KernelLearning.Learned learned = KernelLearning.learn(sample.inputs(), sample.targets(),
                LearnedCandidate.family(chosen), new KernelLearning.Options(budget.rank(), budget.rows(),
                        budget.iterations(), seed), okl.context().linearAlgebra());
        int n = (int) Math.min(Integer.MAX_VALUE, sample.population());
        return new LearnedCandidate.Learning(learned, LearnedCandidate.learnedSpec(chosen, learned, n));
    }

    /**
     * A seeded uniform sample of a set of training rows: transformed inputs, encoded targets, and how many rows the
     * set has.
     */
    record Sample(Matrix inputs, Matrix targets, long population) {

        /**
         * In one pass: a sample of each validation fold's training part (sets 0..k-1) and of all rows (set k), each
         * of at most {@code size} rows, by reservoir sampling (Vitter's algorithm R) with its own seeded stream, so
         * the sample depends only on the rows' order, not on the blocks they come in.
         */
        static Sample[] draw(RowSource rows, UnaryOperator<Matrix> encode, FoldScheme scheme, int size, long seed) {
            int folds = scheme.validationFolds();
            int sets = folds + 1;
            boolean[][] training = new boolean[folds][];
            for (int f = 0; f < folds; f++) {
                training[f] = scheme.trainingGroups(f);
            }
            List<List<double[][]>> kept = new ArrayList<>();
            long[] seen = new long[sets];
            SplittableRandom[] random = new SplittableRandom[sets];
            for (int s = 0; s < sets; s++) {
                kept.add(new ArrayList<>());
                random[s] = new SplittableRandom(FoldScheme.mix(seed, 1000 + s));
            }
            rows.forEachRowBlock((first, inputs, outputs) -> {
                Matrix targets = encode.apply(outputs);
                for (int i = 0; i < inputs.rows(); i++) {
                    int group = scheme.groupOf(first + i);
                    for (int s = 0; s < sets; s++) {
                        if (s < folds && !training[s][group]) {
                            continue;
                        }
                        long index = seen[s]++;
                        int slot;
                        if (index < size) {
                            slot = -1;
                        } else {
                            long r = random[s].nextLong(index + 1);
                            if (r >= size) {
                                continue;
                            }
                            slot = (int) r;
                        }
                        double[][] row = {inputs.row(i), targets.row(i)};
                        if (slot < 0) {
                            kept.get(s).add(row);
                        } else {
                            kept.get(s).set(slot, row);
                        }
                    }
                }
            });
            Sample[] out = new Sample[sets];
            for (int s = 0; s < sets; s++) {
                List<double[][]> k = kept.get(s);
                int p = rows.dimension();
                int d = k.isEmpty() ? 0 : k.get(0)[1].length;
                Matrix x = Matrix.zeros(k.size(), p);
                Matrix y = Matrix.zeros(k.size(), d);
                for (int i = 0; i < k.size(); i++) {
                    for (int j = 0; j < p; j++) {
                        x.set(i, j, k.get(i)[0][j]);
                    }
                    for (int j = 0; j < d; j++) {
                        y.set(i, j, k.get(i)[1][j]);
                    }
                }
                out[s] = new Sample(x, y, seen[s]);
            }
            return out;
        }
    }
}
