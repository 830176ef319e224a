package org.okl.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.component.InvalidParameterException;

class SplittersTest {

    private static void assertPartition(Split split, int n) {
        int[] all = IntStream.concat(IntStream.of(split.train()), IntStream.of(split.validation())).sorted().toArray();
        assertThat(all).isEqualTo(IntStream.range(0, n).toArray());
        assertThat(split.train()).isSorted();
        assertThat(split.validation()).isSorted();
    }

    @Test
    void holdOutHoldsOutTheFractionReproducibly() {
        List<Split> splits = new HoldOut(0.25, 3).splits(40);
        assertThat(splits).hasSize(1);
        assertPartition(splits.get(0), 40);
        assertThat(splits.get(0).validation()).hasSize(10);
        assertThat(new HoldOut(0.25, 3).splits(40).get(0).validation()).isEqualTo(splits.get(0).validation());
        assertThat(new HoldOut(0.25, 4).splits(40).get(0).validation()).isNotEqualTo(splits.get(0).validation());
    }

    @Test
    void kFoldValidatesEverySampleExactlyOnce() {
        List<Split> splits = new KFold(5, 7).splits(23);
        assertThat(splits).hasSize(5);
        int[] counts = new int[23];
        for (Split s : splits) {
            assertPartition(s, 23);
            assertThat(s.validation().length).isBetween(4, 5);
            for (int i : s.validation()) {
                counts[i]++;
            }
        }
        assertThat(counts).containsOnly(1);
        assertThatThrownBy(() -> new KFold(1, 0).splits(10)).hasMessageContaining("folds");
    }

    @Test
    void repeatedKFoldValidatesEverySampleOncePerRoundOverFreshPermutations() {
        List<Split> splits = new RepeatedKFold(5, 3, 7).splits(23);
        assertThat(splits).hasSize(15);
        for (int r = 0; r < 3; r++) {
            int[] counts = new int[23];
            for (Split s : splits.subList(5 * r, 5 * r + 5)) {
                assertPartition(s, 23);
                for (int i : s.validation()) {
                    counts[i]++;
                }
            }
            assertThat(counts).as("round %d is a partition", r).containsOnly(1);
        }
        // the first round is plain k-fold of the same seed; the later rounds are other partitions
        List<Split> kfold = new KFold(5, 7).splits(23);
        for (int f = 0; f < 5; f++) {
            assertThat(splits.get(f).validation()).isEqualTo(kfold.get(f).validation());
        }
        assertThat(splits.get(5).validation()).isNotEqualTo(splits.get(0).validation());
        assertThat(splits.get(10).validation()).isNotEqualTo(splits.get(5).validation());
        // reproducible, and one round is k-fold itself
        assertThat(new RepeatedKFold(5, 3, 7).splits(23)).usingRecursiveFieldByFieldElementComparator()
                .isEqualTo(splits);
        assertThat(new RepeatedKFold(5, 1, 7).splits(23)).usingRecursiveFieldByFieldElementComparator()
                .isEqualTo(kfold);
        assertThatThrownBy(() -> new RepeatedKFold(5, 0, 7)).hasMessageContaining("repetitions must be >= 1, got 0");
        assertThatThrownBy(() -> new RepeatedKFold(30, 2, 7).splits(20)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("must be at most the number of samples, 20");
    }

    @Test
    void tooManyFoldsOrTooFewSamplesAreParameterErrorsSayingTheLimit() {
        assertThatThrownBy(() -> new KFold(50, 0).splits(20)).isInstanceOf(InvalidParameterException.class)
                .hasMessage("kfold: parameter 'folds' must be at most the number of samples, 20, got 50 (every fold"
                        + " validates on at least one sample); use 20 or fewer (20 = leave-one-out)");
        assertThat(new KFold(20, 0).splits(20)).hasSize(20);
        assertThatThrownBy(() -> new HoldOut(0.2, 0).splits(1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("holdout: parameter 'fraction' needs at least 2 samples");
        assertThatThrownBy(() -> new RepeatedSubsampling(3, 1.5, 0).splits(10))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("subsampling: parameter 'fraction' must be in (0, 1), got 1.5");
    }

    @Test
    void repeatedSubsamplingFollowsBm22() {
        List<Split> splits = RepeatedSubsampling.bm22(11).splits(50);
        assertThat(splits).hasSize(5);
        for (Split s : splits) {
            assertPartition(s, 50);
            assertThat(s.validation()).hasSize(10);
        }
        assertThat(splits.get(0).validation()).isNotEqualTo(splits.get(1).validation());
        assertThat(RepeatedSubsampling.bm22(11).splits(50).get(4).validation())
                .isEqualTo(splits.get(4).validation());
    }

    @Test
    void labelledSplitChoosesTheRequestedNumber() {
        LabelledSplit split = LabelledSplit.of(30, 8, 5);
        assertThat(split.labelled()).hasSize(8).isSorted();
        assertThat(split.unlabelled()).hasSize(22).doesNotContain(split.labelled());
        assertThat(LabelledSplit.of(30, 8, 5).labelled()).isEqualTo(split.labelled());
        assertThatThrownBy(() -> LabelledSplit.of(30, 0, 5)).hasMessageContaining("labelled");
    }
}
