package org.okl.api.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * The row-tied random numbers against the JDK's SplittableRandom, and the two samplers against their definitions:
 * the same rows whatever the blocks, sparse rows kept sparse, and the probabilities they promise.
 */
class RowSamplesTest {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    @Test
    void rowRandomIsSplittableRandomStartedAtTheRowsState() {
        for (long row : new long[] {0, 1, 17, 1L << 40}) {
            SplittableRandom jdk = new SplittableRandom(7 + row * GOLDEN);
            assertThat(RowRandom.bits(7, row)).isEqualTo(jdk.nextLong());
            for (long bound : new long[] {1, 2, 3, 64, 1000, (1L << 62) + 1, Long.MAX_VALUE}) {
                assertThat(RowRandom.below(7, row, bound)).as("row " + row + ", bound " + bound)
                        .isEqualTo(new SplittableRandom(7 + row * GOLDEN).nextLong(bound));
            }
            assertThat(RowRandom.uniform(7, row)).isEqualTo((RowRandom.bits(7, row) >>> 11) * 0x1.0p-53);
        }
    }

    @Test
    void theReservoirIsTheSameForSparseRowsAndAnyBlocks() {
        Matrix x = Matrix.zeros(300, 4);
        for (int i = 0; i < 300; i++) {
            x.set(i, i % 4, i + 1);
        }
        ReservoirSample dense = new ReservoirSample(20, 4, 3);
        dense.offer(x);
        ReservoirSample sparse = new ReservoirSample(20, 4, 3);
        SparseMatrix s = SparseMatrix.fromDense(x);
        for (int from = 0; from < 300; from += 41) {
            sparse.offer(s.rowRange(from, Math.min(300, from + 41)));
        }
        assertThat(sparse.indices()).containsExactly(dense.indices());
        InputRows rows = sparse.sample();
        assertThat(rows).isInstanceOf(SparseMatrix.class);
        assertThat(rows.toDense().maxAbsDifference(dense.rows())).isZero();
        for (long i : dense.indices()) {
            assertThat(i < 20 || ReservoirSample.slot(3, i, 20) >= 0).isTrue();
        }
    }

    @Test
    void oneWeightedDrawPicksRowsInProportionToTheirScores() {
        double[] scores = {1, 2, 3, 4, 0};
        int[] hits = new int[5];
        int draws = 40000;
        for (int seed = 0; seed < draws; seed++) {
            WeightedSample sample = new WeightedSample(1, seed);
            sample.offer(0, null, scores);
            hits[(int) sample.indices()[0]]++;
        }
        // P(row i) = s_i / 10: expected 4000, 8000, 12000, 16000; standard deviation at most 80
        for (int i = 0; i < 4; i++) {
            assertThat(hits[i]).isBetween(4000 * (i + 1) - 400, 4000 * (i + 1) + 400);
        }
        assertThat(hits[4]).isZero();
    }

    @Test
    void aWeightedSampleIsTheRowsOfLargestKeysWhateverTheBlocksOrMerges() {
        Matrix x = Matrix.zeros(200, 2);
        double[] scores = new double[200];
        for (int i = 0; i < 200; i++) {
            x.set(i, 0, i);
            scores[i] = 1 + (i % 7);
        }
        WeightedSample whole = new WeightedSample(15, 11);
        whole.offer(0, x, scores);
        long[] expected = java.util.stream.IntStream.range(0, 200).boxed()
                .sorted((a, b) -> Double.compare(WeightedSample.key(11, b, scores[b]),
                        WeightedSample.key(11, a, scores[a])))
                .limit(15).mapToLong(Integer::longValue).sorted().toArray();
        assertThat(whole.indices()).containsExactly(expected);
        WeightedSample merged = new WeightedSample(15, 11);
        for (int from = 0; from < 200; from += 60) {
            WeightedSample part = new WeightedSample(15, 11);
            int to = Math.min(200, from + 60);
            part.offer(from, null, Arrays.copyOfRange(scores, from, to));
            long[] idx = part.indices();
            double[] keys = part.keys();
            for (int k = 0; k < idx.length; k++) {
                merged.offerKey(idx[k], keys[k]);
            }
        }
        assertThat(merged.indices()).containsExactly(expected);
        assertThat(whole.rows(2).toDense().columnValues(0)).containsExactly(Arrays.stream(expected)
                .mapToDouble(i -> i).toArray());
    }
}
