package org.okl.gpu.compute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.gpu.device.HostDevice;
import org.okl.kernels.scalar.GaussianKernel;
import org.okl.kernels.scalar.LaplacianKernel;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.testkit.TestContext;

/**
 * The per-fold sums through small double-buffered slots on the deferred CPU device: every slot is shipped and reused
 * many times, so a slot rewritten before its upload ran, or sums read before the device finished, would give other
 * numbers than core's BlockAccumulator.
 */
class DeviceSumsTest {
    private final LinearAlgebra la = TestContext.active().linearAlgebra();

    private void assertSameSums(VectorKernel kernel, int slotHint) {
        Matrix[] rows = DeviceRoutesContract.data(5000, 9);
        NystromFeatures features = new NystromFeatures(kernel, rows[0].rowRange(0, 40));
        FoldScheme scheme = FoldScheme.kFold(5, 2);
        BlockAccumulator cpu = new BlockAccumulator(features, scheme, 3, la, 512, new StreamTimings());
        new MatrixRows(rows[0], rows[1], 700).forEachRowBlock(cpu::add);
        FoldAggregates expected = cpu.aggregates();
        HostDevice device = new HostDevice(la, 64L << 20);
        FoldAggregates actual;
        long launches;
        try (DeviceSums sums = DeviceSums.open(device, features, scheme, 3, slotHint, new StreamTimings(), true)
                .orElseThrow()) {
            new MatrixRows(rows[0], rows[1], 700).forEachRowBlock(sums::add);
            actual = sums.finish();
            launches = device.launches();
        }
        assertThat(launches).as("many slots shipped").isGreaterThan(100);
        assertThat(device.freeBytes()).isEqualTo(device.totalBytes());
        for (int g = 0; g < 5; g++) {
            assertThat(actual.rows(g)).isEqualTo(expected.rows(g));
            assertThat(actual.gram(g).maxAbsDifference(expected.gram(g))).isLessThan(1e-10);
            assertThat(actual.cross(g).maxAbsDifference(expected.cross(g))).isLessThan(1e-10);
            assertThat(actual.outputSums(g)).usingComparatorWithPrecision(1e-10).containsExactly(
                    expected.outputSums(g));
            assertThat(actual.outputSquares(g)).usingComparatorWithPrecision(1e-10).containsExactly(
                    expected.outputSquares(g));
        }
    }

    @Test
    void inputsStagedForTheCardsKernelThroughSmallSlots() {
        assertSameSums(new GaussianKernel(2.0, la), 256);
    }

    @Test
    void featuresMadeOnTheCpuStagedThroughSmallSlots() {
        assertSameSums(new LaplacianKernel(3.0), 256);
    }

    @Test
    void aNonFiniteValueIsReportedWithItsRowAndColumn() {
        Matrix[] rows = DeviceRoutesContract.data(100, 9);
        rows[1].set(37, 2, Double.NaN);
        NystromFeatures features = new NystromFeatures(new GaussianKernel(2.0, la), rows[0].rowRange(0, 10));
        try (DeviceSums sums = DeviceSums.open(new HostDevice(la, 16L << 20), features, FoldScheme.kFold(2, 1), 3, 100,
                new StreamTimings(), true).orElseThrow()) {
            assertThatThrownBy(() -> sums.add(1000, rows[0], rows[1])).isInstanceOf(OklException.class)
                    .hasMessageContaining("row 1038, target column 3 holds NaN");
        }
    }
}
