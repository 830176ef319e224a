package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Repeated k-fold: every row in one fold per repetition, folds of equal size, repetitions different. */
class FoldsTest {

    @Test
    void everyRepetitionPartitionsTheRowsIntoNearlyEqualFolds() {
        int[][] folds = Folds.of(23, 3, 5, 7);
        for (int[] assignment : folds) {
            int[] sizes = new int[5];
            for (int f : assignment) {
                sizes[f]++;
            }
            assertThat(Arrays.stream(sizes).min().orElseThrow()).isGreaterThanOrEqualTo(4);
            assertThat(Arrays.stream(sizes).max().orElseThrow()).isLessThanOrEqualTo(5);
            int[] test = Folds.rows(assignment, 2, true);
            int[] train = Folds.rows(assignment, 2, false);
            assertThat(test.length + train.length).isEqualTo(23);
            assertThat(Arrays.stream(test).boxed().toList()).doesNotContainAnyElementsOf(
                    Arrays.stream(train).boxed().toList());
        }
        assertThat(folds[0]).isNotEqualTo(folds[1]);
        assertThat(Folds.of(23, 3, 5, 7)).isDeepEqualTo(folds);
    }
}
