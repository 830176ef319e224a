package org.okl.linalg.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.okl.api.linalg.Matrix;
import org.junit.jupiter.api.Test;
import org.okl.linalg.LinearAlgebras;

/**
 * The OpenBLAS thread count OKL sets: one per call while the pool works and for a small call, the pool's size for a
 * large call outside the pool.
 */
class BlasThreadsTest {
    private static final double LARGE = BlasThreads.PARALLEL_FLOPS;
    private static final double SMALL = Math.nextDown(BlasThreads.PARALLEL_FLOPS);

    @Test
    void oneThreadInsideARegionAndForASmallCallThePoolsSizeForALargeCallOutside() {
        int outside = requireOpenBlas();
        assumeTrue(outside > 1, "the pool has one thread: nothing to tell apart");
        assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(outside);
        assertThat(BlasThreads.call(SMALL, BlasThreads::current)).hasValue(1);
        assertThat(BlasThreads.current()).as("a small call leaves the count at one").hasValue(1);
        assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(outside);
        BlasThreads.single(() -> {
            assertThat(BlasThreads.current()).hasValue(1);
            BlasThreads.single(() -> assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(1));
            assertThat(BlasThreads.call(LARGE, BlasThreads::current)).as("nested regions end on the last exit")
                    .hasValue(1);
        });
        assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(outside);
        Workers.of(2).forEach(4, i -> assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(1));
        assertThat(BlasThreads.call(LARGE, BlasThreads::current)).hasValue(outside);
        assertThat(BlasThreads.describe()).contains("1 per pool task and per call under 1000000000 flops",
                outside + " for a larger call outside the pool");
    }

    @Test
    void theNativeBackEndRunsASmallProductOnOneThreadAndALargeOneOnThePool() {
        int outside = requireOpenBlas();
        assumeTrue(outside > 1, "the pool has one thread: nothing to tell apart");
        var la = LinearAlgebras.nativeBackend().orElseThrow();
        BlasThreads.call(LARGE, () -> null);
        la.gemm(1.0, Matrix.identity(8), false, Matrix.identity(8), false, 0.0,
                Matrix.zeros(8, 8));
        assertThat(BlasThreads.current()).as("after an 8 x 8 product").hasValue(1);
        int n = 800; // 2 n^3 = 1.02e9 flops
        var a = Matrix.identity(n);
        la.gemm(1.0, a, false, a, false, 0.0, Matrix.zeros(n, n));
        assertThat(BlasThreads.current()).as("after an 800 x 800 product").hasValue(outside);
        la.eigenSymmetric(Matrix.identity(100));
        assertThat(BlasThreads.current()).as("after an eigendecomposition of 100").hasValue(1);
    }

    private static int requireOpenBlas() {
        assumeTrue(LinearAlgebras.nativeBackend().isPresent(), "native BLAS is not installed here");
        Optional<Integer> outside = BlasThreads.outside();
        assumeTrue(outside.isPresent(), "the native BLAS is not OpenBLAS: " + BlasThreads.describe());
        return outside.get();
    }
}
