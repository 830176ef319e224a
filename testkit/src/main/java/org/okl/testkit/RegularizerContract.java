package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;

/**
 * The contract every {@link Regularizer} must meet: it has at least one face; an input-graph penalty has a finite
 * non-negative weight and a symmetric positive semi-definite n x n Laplacian over all the inputs (labelled and
 * unlabelled), the same for the same inputs; an output coupling builds a symmetric positive semi-definite d x d
 * matrix. A face the regularizer lacks is skipped (the test is aborted, not passed).
 */
public abstract class RegularizerContract {

    /** The regularizer under test. */
    protected abstract Regularizer regularizer(ComponentContext context);

    /** Inputs the penalty's graph is built on (default: 40 x 2 standard normal entries). */
    protected Matrix inputs(Random random) {
        return TestMatrices.random(40, 2, random.nextLong());
    }

    /** The number of target columns of the output coupling (default 3). */
    protected int outputs() {
        return 3;
    }

    /** The context (default: the active back-end). */
    protected ComponentContext context() {
        return TestContext.active();
    }

    /** Relative tolerance of symmetry and of the smallest eigenvalue (default 1e-9). */
    protected double tolerance() {
        return 1e-9;
    }

    @Test
    void hasAnInputPenaltyOrAnOutputCoupling() {
        Regularizer r = regularizer(context());
        assertThat(r.inputPenalty().isPresent() || r.outputCoupling().isPresent())
                .as("a regularizer with neither face does nothing").isTrue();
    }

    @Test
    void theInputPenaltyIsAWeightedPositiveSemiDefiniteLaplacian() {
        Optional<InputGraphPenalty> penalty = regularizer(context()).inputPenalty();
        assumeTrue(penalty.isPresent(), "the regularizer has no input penalty");
        assertThat(penalty.get().weight()).as("weight").isFinite().isGreaterThanOrEqualTo(0);
        Matrix x = inputs(new Random(5));
        Matrix l = penalty.get().laplacian(x, context());
        assertThat(l.rows()).isEqualTo(x.rows());
        assertThat(l.cols()).isEqualTo(x.rows());
        requireSymmetricPsd(l, "the Laplacian");
        assertThat(penalty.get().laplacian(x.copy(), context()).data()).as("the same inputs, the same Laplacian")
                .containsExactly(l.data());
    }

    @Test
    void theOutputCouplingIsPositiveSemiDefinite() {
        Optional<OutputMatrix> coupling = regularizer(context()).outputCoupling();
        assumeTrue(coupling.isPresent(), "the regularizer has no output coupling");
        Matrix a = coupling.get().build(TestMatrices.random(30, outputs(), 7), context());
        assertThat(a.rows()).isEqualTo(outputs());
        assertThat(a.cols()).isEqualTo(outputs());
        requireSymmetricPsd(a, "the output coupling");
    }

    private void requireSymmetricPsd(Matrix m, String what) {
        double scale = 0;
        for (double v : m.data()) {
            assertThat(Double.isFinite(v)).as("every entry of " + what + " is finite").isTrue();
            scale = Math.max(scale, Math.abs(v));
        }
        double tol = tolerance() * Math.max(1, scale);
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < i; j++) {
                assertThat(Math.abs(m.get(i, j) - m.get(j, i))).as(what + " is symmetric at (%d, %d)", i, j)
                        .isLessThanOrEqualTo(tol);
            }
        }
        SymmetricEigen eigen = context().linearAlgebra().eigenSymmetric(OutputMatrixContract.symmetrised(m));
        for (double lambda : eigen.values()) {
            assertThat(lambda).as("an eigenvalue of " + what).isGreaterThanOrEqualTo(-tol * m.rows());
        }
    }
}
