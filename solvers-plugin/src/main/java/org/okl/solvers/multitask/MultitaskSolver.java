package org.okl.solvers.multitask;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.linalg.SpectralRadius;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.streamed.SpectralCoefficients;
import org.okl.solvers.iterative.IterativeRuns;
import org.okl.solvers.iterative.MaskedGramOperator;
import org.okl.solvers.iterative.Masks;

/**
 * The task-indexed kernel of multi-task learning with tasks sampled at different inputs (B12 §5.2):
 * pooled samples (x_i, y_i, t_i), scalar targets, {@code Q((x,t),(x',t')) = k(x,x')·A[t,t']}. The n x n Gram
 * is the Hadamard product {@code Gamma = k ∘ A[t, t]}; A (T x T) is built by the separable operator's matrix from a
 * T-column target matrix whose column t holds the targets of task t (NaN elsewhere), or by an output-coupling
 * regularizer. Iterative filters run on the Gram action, the others on its eigendecomposition. Missing targets (NaN)
 * are masked from the loss as in the separable solver (their coefficients are zero; n stays the number of samples).
 *
 * <p>Predictions are t x T: column t holds f_t(x); the pipeline picks each test point's own task.
 */
public final class MultitaskSolver implements RegressionSolver {

    /** 20: task groups need the task-indexed Gram. */
    @Override
    public int preference(RegressionProblem problem) {
        return 20;
    }

    /** The task-indexed Gram, its eigenvectors and a workspace: three n x n matrices. */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        long n = problem.size();
        return Optional.of(new MemoryEstimate(3 * MemoryBudget.doubles(n, n), "the " + n + " x " + n
                + " Gram matrix of the multi-task solver and its factorisation", "use a kernel sketch (\"approximation\": {\"name\": \"nystrom\", \"rank\": 2000}) or fewer rows"));
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.groups().isPresent()
                && problem.operator() instanceof SeparableOperatorKernel
                && problem.approximation().isEmpty()
                && SeparableSetup.onlyOutputCouplings(problem.regularizers())
                && problem.embedding().targets().map(y -> y.cols() == 1).orElse(false);
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        ComponentContext context = problem.context();
        LinearAlgebra la = context.linearAlgebra();
        int[] groups = problem.groups().orElseThrow();
        Matrix y = problem.embedding().targets().orElseThrow();
        int tasks = taskCount(groups);
        Matrix a = taskMatrix(problem, y, groups, tasks);
        Matrix x = problem.inputs();
        int n = x.rows();
        Matrix gram = problem.kernel().gram(x);
        double[] g = gram.data();
        java.util.stream.IntStream.range(0, n).parallel().forEach(j -> {
            for (int i = 0; i < n; i++) {
                g[i + j * n] *= a.get(groups[i], groups[j]);
            }
        });
        Matrix taskRows = Matrix.zeros(n, tasks);
        for (int t = 0; t < tasks; t++) {
            for (int i = 0; i < n; i++) {
                taskRows.set(i, t, a.get(t, groups[i]));
            }
        }
        boolean missing = Masks.hasMissing(y);
        Optional<IterativeFilter> iterative = problem.filter().iterative();
        List<double[]> path = new ArrayList<>();
        if (iterative.isPresent()) {
            double sMax = SpectralRadius.largestEigenvalue(v -> la.multiply(gram, v), n, 1, context.seed(), la) / n;
            GramOperator action = new GramOperator() {
                @Override
                public int size() {
                    return n;
                }

                @Override
                public Matrix apply(Matrix coefficients) {
                    return la.multiply(gram, coefficients);
                }
            };
            if (missing) {
                action = new MaskedGramOperator(action, Masks.observed(y));
            }
            for (Matrix c : IterativeRuns.collect(iterative.get(), action, Masks.zeroFilled(y), sMax)) {
                path.add(c.data());
            }
        } else {
            int[] kept = observedRows(y);
            Matrix restricted = missing ? gram.selectRows(kept).selectColumns(kept) : gram;
            SymmetricSpectrum spectrum = SymmetricSpectrum.of(restricted, la);
            Matrix rotated = la.multiply(spectrum.vectors(), true, y.selectRows(kept), false);
            new SpectralCoefficients(spectrum.values(), new double[] {1.0}, rotated, n, problem.filter(),
                    spectrum.max() / n).forEach((j, ct) -> {
                        double[] kc = la.multiply(spectrum.vectors(), ct).data();
                        double[] c = new double[n];
                        for (int q = 0; q < kept.length; q++) {
                            c[kept[q]] = kc[q];
                        }
                        path.add(c);
                    });
        }
        return new TaskPath(problem.kernel(), x, path, taskRows, la, ComputeDevices.of(context));
    }

    /** The number of tasks T = 1 + the largest group index. */
    private static int taskCount(int[] groups) {
        int max = -1;
        for (int g : groups) {
            if (g < 0) {
                throw new IllegalArgumentException("task indices must be >= 0, got " + g);
            }
            max = Math.max(max, g);
        }
        return max + 1;
    }

    /** A (T x T) from the operator, or from the output-coupling regularizer when the operator's matrix is I. */
    private static Matrix taskMatrix(RegressionProblem problem, Matrix y, int[] groups, int tasks) {
        Matrix byTask = Matrix.zeros(y.rows(), tasks);
        java.util.Arrays.fill(byTask.data(), Double.NaN);
        for (int i = 0; i < y.rows(); i++) {
            byTask.set(i, groups[i], y.get(i, 0));
        }
        ComponentContext context = problem.context();
        Matrix a = ((SeparableOperatorKernel) problem.operator()).outputMatrix(byTask, context);
        List<OutputMatrix> couplings = problem.regularizers().stream()
                .flatMap(r -> r.outputCoupling().stream()).toList();
        if (couplings.size() > 1) {
            throw new IllegalArgumentException(couplings.size() + " regularizers couple the tasks; use one");
        }
        if (!couplings.isEmpty()) {
            if (!org.okl.linalg.streamed.OutputFactor.isIdentity(a)) {
                throw new IllegalArgumentException("an output-coupling regularizer replaces the task matrix A, "
                        + "which must then be the identity");
            }
            a = couplings.get(0).build(byTask, context);
        }
        if (a.rows() != tasks || a.cols() != tasks) {
            throw new IllegalArgumentException("the task matrix A is " + a.rows() + " x " + a.cols() + " but there are "
                    + tasks + " tasks");
        }
        return a;
    }

    private static int[] observedRows(Matrix y) {
        return java.util.stream.IntStream.range(0, y.rows()).filter(i -> !Double.isNaN(y.get(i, 0))).toArray();
    }
}
