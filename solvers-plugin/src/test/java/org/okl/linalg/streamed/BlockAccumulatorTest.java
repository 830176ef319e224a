package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.parallel.Workers;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * A piece's sums run while the next piece's features are computed: a failure of the features reaches the caller as
 * it was thrown, and the sums equal the naive ones whatever the overlap (many small pieces, on the caller alone or
 * on a pool).
 */
class BlockAccumulatorTest {
    private final Matrix x = TestMatrices.random(900, 3, 41);
    private final Matrix y = SolveFixtures.targets(x, 2, 42);
    private final NystromFeatures nystrom = new NystromFeatures(new SolveFixtures.Gaussian(1.3),
            x.selectRows(java.util.stream.IntStream.range(0, 40).map(i -> 11 * i).toArray()));

    @Test
    void aFailureOfALaterPiecesFeaturesReachesTheCaller() {
        AtomicInteger calls = new AtomicInteger();
        SketchFeatures failing = new Failing(nystrom, calls, 5);
        BlockAccumulator accumulator = new BlockAccumulator(failing, FoldScheme.none(), 2,
                TestContext.active().linearAlgebra(), 100, new StreamTimings(), Workers.of(3));
        assertThatThrownBy(() -> accumulator.add(0, x, y)).isInstanceOf(IllegalStateException.class)
                .hasMessage("features call 5");
        assertThat(calls.get()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void theSumsOfManySmallPiecesAreTheNaiveSums() {
        for (Workers workers : new Workers[] {Workers.callerOnly(), Workers.of(4)}) {
            BlockAccumulator accumulator = new BlockAccumulator(nystrom, FoldScheme.none(), 2,
                    TestContext.active().linearAlgebra(), 37, new StreamTimings(), workers);
            accumulator.add(0, x.rowRange(0, 500), y.rowRange(0, 500));
            accumulator.add(500, x.rowRange(500, 900), y.rowRange(500, 900));
            Matrix phi = nystrom.features(x);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, phi, false),
                    accumulator.aggregates().gram(0), 1e-10);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, y, false),
                    accumulator.aggregates().cross(0), 1e-10);
            assertThat(accumulator.aggregates().rows(0)).isEqualTo(900);
        }
    }

    /** Nystrom features that fail on the given call (1-based). */
    private record Failing(NystromFeatures inner, AtomicInteger calls, int failOn) implements SketchFeatures {
        @Override
        public int size() {
            return inner.size();
        }

        @Override
        public Matrix features(Matrix inputs) {
            int call = calls.incrementAndGet();
            if (call == failOn) {
                throw new IllegalStateException("features call " + call);
            }
            return inner.features(inputs);
        }

        @Override
        public Optional<Matrix> metric() {
            return inner.metric();
        }

        @Override
        public Map<String, Matrix> arrays() {
            return inner.arrays();
        }
    }
}
