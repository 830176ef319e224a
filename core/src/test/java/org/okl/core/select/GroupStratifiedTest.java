package org.okl.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Splits drawn within every task: each task keeps its share of training and validation rows. */
class GroupStratifiedTest {

    /** Four tasks of 20 rows, rows of a task contiguous (as the related-tasks generator lays them out). */
    private static final int[] FOUR_TASKS = IntStream.range(0, 80).map(i -> i / 20).toArray();

    private static long count(int[] rows, int[] groups, int g) {
        return Arrays.stream(rows).filter(i -> groups[i] == g).count();
    }

    private static void assertPartition(Split s, int n) {
        int[] all = IntStream.concat(IntStream.of(s.train()), IntStream.of(s.validation())).sorted().toArray();
        assertThat(all).isEqualTo(IntStream.range(0, n).toArray());
        assertThat(s.train()).isSorted();
        assertThat(s.validation()).isSorted();
    }

    @Test
    void aHoldOutValidatesOnTheFractionOfEveryTask() {
        Split s = new GroupStratified(new HoldOut(0.5, 3), FOUR_TASKS).splits(80).get(0);
        assertPartition(s, 80);
        for (int g = 0; g < 4; g++) {
            assertThat(count(s.validation(), FOUR_TASKS, g)).as("task " + g).isEqualTo(10);
            assertThat(count(s.train(), FOUR_TASKS, g)).as("task " + g).isEqualTo(10);
        }
        // the pooled hold-out it replaces does not keep the shares (this seed gives 8 to 12 per task)
        Split pooled = new HoldOut(0.5, 3).splits(80).get(0);
        long[] shares = IntStream.range(0, 4).mapToLong(g -> count(pooled.validation(), FOUR_TASKS, g)).toArray();
        assertThat(shares).isNotEqualTo(new long[] {10, 10, 10, 10});
        assertThat(new GroupStratified(new HoldOut(0.5, 3), FOUR_TASKS).splits(80).get(0).validation())
                .isEqualTo(s.validation());
        assertThat(new GroupStratified(new HoldOut(0.5, 4), FOUR_TASKS).splits(80).get(0).validation())
                .isNotEqualTo(s.validation());
    }

    @Test
    void kFoldValidatesEveryRowOnceWithBalancedFoldsAndEveryTaskInEveryTrainingPart() {
        int[] groups = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 4};
        List<Split> splits = new GroupStratified(new KFold(3, 5), groups).splits(groups.length);
        assertThat(splits).hasSize(3);
        int[] validated = new int[groups.length];
        for (Split s : splits) {
            assertPartition(s, groups.length);
            // 21 rows validate (task 3 has a single row, which always trains): 7 per fold
            assertThat(s.validation().length).isEqualTo(7);
            for (int g = 0; g <= 4; g++) {
                assertThat(count(s.train(), groups, g)).as("task " + g + " trains").isPositive();
            }
            Arrays.stream(s.validation()).forEach(i -> validated[i]++);
        }
        assertThat(validated[19]).isZero();
        validated[19] = 1;
        assertThat(validated).containsOnly(1);
    }

    @Test
    void repeatedSubsamplingDrawsEachRepetitionWithinTasks() {
        List<Split> splits = new GroupStratified(new RepeatedSubsampling(3, 0.2, 9), FOUR_TASKS).splits(80);
        assertThat(splits).hasSize(3);
        for (Split s : splits) {
            assertPartition(s, 80);
            for (int g = 0; g < 4; g++) {
                assertThat(count(s.validation(), FOUR_TASKS, g)).isEqualTo(4);
            }
        }
        assertThat(splits.get(0).validation()).isNotEqualTo(splits.get(1).validation());
    }

    @Test
    void repeatedKFoldIsStratifiedRoundByRound() {
        RepeatedKFold repeated = new RepeatedKFold(4, 3, 2);
        List<Split> splits = GroupStratified.of(repeated, Optional.of(FOUR_TASKS)).splits(80);
        assertThat(splits).hasSize(12);
        for (int r = 0; r < 3; r++) {
            List<Split> round = new GroupStratified(repeated.rounds().get(r), FOUR_TASKS).splits(80);
            for (int f = 0; f < 4; f++) {
                Split s = splits.get(4 * r + f);
                assertPartition(s, 80);
                assertThat(s.validation()).isEqualTo(round.get(f).validation());
                for (int g = 0; g < 4; g++) {
                    assertThat(count(s.validation(), FOUR_TASKS, g)).as("round %d fold %d task %d", r, f, g)
                            .isEqualTo(5);
                }
            }
        }
        assertThat(splits.get(4).validation()).as("a fresh permutation in round 2")
                .isNotEqualTo(splits.get(0).validation());
        assertThat(GroupStratified.of(repeated, Optional.empty())).isSameAs(repeated);
    }

    @Test
    void dataWithoutGroupsKeepsTheBaseSplitterAndBadUseIsRefused() {
        HoldOut base = new HoldOut(0.3, 1);
        assertThat(GroupStratified.of(base, Optional.empty())).isSameAs(base);
        assertThat(GroupStratified.of(base, Optional.of(FOUR_TASKS))).isInstanceOf(GroupStratified.class);
        assertThatThrownBy(() -> new GroupStratified(new HoldOut(0.3, 1), FOUR_TASKS).splits(79))
                .hasMessageContaining("79 rows with 80 group labels");
        assertThatThrownBy(() -> new GroupStratified(new HoldOut(0.3, 1), new int[] {0, 1, 2}).splits(3))
                .hasMessageContaining("validates on no row");
        assertThatThrownBy(() -> new GroupStratified(n -> List.of(), FOUR_TASKS))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
