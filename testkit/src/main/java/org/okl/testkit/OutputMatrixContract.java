package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.operator.OutputMatrix;

/**
 * The contract every {@link OutputMatrix} (the matrix A of a separable kernel k(x, x') A) must meet: for training
 * targets of d columns it builds a d x d matrix that is finite, symmetric and positive semi-definite (so that the
 * separable kernel is a kernel), the same for the same targets, and for missing targets (NaN, which the api allows) it
 * either builds a finite matrix or refuses them as a user error ({@link DataFormatException} or
 * {@link InvalidParameterException}), never with another exception or a matrix holding NaN.
 *
 * <pre>{@code
 * class CommonSimilarityTest extends OutputMatrixContract {
 *     protected OutputMatrix matrix(ComponentContext context) {
 *         return new CommonSimilarityMatrix(0.3);
 *     }
 * }
 * }</pre>
 */
public abstract class OutputMatrixContract {

    /** The output matrix under test. */
    protected abstract OutputMatrix matrix(ComponentContext context);

    /** The number of target columns d (default 3); a matrix of fixed size says its own. */
    protected int outputs() {
        return 3;
    }

    /** Training targets n x {@link #outputs()} (default: standard normal entries). */
    protected Matrix targets(int n, Random random) {
        Matrix y = Matrix.zeros(n, outputs());
        double[] d = y.data();
        for (int i = 0; i < d.length; i++) {
            d[i] = random.nextGaussian();
        }
        return y;
    }

    /** The context the matrix is built with (default: the active back-end). */
    protected ComponentContext context() {
        return TestContext.active();
    }

    /** Tolerance of symmetry and of the smallest eigenvalue, relative to the largest entry (default 1e-10). */
    protected double tolerance() {
        return 1e-10;
    }

    private Matrix build(Matrix targets) {
        return matrix(context()).build(targets, context());
    }

    /**
     * A matrix that says it is not estimated from the targets ({@link OutputMatrix#fromTargets}, the default) builds
     * from the number of outputs alone, the same as from training targets: a fit over rows read in passes builds it
     * before any row is read.
     */
    @Test
    void aFixedMatrixBuildsFromTheNumberOfOutputsAlone() {
        org.junit.jupiter.api.Assumptions.assumeFalse(matrix(context()).fromTargets(), "A is estimated from targets");
        Matrix fromTargets = build(targets(30, new Random(2)));
        Matrix fromNone = build(Matrix.zeros(0, outputs()));
        assertThat(fromNone.rows()).as("rows of A built without targets").isEqualTo(outputs());
        assertThat(fromNone.maxAbsDifference(fromTargets)).as("A without targets against A with them")
                .isLessThanOrEqualTo(tolerance());
    }

    @Test
    void isAFiniteSymmetricPositiveSemiDefiniteDByDMatrix() {
        Matrix a = build(targets(30, new Random(1)));
        int d = outputs();
        assertThat(a.rows()).as("rows of A").isEqualTo(d);
        assertThat(a.cols()).as("columns of A").isEqualTo(d);
        double scale = 0;
        for (double v : a.data()) {
            assertThat(Double.isFinite(v)).as("every entry of A is finite").isTrue();
            scale = Math.max(scale, Math.abs(v));
        }
        double tol = tolerance() * Math.max(1, scale);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                assertThat(Math.abs(a.get(i, j) - a.get(j, i))).as("A(%d,%d) - A(%d,%d)", i, j, j, i)
                        .isLessThanOrEqualTo(tol);
            }
        }
        SymmetricEigen eigen = context().linearAlgebra().eigenSymmetric(symmetrised(a));
        for (double lambda : eigen.values()) {
            assertThat(lambda).as("an eigenvalue of A").isGreaterThanOrEqualTo(-tol * d);
        }
    }

    /** (A + A^T) / 2. */
    static Matrix symmetrised(Matrix a) {
        Matrix s = a.copy();
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < a.cols(); j++) {
                s.set(i, j, (a.get(i, j) + a.get(j, i)) / 2);
            }
        }
        return s;
    }

    @Test
    void theSameTargetsGiveTheSameMatrix() {
        Matrix y = targets(25, new Random(2));
        assertThat(build(y.copy()).data()).containsExactly(build(y.copy()).data());
    }

    @Test
    void missingTargetsGiveAFiniteMatrixOrAUserError() {
        Matrix y = targets(30, new Random(3));
        y.set(0, 0, Double.NaN);
        y.set(5, outputs() - 1, Double.NaN);
        Matrix a;
        try {
            a = build(y);
        } catch (DataFormatException | InvalidParameterException refused) {
            assertThat(refused.getMessage()).as("the refusal says why").isNotBlank();
            return;
        }
        for (double v : a.data()) {
            assertThat(Double.isFinite(v)).as("an entry of A built on targets with NaN").isTrue();
        }
    }
}
