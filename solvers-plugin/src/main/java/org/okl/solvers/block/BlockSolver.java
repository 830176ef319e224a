package org.okl.solvers.block;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.linalg.SpectralRadius;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.streamed.SpectralCoefficients;
import org.okl.solvers.iterative.BlockGramOperator;
import org.okl.solvers.iterative.IterativeRuns;
import org.okl.solvers.iterative.MaskedGramOperator;
import org.okl.solvers.iterative.Masks;

/**
 * General operator-valued kernels ({@link BlockOperatorKernel}: divergence-free, curl-free, ...) with explicit
 * targets. Iterative filters run matrix-free on the kernel's block product, s_max by Lanczos to 1e-10; other filters
 * form the (nd x nd) block Gram once (there is no structure to exploit), decompose it and apply the filter along the
 * path. Missing targets are masked: from the residual of iterative filters, and by restricting the block Gram to the
 * observed entries otherwise (the filter applied to the masked operator).
 */
public final class BlockSolver implements RegressionSolver {

    /** 0: the general route, tried last. */
    @Override
    public int preference(RegressionProblem problem) {
        return 0;
    }

    /** The nd x nd block Gram, its decomposition and a workspace: three nd x nd matrices. */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        long nd = (long) problem.size() * ((BlockOperatorKernel) problem.operator()).outputDimension();
        return Optional.of(new MemoryEstimate(3 * MemoryBudget.doubles(nd, nd), "the " + nd + " x " + nd
                + " block Gram matrix of the block solver and its factorisation", "use fewer rows"));
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.operator() instanceof BlockOperatorKernel block
                && problem.approximation().isEmpty()
                && problem.regularizers().isEmpty()
                && problem.embedding().targets().map(y -> y.cols() == block.outputDimension()).orElse(false);
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        BlockOperatorKernel operator = (BlockOperatorKernel) problem.operator();
        ComponentContext context = problem.context();
        Matrix x = problem.inputs();
        Matrix k = operator.ignoresInputKernel() ? null : problem.kernel().gram(x);
        Matrix y = problem.embedding().targets().orElseThrow();
        Optional<IterativeFilter> iterative = problem.filter().iterative();
        List<Matrix> path = iterative.isPresent()
                ? iterate(problem, operator, k, y, iterative.get())
                : eigenRoute(problem, operator, k, y);
        return new BlockPath(operator, problem.kernel(), x, path, context);
    }

    private static List<Matrix> iterate(RegressionProblem problem, BlockOperatorKernel operator, Matrix k, Matrix y,
            IterativeFilter filter) {
        ComponentContext context = problem.context();
        GramOperator gram = new BlockGramOperator(operator, problem.inputs(), k, context);
        double sMax = SpectralRadius.largestEigenvalue(gram::apply, y.rows(), y.cols(), context.seed(),
                context.linearAlgebra()) / problem.size();
        Matrix targets = y;
        if (Masks.hasMissing(y)) {
            gram = new MaskedGramOperator(gram, Masks.observed(y));
            targets = Masks.zeroFilled(y);
        }
        return IterativeRuns.collect(filter, gram, targets, sMax);
    }

    private static List<Matrix> eigenRoute(RegressionProblem problem, BlockOperatorKernel operator, Matrix k,
            Matrix y) {
        ComponentContext context = problem.context();
        LinearAlgebra la = context.linearAlgebra();
        int n = y.rows();
        int d = y.cols();
        int[] observed = observedPointMajor(y);
        Matrix gram = operator.blockGram(problem.inputs(), problem.inputs(), k, context);
        if (observed.length < n * d) {
            gram = gram.selectRows(observed).selectColumns(observed);
        }
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(gram, la);
        Matrix targets = Matrix.zeros(observed.length, 1);
        for (int q = 0; q < observed.length; q++) {
            targets.data()[q] = y.get(observed[q] / d, observed[q] % d);
        }
        Matrix rotated = la.multiply(spectrum.vectors(), true, targets, false);
        SpectralCoefficients coefficients = new SpectralCoefficients(spectrum.values(), new double[] {1.0},
                rotated, n, problem.filter(), spectrum.max() / n);
        List<Matrix> path = new ArrayList<>();
        coefficients.forEach((j, ct) -> {
            Matrix flat = la.multiply(spectrum.vectors(), ct);
            Matrix c = Matrix.zeros(n, d);
            for (int q = 0; q < observed.length; q++) {
                c.set(observed[q] / d, observed[q] % d, flat.data()[q]);
            }
            path.add(c);
        });
        return path;
    }

    /** The point-major indices i·d + r of the observed targets. */
    private static int[] observedPointMajor(Matrix y) {
        int n = y.rows();
        int d = y.cols();
        int[] idx = new int[n * d];
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < d; r++) {
                if (!Double.isNaN(y.get(i, r))) {
                    idx[count++] = i * d + r;
                }
            }
        }
        return java.util.Arrays.copyOf(idx, count);
    }

    /** Rebuilds this solver's {@link BlockExpansion} predictors from model files. */
    @Override
    public Optional<Predictor> restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment) {
        return BlockExpansion.TYPE.equals(type) ? Optional.of(BlockExpansion.restore(arrays, environment)) : Optional.empty();
    }
}
