package org.okl.linalg.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.linalg.LinearAlgebras;

/** The OpenBLAS thread count OKL sets: one per call while the pool works, the pool's size otherwise. */
class BlasThreadsTest {

    @Test
    void oneThreadInsideARegionAndThePoolsSizeOutside() {
        assumeTrue(LinearAlgebras.nativeBackend().isPresent(), "native BLAS is not installed here");
        Optional<Integer> outside = BlasThreads.outside();
        assumeTrue(outside.isPresent(), "the native BLAS is not OpenBLAS: " + BlasThreads.describe());
        assertThat(BlasThreads.current()).hasValue(outside.get());
        BlasThreads.single(() -> {
            assertThat(BlasThreads.current()).hasValue(1);
            BlasThreads.single(() -> assertThat(BlasThreads.current()).hasValue(1));
            assertThat(BlasThreads.current()).as("nested regions restore on the last exit").hasValue(1);
        });
        assertThat(BlasThreads.current()).hasValue(outside.get());
        Workers.of(2).forEach(4, i -> assertThat(BlasThreads.current()).hasValue(1));
        assertThat(BlasThreads.current()).hasValue(outside.get());
        assertThat(BlasThreads.describe()).contains("1 per pool task", outside.get() + " outside the pool");
    }
}
