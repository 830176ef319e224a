package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class FoldAggregatesTest {
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final Matrix x = TestMatrices.random(300, 3, 1);
    private final Matrix y = SolveFixtures.targets(x, 2, 2);
    private final NystromFeatures features = new NystromFeatures(new SolveFixtures.Gaussian(0.7),
            x.selectRows(new int[] {3, 50, 77, 120, 199, 260}));
    private final FoldScheme scheme = FoldScheme.kFold(4, 3);

    private FoldAggregates pass(int blockRows, int chunkRows) {
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, chunkRows, new StreamTimings());
        for (int from = 0; from < x.rows(); from += blockRows) {
            int to = Math.min(x.rows(), from + blockRows);
            accumulator.add(from, x.rowRange(from, to), y.rowRange(from, to));
        }
        return accumulator.aggregates();
    }

    private int[] rowsOf(int group) {
        return java.util.stream.IntStream.range(0, x.rows()).filter(i -> scheme.groupOf(i) == group).toArray();
    }

    @Test
    void theSumsAreThoseOfEachFoldsRows() {
        FoldAggregates sums = pass(64, 13);
        for (int g = 0; g < 4; g++) {
            int[] rows = rowsOf(g);
            Matrix phi = features.features(x.selectRows(rows));
            Matrix yg = y.selectRows(rows);
            assertThat(sums.rows(g)).isEqualTo(rows.length);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, phi, false), sums.gram(g), 1e-12);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, yg, false), sums.cross(g), 1e-12);
            for (int j = 0; j < 2; j++) {
                double s = 0;
                double q = 0;
                for (int i = 0; i < rows.length; i++) {
                    s += yg.get(i, j);
                    q += yg.get(i, j) * yg.get(i, j);
                }
                assertThat(sums.outputSums(g)[j]).isCloseTo(s, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(sums.outputSquares(g)[j]).isCloseTo(q, org.assertj.core.data.Offset.offset(1e-12));
            }
        }
    }

    @Test
    void blocksChunksAndMergesDoNotChangeTheSums() {
        FoldAggregates one = pass(300, 300);
        FoldAggregates blocked = pass(17, 5);
        boolean[] all = scheme.trainingGroups(-1);
        TestMatrices.assertClose(one.gram(all), blocked.gram(all), 1e-12);
        // two halves accumulated apart (two partitions), then merged
        BlockAccumulator first = new BlockAccumulator(features, scheme, 2, la, 64, new StreamTimings());
        BlockAccumulator second = new BlockAccumulator(features, scheme, 2, la, 64, new StreamTimings());
        first.add(0, x.rowRange(0, 140), y.rowRange(0, 140));
        second.add(140, x.rowRange(140, 300), y.rowRange(140, 300));
        FoldAggregates merged = second.aggregates().merge(first.aggregates());
        for (int g = 0; g < 4; g++) {
            TestMatrices.assertClose(one.gram(g), merged.gram(g), 1e-12);
            TestMatrices.assertClose(one.cross(g), merged.cross(g), 1e-12);
            assertThat(merged.rows(g)).isEqualTo(one.rows(g));
        }
    }

    @Test
    void squaredErrorsFromTheSumsEqualThoseOfThePredictions() throws Exception {
        FoldAggregates sums = roundTrip(pass(50, 50));
        Matrix beta = TestMatrices.random(6, 2, 9);
        for (int g = 0; g < 4; g++) {
            int[] rows = rowsOf(g);
            Matrix predicted = TestMatrices.naiveMultiply(features.features(x.selectRows(rows)), beta);
            SquaredErrors expected = SquaredErrors.of(y.selectRows(rows), predicted);
            SquaredErrors actual = sums.squaredErrors(g, sums.gram(g), beta, la);
            for (int j = 0; j < 2; j++) {
                assertThat(actual.squaredErrors()[j]).isCloseTo(expected.squaredErrors()[j],
                        org.assertj.core.data.Offset.offset(1e-10));
                assertThat(actual.counts()[j]).isEqualTo(rows.length);
            }
        }
    }

    private static FoldAggregates roundTrip(FoldAggregates sums) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sums);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (FoldAggregates) in.readObject();
        }
    }

    @Test
    void groupsGivenWithTheRowsEqualTheSchemesGroups() {
        FoldScheme explicit = FoldScheme.explicit(4);
        int[] groups = new int[x.rows()];
        scheme.groupsOf(0, groups.length, groups);
        BlockAccumulator accumulator = new BlockAccumulator(features, explicit, 2, la, 64, new StreamTimings());
        accumulator.add(0, groups, x, y);
        FoldAggregates hashed = pass(300, 300);
        for (int g = 0; g < 4; g++) {
            TestMatrices.assertClose(hashed.gram(g), accumulator.aggregates().gram(g), 1e-12);
            TestMatrices.assertClose(hashed.cross(g), accumulator.aggregates().cross(g), 1e-12);
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> accumulator.add(0, new int[] {7}, x.rowRange(0, 1),
                y.rowRange(0, 1))).hasMessageContaining("row 1: fold 7 is not one of 0..3");
    }

    @Test
    void nonFiniteValuesAreReportedWithTheirRow() {
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, 64, new StreamTimings());
        Matrix bad = y.rowRange(0, 10).copy();
        bad.set(4, 1, Double.NaN);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> accumulator.add(100, x.rowRange(0, 10), bad))
                .hasMessageContaining("row 105, target column 2 holds NaN");
    }
}
