package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.okl.core.Okl;

/** The sums' floor: a measured rate, and the seconds it sets for n rows of the fit's shape. */
class SumsFloorTest {

    @Test
    void aMeasuredRateSetsTheSecondsOfNRowsOfSums() {
        SumsFloor floor = SumsFloor.measure(Okl.builder().build().context().linearAlgebra(), 2, 40, 30);
        assertThat(floor.gflops()).isPositive().isFinite();
        assertThat(floor.seconds(1_000_000)).isCloseTo(1e6 * 40 * 40 / (floor.gflops() * 1e9), within(1e-12));
        assertThat(new SumsFloor(2, 2000, 838, 125.0).seconds(1_000_000)).isCloseTo(32.0, within(1e-9));
        assertThat(SumsFloor.bytes(2, 2000, 838)).isEqualTo(8L * 2 * (838 * 2000 + 2000 * 2000));
        assertThat(new SumsFloor(2, 2000, 838, 125.0).describe(1_000_000)).isEqualTo("125.0 GFLOP/s (whole dsyrk, "
                + "k = 838, m = 2000, one BLAS thread per worker): the sums of 1,000,000 rows (n·m² flops) take at "
                + "least 32.00 s");
    }
}
