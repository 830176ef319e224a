package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;

/**
 * The contract every {@link DatasetSource} must meet: a summary; when it is not available, a location that says where
 * it is expected (the loading tests are then skipped, not passed); when it is, a data set with a name, training rows,
 * finite inputs, as many input and output names as columns (or none), a test split with the training split's columns,
 * groups of the right length for multi-task data, and the same data when loaded twice with the same context.
 */
public abstract class DatasetSourceContract {

    /** The source under test. */
    protected abstract DatasetSource source(ComponentContext context);

    /** The context (default: the test context, seed 0, no data directory). */
    protected ComponentContext context() {
        return TestContext.active();
    }

    @Test
    void saysWhatItIsAndWhereItIsExpected() {
        DatasetSource source = source(context());
        assertThat(source.summary()).as("summary").isNotBlank();
        if (!source.isAvailable(context())) {
            assertThat(source.expectedLocation(context())).as("where an unavailable data set is expected")
                    .isNotBlank();
        }
    }

    @Test
    void loadsConsistentSplits() {
        DatasetSource source = source(context());
        assumeTrue(source.isAvailable(context()), "the data set is not available here");
        Dataset d = source.load(context());
        assertThat(d.name()).as("name").isNotBlank();
        assertThat(d.train().size()).as("training rows").isPositive();
        requireFinite(d.train().inputs(), "training inputs");
        int p = d.train().inputs().cols();
        int q = d.train().outputs().cols();
        assertThat(d.inputNames().size()).as("input names").isIn(0, p);
        assertThat(d.outputNames().size()).as("output names").isIn(0, q);
        d.test().ifPresent(t -> {
            assertThat(t.inputs().cols()).as("test input columns").isEqualTo(p);
            assertThat(t.outputs().cols()).as("test output columns").isEqualTo(q);
            requireFinite(t.inputs(), "test inputs");
        });
        if (d.task() == Dataset.Task.MULTI_TASK) {
            assertThat(d.train().groups()).as("the task of every training row").isPresent();
        }
    }

    @Test
    void loadingTwiceGivesTheSameData() {
        DatasetSource source = source(context());
        assumeTrue(source.isAvailable(context()), "the data set is not available here");
        Dataset a = source.load(context());
        Dataset b = source(context()).load(context());
        assertThat(b.train().inputs().data()).containsExactly(a.train().inputs().data());
        assertThat(b.train().outputs().data()).containsExactly(a.train().outputs().data());
    }

    private static void requireFinite(Matrix m, String what) {
        for (double v : m.data()) {
            assertThat(Double.isFinite(v)).as("every value of the " + what + " is finite").isTrue();
        }
    }
}
