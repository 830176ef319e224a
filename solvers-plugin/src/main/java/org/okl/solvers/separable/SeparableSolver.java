package org.okl.solvers.separable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.text.ComponentNames;
import org.okl.linalg.SpectralRadius;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.device.ComputeDevice;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.device.DevicePath;
import org.okl.linalg.device.GramSpectrum;
import org.okl.linalg.expansion.EigenPath;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.streamed.SpectralCoefficients;
import org.okl.solvers.iterative.IterativeRuns;
import org.okl.solvers.iterative.MaskedGramOperator;
import org.okl.solvers.iterative.Masks;
import org.okl.solvers.iterative.SeparableGramOperator;

/**
 * Separable kernels {@code k(x, x') A} with explicit targets, or with an implicit output embedding and A = I (IOKR,
 * Cortes KDE: the targets are the dictionary identity I_n and predictions are t x n weights). Output-coupling
 * regularizers replace an identity A.
 *
 * <p>Routes, never forming the nd x nd Gram:
 * <ul>
 *   <li>iterative filters with explicit targets run matrix-free on {@code C -> k C A} (O(n²d) per iteration, no
 *       O(n³) decomposition) when their t iterations cost less than one eigendecomposition (2·t·d &lt;= 9·n) or when
 *       targets are missing, s_max by Lanczos on k to 1e-10; missing targets are masked from the residual
 *       (the filter then acts on the masked operator P Gamma P, with the s_max of the unmasked Gram: an upper bound
 *       of the masked one that keeps the step sizes valid);</li>
 *   <li>(iterated) Tikhonov with complete explicit targets and L·d &lt;= n (path length L, d outputs) takes the
 *       tridiagonal route: k = Q T Q^T reduced once (no eigendecomposition), every path point by O(n) shifted
 *       tridiagonal solves, all path points back-transformed by one product with Q ({@link TridiagonalRidge});</li>
 *   <li>other filters, longer paths and implicit embeddings take the eigen route: k and A decomposed
 *       once, the whole path from the rotated targets U^T Y W (iterative filters evaluated by their iteration on the
 *       diagonalised operator);</li>
 *   <li>(iterated) Tikhonov with missing targets solves the masked normal equations exactly by preconditioned
 *       conjugate gradients; other non-iterative filters cannot mask targets and are rejected.</li>
 * </ul>
 */
public final class SeparableSolver implements RegressionSolver {

    /** 10: the exact route for separable kernels. */
    @Override
    public int preference(RegressionProblem problem) {
        return 10;
    }

    /**
     * The Gram, its eigenvectors and a workspace: three n x n matrices; or, when a compute device will hold the Gram
     * and its eigenvectors, the inputs and the path's coefficients.
     */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        long n = problem.size();
        if (exactOnDevice(problem).isPresent()) {
            long columns = (long) problem.filter().pathLength() * problem.embedding().targets().map(Matrix::cols)
                    .orElse(1);
            return Optional.of(new MemoryEstimate(MemoryBudget.doubles(n, problem.inputs().cols() + 3 * columns),
                    "the " + n + " x " + columns + " coefficients of the exact path (the Gram on the compute device)",
                    "use fewer path points or a kernel sketch"));
        }
        return Optional.of(new MemoryEstimate(3 * MemoryBudget.doubles(n, n), "the " + n + " x " + n
                + " Gram matrix of the exact separable solver and its factorisation", "use a kernel sketch (\"approximation\": {\"name\": \"nystrom\", \"rank\": 2000}) or fewer rows"));
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.operator() instanceof SeparableOperatorKernel
                && problem.approximation().isEmpty()
                && SeparableSetup.onlyOutputCouplings(problem.regularizers());
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        SeparableSetup setup = SeparableSetup.of(problem);
        LinearAlgebra la = problem.context().linearAlgebra();
        SpectralFilter filter = problem.filter();
        boolean missing = !setup.implicit() && Masks.hasMissing(setup.targets());
        boolean iterate = !setup.implicit() && filter.iterative().isPresent()
                && (missing || iterationsAreCheaper(problem, setup));
        if (!iterate && !missing && !setup.implicit()) {
            Optional<ComputeDevice> device = exactOnDevice(problem);
            Optional<GramSpectrum> spectrum = device.flatMap(d -> d.gramSpectrum(problem.kernel(), problem.inputs()));
            if (spectrum.isPresent()) {
                try (GramSpectrum s = spectrum.get()) {
                    return devicePath(problem, setup, s);
                }
            }
        }
        Matrix k = problem.kernel().gram(problem.inputs());
        if (iterate) {
            return iterate(problem, setup, k, filter.iterative().get(), missing);
        }
        if (!missing && !setup.implicit() && filter instanceof RidgeFilter ridge
                && TridiagonalRidge.applies(problem.size(), filter.pathLength(), setup.outputs())) {
            return new CoefficientPath(problem.kernel(), problem.inputs(), TridiagonalRidge.path(k, setup, ridge, la),
                    setup.outputMatrix(), la,
                    ComputeDevices.of(problem.context()));
        }
        if (missing && !(filter instanceof RidgeFilter)) {
            throw new OklException(ErrorCode.INVALID_DATA, missingTargetsMessage(filter));
        }
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(k, la);
        if (missing) {
            List<Matrix> path = new MaskedRidge(k, spectrum, setup, la).path((RidgeFilter) filter);
            return new CoefficientPath(problem.kernel(), problem.inputs(), path, setup.outputMatrix(), la,
                    ComputeDevices.of(problem.context()));
        }
        Matrix rotated = setup.rotateOutputs(la.multiply(spectrum.vectors(), true, setup.targets(), false), la);
        double sMax = spectrum.max() * setup.outputMax() / problem.size();
        SpectralCoefficients coefficients = new SpectralCoefficients(spectrum.values(), setup.outputValues(),
                rotated, problem.size(), filter, sMax);
        return new EigenPath(problem.kernel(), problem.inputs(), spectrum.vectors(), setup.output(),
                setup.outputs(), coefficients, la, ComputeDevices.of(problem.context()));
    }

    /**
     * The compute device that takes this problem's exact Gram and its eigendecomposition (about 9·n³ flops), if
     * any: explicit targets without missing values, a filter that does not iterate matrix-free.
     */
    private static Optional<ComputeDevice> exactOnDevice(RegressionProblem problem) {
        if (problem.embedding().targets().isEmpty()) {
            return Optional.empty();
        }
        int n = problem.size();
        return ComputeDevices.of(problem.context()).forWork(9.0 * n * n * (double) n).filter(d -> d.holdsGram(n));
    }

    /**
     * The eigen route with {@code k = U diag(s) U^T} on the device: the rotated targets {@code U^T Y W}, every path
     * point's rotated coefficients here, and all path points' coefficients {@code C_j = U Ct_j W^T} in one product
     * there.
     */
    private static RegressionPath devicePath(RegressionProblem problem, SeparableSetup setup, GramSpectrum spectrum) {
        LinearAlgebra la = problem.context().linearAlgebra();
        int n = problem.size();
        int d = setup.outputs();
        double[] s = spectrum.values();
        Matrix rotated = setup.rotateOutputs(spectrum.transposeTimes(setup.targets()), la);
        double sMax = (s.length == 0 ? 0.0 : s[0]) * setup.outputMax() / n;
        SpectralCoefficients coefficients = new SpectralCoefficients(s, setup.outputValues(), rotated, n,
                problem.filter(), sMax);
        int length = coefficients.length();
        Matrix stacked = Matrix.zeros(n, length * d);
        coefficients.forEach((j, ct) -> System.arraycopy(ct.data(), 0, stacked.data(), j * n * d, n * d));
        Matrix back = spectrum.times(stacked);
        List<Matrix> path = new ArrayList<>(length);
        for (int j = 0; j < length; j++) {
            Matrix c = back.columnRange(j * d, (j + 1) * d);
            path.add(setup.output() == null ? c
                    : la.multiply(c, false, setup.output().spectrum().vectors(), true));
        }
        return new DevicePath(new CoefficientPath(problem.kernel(), problem.inputs(), path, setup.outputMatrix(), la,
                    ComputeDevices.of(problem.context())),
                spectrum.device());
    }

    private static RegressionPath iterate(RegressionProblem problem, SeparableSetup setup, Matrix k,
            IterativeFilter filter, boolean missing) {
        LinearAlgebra la = problem.context().linearAlgebra();
        double sMax = SpectralRadius.largestEigenvalue(v -> la.multiply(k, v), k.rows(), 1,
                problem.context().seed(), la) * setup.outputMax() / problem.size();
        GramOperator gram = new SeparableGramOperator(k, setup.outputMatrix(), la);
        Matrix targets = setup.targets();
        if (missing) {
            gram = new MaskedGramOperator(gram, Masks.observed(targets));
            targets = Masks.zeroFilled(targets);
        }
        List<Matrix> path = IterativeRuns.collect(filter, gram, targets, sMax);
        return new CoefficientPath(problem.kernel(), problem.inputs(), path, setup.outputMatrix(), la,
                    ComputeDevices.of(problem.context()));
    }

    /**
     * Whether t matrix-free iterations (about 2·t·n²·d flops) cost less than one symmetric eigendecomposition of k
     * (about 9·n³ flops), after which the whole path is cheap.
     */
    private static boolean iterationsAreCheaper(RegressionProblem problem, SeparableSetup setup) {
        return 2.0 * problem.filter().pathLength() * setup.outputs() <= 9.0 * problem.size();
    }

    /** The error for a filter that cannot mask missing targets. */
    public static String missingTargetsMessage(SpectralFilter filter) {
        return "the targets have missing values (NaN), which are masked from the loss; the filter "
                + ComponentNames.of(filter) + " needs an eigendecomposition of the masked Gram, which has no "
                + "structure to exploit. Filters that support missing targets: tikhonov, iterated-tikhonov, "
                + "landweber, nu-method";
    }
}
