package org.okl.linalg.expansion;

import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.solve.RegressionProblem;
import org.okl.linalg.streamed.OutputFactor;

/**
 * The targets and output matrix of a separable problem, resolved once: explicit targets Y (n x d), or for an
 * implicit embedding the dictionary identity I_n (then A must be the identity, the IOKR / Cortes-KDE setting); A from
 * the operator, or from an output-coupling regularizer when the operator's matrix is the identity.
 *
 * @param targets  Y (n x d, NaN where missing) or I_n for an implicit embedding
 * @param implicit whether the embedding is implicit (predictions are t x n weights)
 * @param output   A with its decomposition, or {@code null} when A is the identity
 */
public record SeparableSetup(Matrix targets, boolean implicit, OutputFactor output) {

    /**
     * Resolves the setup of a problem whose operator is a {@link SeparableOperatorKernel}.
     *
     * @throws IllegalArgumentException when an implicit embedding meets a non-identity A, when several regularizers
     *                                  couple the outputs, or when a coupling meets a non-identity operator matrix
     */
    public static SeparableSetup of(RegressionProblem problem) {
        SeparableOperatorKernel operator = (SeparableOperatorKernel) problem.operator();
        ComponentContext context = problem.context();
        Optional<Matrix> explicit = problem.embedding().targets();
        Matrix targets = explicit.orElseGet(() -> Matrix.identity(problem.size()));
        if (targets.rows() != problem.size()) {
            throw new IllegalArgumentException(
                    targets.rows() + " target rows for " + problem.size() + " training inputs");
        }
        Matrix a = operator.outputMatrix(targets, context);
        Optional<OutputMatrix> coupling = coupling(problem.regularizers());
        if (coupling.isPresent()) {
            if (!OutputFactor.isIdentity(a)) {
                throw new IllegalArgumentException("an output-coupling regularizer replaces the matrix A of the "
                        + "separable kernel, which must then be the identity; use the identity matrix with it");
            }
            a = coupling.get().build(targets, context);
        }
        if (a.rows() != targets.cols() || a.cols() != targets.cols()) {
            throw new IllegalArgumentException("the output matrix A is " + a.rows() + " x " + a.cols()
                    + " but there are " + targets.cols() + " outputs");
        }
        boolean identity = OutputFactor.isIdentity(a);
        if (explicit.isEmpty() && !identity) {
            throw new IllegalArgumentException("an implicit output embedding (output kernel) needs the identity "
                    + "operator (separable with the identity matrix); other operators on the output feature space "
                    + "are the covariance kernels");
        }
        return new SeparableSetup(targets, explicit.isEmpty(), identity ? null : OutputFactor.of(a,
                context.linearAlgebra()));
    }

    /** The one output-coupling regularizer, if any. */
    static Optional<OutputMatrix> coupling(List<Regularizer> regularizers) {
        List<OutputMatrix> found = regularizers.stream().flatMap(r -> r.outputCoupling().stream()).toList();
        if (found.size() > 1) {
            throw new IllegalArgumentException(found.size() + " regularizers couple the outputs; combine them into "
                    + "one output matrix");
        }
        return found.stream().findFirst();
    }

    /** Whether the regularizers are all supported by the separable routes (output couplings only). */
    public static boolean onlyOutputCouplings(List<Regularizer> regularizers) {
        return regularizers.stream().allMatch(r -> r.inputPenalty().isEmpty() && r.outputCoupling().isPresent());
    }

    /** The number of outputs d. */
    public int outputs() {
        return targets.cols();
    }

    /** The largest eigenvalue of A (1 for the identity). */
    public double outputMax() {
        return output == null ? 1.0 : output.spectrum().max();
    }

    /** A, or {@code null} for the identity. */
    public Matrix outputMatrix() {
        return output == null ? null : output.matrix();
    }

    /** Rotates targets into the output eigenbasis: {@code Y W} (or Y itself for the identity). */
    public Matrix rotateOutputs(Matrix y, org.okl.api.linalg.LinearAlgebra linearAlgebra) {
        return output == null ? y : linearAlgebra.multiply(y, output.spectrum().vectors());
    }

    /** The eigenvalues of A (all ones for the identity). */
    public double[] outputValues() {
        return output == null ? EigenPath.ones(outputs()) : output.spectrum().values();
    }

    /**
     * Whether a problem is a sketched separable one: a sketch, a separable operator with an input kernel, no task
     * groups, and only output-coupling regularizers.
     */
    public static boolean sketchedSeparable(RegressionProblem problem) {
        return problem.approximation().isPresent()
                && problem.operator() instanceof SeparableOperatorKernel
                && problem.groups().isEmpty()
                && problem.kernel() != null
                && onlyOutputCouplings(problem.regularizers());
    }
}
