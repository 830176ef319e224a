package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;

/**
 * The samples the low-rank route's learned candidate learns on: each fold's sample holds only that fold's training
 * rows, every sample is at most the budget, the same whatever the blocks, and its targets are the encoded outputs.
 */
class SketchedLearnedCandidateTest {
    private static final int N = 400;

    /** Row i has inputs (i, -i) and outputs (i + 0.5). */
    private static MatrixRows rows(int blockRows) {
        Matrix x = Matrix.zeros(N, 2);
        Matrix y = Matrix.zeros(N, 1);
        for (int i = 0; i < N; i++) {
            x.set(i, 0, i);
            x.set(i, 1, -i);
            y.set(i, 0, i + 0.5);
        }
        return new MatrixRows(x, y, blockRows);
    }

    @Test
    void eachFoldsSampleHoldsOnlyItsTrainingRows() {
        FoldScheme scheme = FoldScheme.kFold(3, 11);
        SketchedLearnedCandidate.Sample[] samples = SketchedLearnedCandidate.Sample.draw(rows(37),
                y -> y.times(2.0), scheme, 50, 5);
        assertThat(samples).hasSize(4);
        for (int s = 0; s < 4; s++) {
            SketchedLearnedCandidate.Sample sample = samples[s];
            assertThat(sample.inputs().rows()).isEqualTo(50);
            assertThat(sample.targets().cols()).isEqualTo(1);
            long population = 0;
            for (int i = 0; i < N; i++) {
                population += s == 3 || scheme.groupOf(i) != s ? 1 : 0;
            }
            assertThat(sample.population()).isEqualTo(population);
            Set<Integer> seen = new HashSet<>();
            int last = 0;
            for (int i = 0; i < 50; i++) {
                int row = (int) sample.inputs().get(i, 0);
                assertThat(sample.inputs().get(i, 1)).isEqualTo(-row);
                assertThat(sample.targets().get(i, 0)).as("the encoded outputs").isEqualTo(2 * (row + 0.5));
                if (s < 3) {
                    assertThat(scheme.groupOf(row)).as("fold %d's sample holds row %d of its validation", s, row)
                            .isNotEqualTo(s);
                }
                assertThat(seen.add(row)).as("row %d twice", row).isTrue();
                last = Math.max(last, row);
            }
            // a draw over all the rows, not their first 50
            assertThat(last).isGreaterThan(N / 2);
        }
    }

    @Test
    void theSampleDoesNotDependOnTheBlocks() {
        FoldScheme scheme = FoldScheme.kFold(5, 2);
        SketchedLearnedCandidate.Sample[] a = SketchedLearnedCandidate.Sample.draw(rows(1), y -> y, scheme, 30, 9);
        SketchedLearnedCandidate.Sample[] b = SketchedLearnedCandidate.Sample.draw(rows(N), y -> y, scheme, 30, 9);
        SketchedLearnedCandidate.Sample[] c = SketchedLearnedCandidate.Sample.draw(rows(N), y -> y, scheme, 30, 10);
        for (int s = 0; s < a.length; s++) {
            assertThat(a[s].inputs().data()).isEqualTo(b[s].inputs().data());
        }
        assertThat(a[5].inputs().data()).as("another seed, another draw").isNotEqualTo(c[5].inputs().data());
    }

    @Test
    void aBudgetAboveThePopulationKeepsEveryRowInOrder() {
        SketchedLearnedCandidate.Sample[] s = SketchedLearnedCandidate.Sample.draw(rows(64), y -> y,
                FoldScheme.holdOut(0.25, 4), 1000, 1);
        assertThat(s).hasSize(2);
        assertThat(s[1].inputs().rows()).isEqualTo(N);
        for (int i = 0; i < N; i++) {
            assertThat(s[1].inputs().get(i, 0)).isEqualTo(i);
        }
        assertThat(s[0].population()).isEqualTo(s[0].inputs().rows()).isLessThan(N).isGreaterThan(N / 2);
    }

    @Test
    void theFirstFoldStopsTheCandidateOnlyWhenFarBehind() {
        // usps-halves: 0.7387 against the grid's 0.6791 (lower is better): 8.8 % worse, stopped
        assertThat(SketchedLearnedCandidate.losesClearly(0.7387, 0.6791)).isTrue();
        assertThat(SketchedLearnedCandidate.losesClearly(0.7100, 0.6791)).isFalse();
        assertThat(SketchedLearnedCandidate.losesClearly(0.6000, 0.6791)).isFalse();
        // a metric where higher is better, sign applied (accuracy 0.80 against 0.90; 0.88 against 0.90)
        assertThat(SketchedLearnedCandidate.losesClearly(-0.80, -0.90)).isTrue();
        assertThat(SketchedLearnedCandidate.losesClearly(-0.88, -0.90)).isFalse();
    }
}
