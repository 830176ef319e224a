package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.api.sketch.ReservoirSample;
import org.okl.testkit.TestMatrices;

class ReservoirSampleTest {

    @Test
    void theSampleIsAlgorithmRWhateverTheBlocks() {
        Matrix x = TestMatrices.random(1000, 3, 5);
        // Algorithm R written out directly, row i's choice drawn by the JDK's SplittableRandom started at that row's
        // SplitMix64 state
        long[] slots = new long[40];
        for (int i = 0; i < 1000; i++) {
            if (i < 40) {
                slots[i] = i;
            } else {
                long j = new SplittableRandom(9 + i * 0x9E3779B97F4A7C15L).nextLong(i + 1);
                if (j < 40) {
                    slots[(int) j] = i;
                }
            }
        }
        Arrays.sort(slots);
        ReservoirSample whole = new ReservoirSample(40, 3, 9);
        whole.offer(x);
        ReservoirSample blocks = new ReservoirSample(40, 3, 9);
        for (int from = 0; from < 1000; from += 77) {
            blocks.offer(x.rowRange(from, Math.min(1000, from + 77)));
        }
        assertThat(whole.indices()).containsExactly(slots);
        assertThat(blocks.indices()).containsExactly(slots);
        int[] rows = Arrays.stream(slots).mapToInt(v -> (int) v).toArray();
        assertThat(blocks.rows().maxAbsDifference(x.selectRows(rows))).isZero();
        assertThat(new MatrixRows(x, Matrix.zeros(1000, 0)).uniformSample(40, 9).maxAbsDifference(x.selectRows(rows)))
                .isZero();
    }

    @Test
    void everyRowIsEquallyLikely() {
        int n = 20;
        int[] hits = new int[n];
        Matrix x = Matrix.zeros(n, 1);
        for (int i = 0; i < n; i++) {
            x.set(i, 0, i);
        }
        int draws = 20000;
        for (int s = 0; s < draws; s++) {
            ReservoirSample sample = new ReservoirSample(5, 1, s);
            sample.offer(x);
            for (long i : sample.indices()) {
                hits[(int) i]++;
            }
        }
        // each row is in the sample with probability 1/4: expected 5000, standard deviation 61
        for (int h : hits) {
            assertThat(h).isBetween(4700, 5300);
        }
        ReservoirSample small = new ReservoirSample(50, 1, 1);
        small.offer(x);
        assertThat(small.rows().maxAbsDifference(x)).isZero();
    }
}
