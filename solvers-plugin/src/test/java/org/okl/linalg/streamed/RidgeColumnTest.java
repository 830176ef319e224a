package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.testkit.SolveFixtures;

/** The shifts and right-hand sides of a ridge path, written out by hand for two lambdas and three directions. */
class RidgeColumnTest {
    private final SolveFixtures.Tikhonov filter = new SolveFixtures.Tikhonov(0.5, 0.25);
    /** A's eigenvalues: the middle direction has none (no column), the others share the shift 0.25 / 1 = 0.5 / 2. */
    private final double[] a = {2.0, 0.0, 1.0};

    @Test
    void theShiftsAreDistinctAndAscending() {
        assertThat(RidgeColumn.shifts(filter, a)).containsExactly(0.125, 0.25, 0.5);
    }

    @Test
    void everySetPointAndDirectionWithItsShiftAmongTheValuesHasAColumn() {
        List<RidgeColumn> columns = RidgeColumn.of(2, filter, a, new double[] {0.5, 0.25}, s -> 10L * (s + 1));
        assertThat(columns).containsExactly(
                new RidgeColumn(0, 0, 0, 1, 2.5), new RidgeColumn(0, 0, 2, 0, 5.0),
                new RidgeColumn(0, 1, 2, 1, 2.5),
                new RidgeColumn(1, 0, 0, 1, 5.0), new RidgeColumn(1, 0, 2, 0, 10.0),
                new RidgeColumn(1, 1, 2, 1, 5.0));
    }
}
