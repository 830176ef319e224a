package org.okl.core.select;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.iterative.MaskedGramOperator;
import org.okl.core.solve.iterative.Masks;
import org.okl.core.solve.iterative.SeparableGramOperator;
import org.okl.core.solve.iterative.SpectralRadius;
import org.okl.core.solve.separable.SeparableSetup;

/**
 * Early stopping of an iterative filter: the iteration runs while the validation error keeps improving and stops
 * once it has not improved for {@code patience} iterations; the best iterate is kept.
 */
public final class EarlyStopping {

    private EarlyStopping() {
    }

    /**
     * The outcome of an early-stopped run.
     *
     * @param errors           the validation error of every iteration that ran
     * @param best             the index of the best iteration (lowest error, the first on ties)
     * @param bestCoefficients the coefficients of the best iteration
     */
    public record Result(double[] errors, int best, Matrix bestCoefficients) {

        /** The curve over iterations 1..(number run), choosing the best. */
        public ValidationCurve curve() {
            double[] values = new double[errors.length];
            for (int j = 0; j < values.length; j++) {
                values[j] = j + 1;
            }
            return new ValidationCurve("iterations", values, errors, best);
        }

        /** The best iteration count (index + 1). */
        public int bestIterations() {
            return best + 1;
        }
    }

    /**
     * Runs the filter until the validation error has not improved for {@code patience} iterations (or the filter's
     * last iteration).
     *
     * @param filter          the iterative filter
     * @param gram            the Gram action
     * @param targets         training targets (zero-filled where missing, with a masked Gram)
     * @param sMax            the largest eigenvalue of Gamma/n
     * @param validationError the validation error of coefficients C
     * @param patience        iterations without improvement before stopping (>= 1)
     */
    public static Result run(IterativeFilter filter, GramOperator gram, Matrix targets, double sMax,
            ToDoubleFunction<Matrix> validationError, int patience) {
        if (patience < 1) {
            throw new IllegalArgumentException("early stopping: patience must be >= 1, got " + patience);
        }
        List<Double> errors = new ArrayList<>();
        int[] best = {-1};
        Matrix[] bestCoefficients = new Matrix[1];
        try {
            filter.run(gram, targets, sMax, (index, c) -> {
                double e = validationError.applyAsDouble(c);
                errors.add(e);
                if (best[0] < 0 || e < errors.get(best[0])) {
                    best[0] = index;
                    bestCoefficients[0] = c.copy();
                } else if (index - best[0] >= patience) {
                    throw new Stop();
                }
            });
        } catch (Stop stop) {
            // the validation error stopped improving
        }
        double[] e = errors.stream().mapToDouble(Double::doubleValue).toArray();
        return new Result(e, best[0], bestCoefficients[0]);
    }

    /**
     * Early stopping for a separable problem with explicit targets: Gram action k C A, validation predictions
     * k(X_val, X) C A scored by mean squared error against the validation targets (missing values skipped).
     */
    public static Result separable(RegressionProblem problem, Matrix validationInputs, Matrix validationTargets,
            int patience) {
        IterativeFilter filter = problem.filter().iterative().orElseThrow(() -> new IllegalArgumentException(
                "early stopping needs an iterative filter (landweber, nu-method)"));
        if (!(problem.operator() instanceof SeparableOperatorKernel) || problem.embedding().targets().isEmpty()) {
            throw new IllegalArgumentException("this early stopping needs a separable kernel and explicit targets; "
                    + "use run(...) with the problem's Gram action otherwise");
        }
        SeparableSetup setup = SeparableSetup.of(problem);
        LinearAlgebra la = problem.context().linearAlgebra();
        Matrix k = problem.kernel().gram(problem.inputs());
        Matrix cross = problem.kernel().gram(validationInputs, problem.inputs());
        double sMax = SpectralRadius.largestEigenvalue(v -> la.multiply(k, v), k.rows(), 1, problem.context().seed(),
                la) * setup.outputMax() / problem.size();
        GramOperator gram = new SeparableGramOperator(k, setup.outputMatrix(), la);
        Matrix targets = setup.targets();
        if (Masks.hasMissing(targets)) {
            gram = new MaskedGramOperator(gram, Masks.observed(targets));
            targets = Masks.zeroFilled(targets);
        }
        Matrix a = setup.outputMatrix();
        return run(filter, gram, targets, sMax, c -> {
            Matrix f = la.multiply(cross, c);
            return PathErrors.meanSquaredError(a == null ? f : la.multiply(f, a), validationTargets);
        }, patience);
    }

    /** Stops the iteration from inside the listener. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }
}
