package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * The contract every {@link InputTransform} must meet; a plugin's test extends this class once per transform (and
 * parameter setting worth checking) and supplies {@link #transform}, and {@link #rows()} when the default rows (40 x 5,
 * values in (-1, 1) shifted to (0, 2)) do not suit it.
 *
 * <ul>
 *   <li>the fit does not depend on how the training rows are cut into blocks (one block, blocks of 7, blocks of 1);
 *       results agree to 1e-12 relatively;</li>
 *   <li>statistics that merge give, merged from parts, what one accumulator of every block gives;</li>
 *   <li>the fitted transform maps rows of {@code inputDimension()} columns to {@code outputDimension()} columns, and
 *       names every output column;</li>
 *   <li>applying it leaves its argument unchanged, and a row is transformed the same alone or with others;</li>
 *   <li>restored from its state, it transforms exactly as fitted;</li>
 *   <li>when {@code invertible()}, {@code invert} undoes {@code apply} to 1e-12.</li>
 * </ul>
 */
public abstract class TransformContract {
    private final ComponentContext context = TestContext.active();

    /** The transform under test. */
    protected abstract InputTransform transform(ComponentContext context);

    /** The training rows the checks fit on. */
    protected Matrix rows() {
        Matrix m = TestMatrices.random(40, 5, 17);
        double[] d = m.data();
        for (int i = 0; i < d.length; i++) {
            d[i] += 1.0;
        }
        return m;
    }

    /** The columns of {@link #rows()}. */
    protected ColumnSchema columns() {
        return ColumnSchema.unnamed(rows().cols());
    }

    private FittedTransform fitInBlocks(int block) {
        Matrix x = rows();
        TransformStatistics statistics = transform(context).statistics(columns(), context);
        for (int from = 0; from < x.rows(); from += block) {
            statistics.add(x.rowRange(from, Math.min(x.rows(), from + block)));
        }
        return statistics.finish();
    }

    @Test
    void fittingDoesNotDependOnTheBlocks() {
        Matrix x = rows();
        Matrix whole = fitInBlocks(x.rows()).apply(x);
        for (int block : new int[] {7, 1}) {
            Matrix other = fitInBlocks(block).apply(x);
            assertThat(other.rows()).isEqualTo(whole.rows());
            assertThat(other.cols()).isEqualTo(whole.cols());
            double scale = Math.max(1.0, whole.frobeniusNorm());
            assertThat(other.maxAbsDifference(whole)).as("blocks of %d", block).isLessThan(1e-12 * scale);
        }
    }

    /**
     * Statistics that merge ({@code part()} present) give, merged from parts of 11 rows (and from an empty part), the
     * transform that adding every block to one accumulator gives; the part of no rows merges as nothing.
     */
    @Test
    void mergedPartsFitAsOneAccumulator() {
        TransformStatistics probe = transform(context).statistics(columns(), context);
        if (probe.part().isEmpty()) {
            return;
        }
        Matrix x = rows();
        TransformStatistics merged = transform(context).statistics(columns(), context);
        merged.merge(probe.part().orElseThrow());
        for (int from = 0; from < x.rows(); from += 11) {
            TransformStatistics part = transform(context).statistics(columns(), context);
            part.add(x.rowRange(from, Math.min(x.rows(), from + 11)));
            merged.merge(part.part().orElseThrow());
        }
        Matrix whole = fitInBlocks(x.rows()).apply(x);
        Matrix other = merged.finish().apply(x);
        assertThat(other.cols()).isEqualTo(whole.cols());
        double scale = Math.max(1.0, whole.frobeniusNorm());
        assertThat(other.maxAbsDifference(whole)).isLessThan(1e-12 * scale);
    }

    @Test
    void dimensionsAndColumnNamesAgree() {
        Matrix x = rows();
        FittedTransform fitted = fitInBlocks(x.rows());
        assertThat(fitted.inputDimension()).isEqualTo(x.cols());
        Matrix y = fitted.apply(x);
        assertThat(y.rows()).isEqualTo(x.rows());
        assertThat(y.cols()).isEqualTo(fitted.outputDimension());
        assertThat(fitted.columns(columns()).size()).isEqualTo(fitted.outputDimension());
    }

    @Test
    void applyingLeavesTheArgumentAndTreatsRowsAlike() {
        Matrix x = rows();
        Matrix copy = x.copy();
        FittedTransform fitted = fitInBlocks(x.rows());
        Matrix all = fitted.apply(x);
        assertThat(x.maxAbsDifference(copy)).isZero();
        Matrix one = fitted.apply(x.rowRange(3, 4));
        for (int j = 0; j < all.cols(); j++) {
            assertThat(one.get(0, j)).isEqualTo(all.get(3, j));
        }
    }

    @Test
    void restoredFromItsStateItTransformsTheSame() {
        Matrix x = rows();
        FittedTransform fitted = fitInBlocks(x.rows());
        FittedTransform restored = transform(context).restore(fitted.state(), context);
        assertThat(restored.apply(x).maxAbsDifference(fitted.apply(x))).isZero();
        assertThat(restored.invertible()).isEqualTo(fitted.invertible());
    }

    @Test
    void invertUndoesApply() {
        Matrix x = rows();
        FittedTransform fitted = fitInBlocks(x.rows());
        if (fitted.invertible()) {
            assertThat(fitted.invert(fitted.apply(x)).maxAbsDifference(x)).isLessThan(1e-12);
        }
    }
}
