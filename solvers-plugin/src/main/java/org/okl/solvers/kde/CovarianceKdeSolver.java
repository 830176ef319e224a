package org.okl.solvers.kde;

import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.text.ComponentNames;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.memory.MemoryBudget;

/**
 * Kadri et al.'s (2013) kernel dependency estimation with the covariance and conditional-covariance operator-valued
 * kernels ({@link OutputCovarianceKernel}; docs/conventions.md#kadri-kernel-dependency-estimation).
 *
 * <p><b>What is predicted.</b> The regression maps x to {@code h(x) = sum_i W_i(x) psi(y_i)} in the feature space of
 * the output kernel l, with weights {@code W = T α k_*^T} (n x t). For an implicit embedding (an output kernel,
 * {@link FittedOutputEmbedding#targets()} empty, L = {@link FittedOutputEmbedding#outputGram()}) the prediction H is
 * the t x n weight matrix {@code k_* (Tα)^T}. For an explicit embedding with targets Y the output kernel is taken to
 * be linear, L = Y Y^T, and H is the t x d matrix {@code k_* (Tα)^T Y} (the weighted sum of training targets, which
 * equals separable Tikhonov with A = Y^T Y/n, or A = Y^T P Y/n for the conditional kernel).
 *
 * <p><b>Spectral filters: what g is applied to.</b> In dictionary coordinates a coefficient {@code psi_i =
 * sum_s B_si psi(y_s)} is column i of an n x n matrix B, the covariance operator acts as T/n (T = L, or
 * {@code T = P L} with {@code P = nε(k + nεI)^-1}) and the block Gram acts as {@code Gamma: B -> (T/n) B k}, so
 * Gamma = k ⊗ (T/n). With {@code k = U diag(s) U^T} and {@code T = S diag(w) S^-1} (S real: T is similar to the
 * symmetric PSD {@code P^1/2 L P^1/2}), the eigenvectors of Gamma are {@code B = S e_i e_j^T U^T} with eigenvalues
 * {@code w_i s_j / n}, so Gamma/n, the operator every filter acts on (docs/conventions.md), has eigenvalues
 * {@code sigma_ij = w_i s_j / n^2}. The targets in dictionary coordinates are {@code psi(y_i) = e_i}, i.e. B = I,
 * and the filtered coefficients are {@code C = g(Gamma/n) I / n = S [ g(sigma) ∘ (S^-1 U) ] U^T / n}. The
 * prediction is {@code h(x) = sum_i k(x, x_i) (T/n) C e_i}, so {@code W = (T/n) C k_*^T = T α k_*^T} with
 * {@code α = S [ (g(sigma)/n^2) ∘ (S^-1 U) ] U^T}. For Tikhonov, {@code g(sigma)/n^2 = 1/(n^2 sigma + n^2 λ) =
 * 1/(w_i s_j + n^2 λ)}: exactly the solution of {@code T α k + n^2 λ α = I}, the paper's Kronecker system
 * {@code (k ⊗ T + n λ_K I) vec(α) = vec(I)} with λ_K = nλ. Any other filter (truncated SVD, iterated Tikhonov,
 * Landweber or the nu-method in closed form) is applied the same way; T is self-adjoint in the output feature
 * space, so this is the usual spectral calculus of a self-adjoint operator. A filter whose g is not finite on
 * [0, s_max] cannot be applied and is rejected with an {@link InvalidParameterException}. Every path point re-uses
 * the one pair of eigendecompositions: λ (or the iteration count) only changes the element-wise weights.
 *
 * <p><b>Routes.</b> Without an approximation: the exact O(n^3) route ({@link ExactCovarianceKde}). With
 * {@code approximation = {"name": "incomplete-cholesky", "rank": m1, "outputRank": m2, "tolerance": tol}}: the
 * low-rank route ({@link LowRankCovarianceKde}, {@link IncompleteCholeskySettings}); with m1 = m2 = n it equals the
 * exact route. Any other approximation is rejected.
 *
 * <p>Extra regularizers cannot be combined with these kernels and are rejected; unlabelled inputs and task groups
 * play no role in the KDE and are not used.
 */
public final class CovarianceKdeSolver implements RegressionSolver {

    /** Creates the solver (it holds no state). */
    public CovarianceKdeSolver() {
    }

    /** Whether the problem's operator is a covariance or conditional-covariance kernel. */
    /** 50: the covariance kernels have no other solver. */
    @Override
    public int preference(RegressionProblem problem) {
        return 50;
    }

    /** The input and output Grams, their decompositions and the coefficients: about six n x n matrices. */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        if (problem.approximation().isPresent()) {
            return Optional.empty();
        }
        long n = problem.size();
        return Optional.of(new MemoryEstimate(6 * MemoryBudget.doubles(n, n), "the " + n + " x " + n
                + " Gram matrix of the covariance KDE and its factorisation", "use a kernel sketch (\"approximation\": {\"name\": \"nystrom\", \"rank\": 2000}) or fewer rows"));
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.operator() instanceof OutputCovarianceKernel;
    }

    /**
     * Fits the whole regularization path of the problem's filter.
     *
     * @throws InvalidParameterException for a non-positive ε, an unsupported approximation, extra regularizers,
     *                                   missing target values, or a filter that is not finite on the spectrum
     */
    @Override
    public RegressionPath fit(RegressionProblem problem) {
        if (!(problem.operator() instanceof OutputCovarianceKernel operator)) {
            throw new IllegalArgumentException("the covariance KDE needs an output covariance kernel, got "
                    + ComponentNames.of(problem.operator()));
        }
        String component = operator.conditional() ? "conditional-covariance" : "covariance";
        if (!problem.regularizers().isEmpty()) {
            throw new InvalidParameterException(component, "regularizers",
                    "cannot be combined with the covariance KDE; remove the regularizers");
        }
        double epsilon = Double.NaN;
        if (operator.conditional()) {
            epsilon = operator.epsilon();
            if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
                throw new InvalidParameterException(component, "epsilon", "must be a finite number > 0, got "
                        + epsilon);
            }
        }
        LinearAlgebra la = problem.context().linearAlgebra();
        Optional<Matrix> targets = problem.embedding().targets();
        Matrix y = targets.orElse(null);
        if (y != null && !y.isFinite()) {
            throw new InvalidParameterException(component, "targets",
                    "must not contain missing or infinite values (the covariance KDE uses the linear output Gram YY^T)");
        }
        int n = problem.size();
        if (y != null && y.rows() != n) {
            throw new IllegalArgumentException(y.rows() + " targets for " + n + " training points");
        }
        Optional<ComponentSpec> approximation = problem.approximation();
        if (approximation.isEmpty()) {
            Matrix outputGram = y != null ? la.outerGram(y) : implicitOutputGram(problem);
            return ExactCovarianceKde.fit(problem.kernel(), problem.inputs(), outputGram, y, epsilon,
                    problem.filter(), component, la, ComputeDevices.of(problem.context()));
        }
        if (!IncompleteCholeskySettings.NAME.equals(approximation.get().name())) {
            throw new InvalidParameterException(component, "approximation", "must be '"
                    + IncompleteCholeskySettings.NAME + "' for the covariance KDE, got '"
                    + approximation.get().name() + "'");
        }
        IncompleteCholeskySettings settings = IncompleteCholeskySettings.parse(approximation.get());
        IncompleteCholesky.Columns output = y != null ? IncompleteCholesky.ofRows(y, la)
                : IncompleteCholesky.of(implicitOutputGram(problem));
        return LowRankCovarianceKde.fit(problem.kernel(), problem.inputs(), output, y, epsilon, settings,
                problem.filter(), component, la, ComputeDevices.of(problem.context()));
    }

    private static Matrix implicitOutputGram(RegressionProblem problem) {
        Matrix outputGram = problem.embedding().outputGram();
        int n = problem.size();
        if (outputGram.rows() != n || outputGram.cols() != n) {
            throw new IllegalArgumentException("output Gram is " + outputGram.rows() + " x " + outputGram.cols()
                    + " for " + n + " training points");
        }
        return outputGram;
    }

    /** Rebuilds this solver's {@link FactoredKernelExpansion} predictors from model files. */
    @Override
    public Optional<Predictor> restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment) {
        return FactoredKernelExpansion.TYPE.equals(type) ? Optional.of(FactoredKernelExpansion.restore(arrays, environment)) : Optional.empty();
    }
}
