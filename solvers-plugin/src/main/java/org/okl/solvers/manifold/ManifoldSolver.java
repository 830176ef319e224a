package org.okl.solvers.manifold;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.text.ComponentNames;
import org.okl.linalg.HessenbergForm;
import org.okl.linalg.SolverLinearAlgebra;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.memory.MemoryBudget;

/**
 * Vector-valued manifold regularization (Minh and Sindhwani 2011; docs/conventions.md#manifold-regularization) for a
 * separable kernel {@code Gamma = k·Q} and one or more input graph penalties.
 *
 * <p>With l labelled points, N = l + u labelled plus unlabelled inputs X_N, the Gram {@code k_N = k(X_N, X_N)},
 * {@code J = diag(1 (l times), 0 (u times))}, {@code P = J + l·sum_r gammaI_r·M_r} (one term per regularizer with an
 * {@link InputGraphPenalty}, M_r its Laplacian over X_N) and Y padded with u zero rows, the coefficients A (N x d)
 * solve eq. 17 of the paper for every λ = gammaA of the Tikhonov filter's path:
 *
 * <pre>  (P · k_N) · A · Q + l · λ · A = Y</pre>
 *
 * and predictions are {@code F = k(X*, X_N) · A · Q}. With {@code Q = W diag(q) W^T} the equation splits into
 * {@code (q_j·Mmat + l·λ·I) a~_j = (Y W)_j}, {@code A = A~ W^T}; {@link SylvesterMethod} says how those systems are
 * solved (by default per-column LU for a few systems, Hessenberg-Schur for longer paths). The eigenvalues of {@code Mmat = P k_N} (a product of two PSD matrices) are
 * real and non-negative, so every system is non-singular for λ > 0. Special cases: gammaI = 0 is vector-valued RLS
 * (separable Tikhonov with n = l), Q = I is d independent Laplacian RLS problems.
 */
public final class ManifoldSolver implements RegressionSolver {
    private static final String COMPONENT = "manifold";

    private final SylvesterMethod method;

    /** A solver choosing between S1 and S2 by the number of shifted systems ({@link SylvesterMethod#AUTOMATIC}). */
    public ManifoldSolver() {
        this(SylvesterMethod.AUTOMATIC);
    }

    /** A solver using the given Sylvester method. */
    public ManifoldSolver(SylvesterMethod method) {
        this.method = method;
    }

    /** Whether some regularizer of the problem has an input graph penalty. */
    /** 60: manifold regularization is the most specific structure. */
    @Override
    public int preference(RegressionProblem problem) {
        return 60;
    }

    /** The Gram over labelled and unlabelled points, the Laplacian and the Sylvester factors: about five N x N matrices. */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        long n = problem.size() + problem.unlabelledInputs().map(u -> (long) u.rows()).orElse(0L);
        return Optional.of(new MemoryEstimate(5 * MemoryBudget.doubles(n, n), "the " + n + " x " + n
                + " Gram matrix of the manifold solver and its factorisation", "use a kernel sketch (\"approximation\": {\"name\": \"nystrom\", \"rank\": 2000}) or fewer rows"));
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.regularizers().stream().anyMatch(r -> r.inputPenalty().isPresent());
    }

    /**
     * Fits every λ of the filter's path from one Hessenberg reduction (or one symmetric eigendecomposition).
     *
     * @throws InvalidParameterException when the operator is not separable, the embedding is implicit, the targets
     *                                   have missing values, the filter is not Tikhonov, or the problem asks for an
     *                                   approximation, task groups or an output-coupling regularizer
     */
    @Override
    public RegressionPath fit(RegressionProblem problem) {
        if (!(problem.operator() instanceof SeparableOperatorKernel separable)) {
            throw new InvalidParameterException(COMPONENT, "operator", "must be a separable kernel k·Q for manifold "
                    + "regularization, got a " + ComponentNames.of(problem.operator()));
        }
        Matrix y = problem.embedding().targets().orElseThrow(() -> new InvalidParameterException(COMPONENT, "output",
                "must be an explicit embedding with vector targets; manifold regularization does not take an "
                        + "output kernel"));
        if (!y.isFinite()) {
            throw new InvalidParameterException(COMPONENT, "targets", "must not contain missing or infinite values");
        }
        if (problem.approximation().isPresent()) {
            throw new InvalidParameterException(COMPONENT, "approximation",
                    "is not supported with manifold regularization, got " + problem.approximation().get());
        }
        if (problem.groups().isPresent()) {
            throw new InvalidParameterException(COMPONENT, "groups",
                    "task groups are not supported with manifold regularization");
        }
        double[] lambdas = TikhonovLambdas.of(problem.filter(), COMPONENT);
        LinearAlgebra la = problem.context().linearAlgebra();
        int labelled = problem.size();
        if (y.rows() != labelled) {
            throw new IllegalArgumentException(y.rows() + " targets for " + labelled + " training points");
        }
        Matrix all = problem.unlabelledInputs().map(u -> problem.inputs().stackRows(u)).orElse(problem.inputs());
        int total = all.rows();
        int d = y.cols();
        Matrix p = penaltyOperator(problem.regularizers(), all, labelled, problem);
        Matrix q = separable.outputMatrix(y, problem.context());
        if (q.rows() != d || q.cols() != d) {
            throw new InvalidParameterException(COMPONENT, "operator",
                    "output matrix must be " + d + " x " + d + ", got " + q.rows() + " x " + q.cols());
        }
        SymmetricEigen qEigen = la.eigenSymmetric(q.copy().symmetrize());
        Matrix gram = problem.kernel().gram(all).symmetrize();
        Matrix padded = y.stackRows(Matrix.zeros(total - labelled, d));
        Matrix rotated = la.multiply(padded, qEigen.vectors());
        double[] qValues = qEigen.clampedValues();
        List<Matrix> coefficients = null;
        if (method == SylvesterMethod.SYMMETRIC_EIGEN) {
            Optional<Matrix> cholesky = la.cholesky(gram);
            if (cholesky.isPresent()) {
                coefficients = symmetricEigen(cholesky.get(), p, rotated, qEigen.vectors(), qValues, lambdas,
                        labelled, la);
            }
        }
        if (coefficients == null) {
            Matrix mmat = la.multiply(p, gram);
            boolean fewSystems = lambdas.length * equalValueGroups(qValues).size() <= SylvesterMethod.MAX_LU_SYSTEMS;
            coefficients = method == SylvesterMethod.PER_COLUMN_LU
                    || method == SylvesterMethod.AUTOMATIC && fewSystems
                    ? perColumnLu(mmat, rotated, qEigen.vectors(), qValues, lambdas, labelled, la)
                    : hessenbergSchur(mmat, rotated, qEigen.vectors(), qValues, lambdas, labelled, la);
        }
        return new ExpansionPath(problem.kernel(), all, coefficients, q, la, ComputeDevices.of(problem.context()));
    }

    /** {@code P = J + l·sum_r gammaI_r·M_r}, N x N. */
    private static Matrix penaltyOperator(List<Regularizer> regularizers, Matrix all, int labelled,
            RegressionProblem problem) {
        int total = all.rows();
        Matrix p = Matrix.zeros(total, total);
        for (Regularizer regularizer : regularizers) {
            if (regularizer.outputCoupling().isPresent()) {
                throw new InvalidParameterException(COMPONENT, "regularizers", "an output-coupling regularizer cannot"
                        + " be combined with manifold regularization; put its matrix into the separable kernel");
            }
            Optional<InputGraphPenalty> penalty = regularizer.inputPenalty();
            if (penalty.isEmpty()) {
                continue;
            }
            double weight = penalty.get().weight();
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new InvalidParameterException(COMPONENT, "gammaI", "must be a finite number >= 0, got "
                        + weight);
            }
            Matrix m = penalty.get().laplacian(all, problem.context());
            if (m.rows() != total || m.cols() != total) {
                throw new IllegalArgumentException("graph penalty is " + m.rows() + " x " + m.cols() + " for "
                        + total + " inputs");
            }
            double factor = labelled * weight;
            double[] pd = p.data();
            double[] md = m.data();
            for (int k = 0; k < pd.length; k++) {
                pd[k] += factor * md[k];
            }
        }
        for (int i = 0; i < labelled; i++) {
            p.add(i, i, 1.0);
        }
        return p;
    }

    /** S1: {@code Mmat = Z H Z^T}, then {@code (q_j H + lλ I) b_j = (Z^T Y W)_j}, {@code A = Z B W^T}. */
    private static List<Matrix> hessenbergSchur(Matrix mmat, Matrix rotated, Matrix w, double[] q, double[] lambdas,
            int labelled, LinearAlgebra la) {
        HessenbergForm form = SolverLinearAlgebra.of(la).hessenberg(mmat);
        Matrix z = form.q();
        Matrix h = form.h();
        Matrix b = la.multiply(z, true, rotated, false);
        List<int[]> groups = equalValueGroups(q);
        int total = b.rows();
        List<Matrix> out = new ArrayList<>(lambdas.length);
        for (double lambda : lambdas) {
            Matrix solved = Matrix.zeros(total, q.length);
            double shift = labelled * lambda;
            IntStream.range(0, groups.size()).parallel().forEach(g -> {
                int[] columns = groups.get(g);
                Matrix x = HessenbergSolver.solve(h, q[columns[0]], shift, b.selectColumns(columns));
                for (int c = 0; c < columns.length; c++) {
                    System.arraycopy(x.data(), c * total, solved.data(), columns[c] * total, total);
                }
            });
            out.add(la.multiply(la.multiply(z, solved), false, w, true));
        }
        return out;
    }

    /** S2: per λ and distinct q_j one LU solve of {@code (q_j Mmat + lλ I) z = (Y W)_j}, {@code A = Z W^T}. */
    private static List<Matrix> perColumnLu(Matrix mmat, Matrix rotated, Matrix w, double[] q, double[] lambdas,
            int labelled, LinearAlgebra la) {
        List<int[]> groups = equalValueGroups(q);
        int total = rotated.rows();
        List<Matrix> out = new ArrayList<>(lambdas.length);
        for (double lambda : lambdas) {
            Matrix solved = Matrix.zeros(total, q.length);
            for (int[] columns : groups) {
                Matrix system = mmat.times(q[columns[0]]).addToDiagonal(labelled * lambda);
                Matrix x = la.solve(system, rotated.selectColumns(columns));
                for (int c = 0; c < columns.length; c++) {
                    System.arraycopy(x.data(), c * total, solved.data(), columns[c] * total, total);
                }
            }
            out.add(la.multiply(solved, false, w, true));
        }
        return out;
    }

    /** Columns of Q's eigenbasis grouped by equal eigenvalue, so each group shares one Hessenberg elimination. */
    private static List<int[]> equalValueGroups(double[] q) {
        List<int[]> groups = new ArrayList<>();
        boolean[] taken = new boolean[q.length];
        for (int i = 0; i < q.length; i++) {
            if (taken[i]) {
                continue;
            }
            double value = q[i];
            int[] members = IntStream.range(i, q.length).filter(j -> !taken[j] && q[j] == value).toArray();
            for (int j : members) {
                taken[j] = true;
            }
            groups.add(members);
        }
        return groups;
    }

    /**
     * S3: {@code k_N = R R^T}, {@code R^T P R = V diag(mu) V^T},
     * {@code A = R^-T V [(V^T R^T Y W) ./ (mu q^T + lλ)] W^T}.
     */
    private static List<Matrix> symmetricEigen(Matrix r, Matrix p, Matrix rotated, Matrix w, double[] q,
            double[] lambdas, int labelled, LinearAlgebra la) {
        SymmetricEigen eigen = la.eigenSymmetric(la.multiply(r, true, la.multiply(p, r), false).symmetrize());
        Matrix v = eigen.vectors();
        double[] mu = eigen.clampedValues();
        Matrix g = la.multiply(v, true, la.multiply(r, true, rotated, false), false);
        int total = g.rows();
        List<Matrix> out = new ArrayList<>(lambdas.length);
        for (double lambda : lambdas) {
            double shift = labelled * lambda;
            Matrix scaled = g.copy();
            double[] data = scaled.data();
            for (int j = 0; j < q.length; j++) {
                int off = j * total;
                for (int i = 0; i < total; i++) {
                    data[off + i] /= mu[i] * q[j] + shift;
                }
            }
            Matrix coefficients = la.triangularSolve(r, true, true, la.multiply(v, scaled));
            out.add(la.multiply(coefficients, false, w, true));
        }
        return out;
    }
}
