package org.okl.linalg.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.streamed.SketchRoute;

/** The okl.gpu setting: its values, the size at which auto hands work over, on without a device, the status line. */
class ComputeDevicesTest {

    /** A device that takes every expansion and counts them. */
    private static final class Counting implements ComputeDevice {
        int expansions;

        @Override
        public String name() {
            return "test:0 Counting";
        }

        @Override
        public String description() {
            return "test:0 Counting, 1 GiB";
        }

        @Override
        public Optional<FoldSums> foldSums(SketchFeatures features, FoldScheme scheme, int outputs,
                StreamTimings timings) {
            return Optional.empty();
        }

        @Override
        public Optional<SketchRoute> sketchRoute(SketchRoute route, SketchFeatures features, int outputs,
                FoldScheme scheme, SpectralFilter filter, long rows) {
            return Optional.empty();
        }

        @Override
        public Optional<GramSpectrum> gramSpectrum(VectorKernel kernel, Matrix inputs) {
            return Optional.empty();
        }

        @Override
        public boolean holdsGram(int n) {
            return false;
        }

        @Override
        public Optional<Matrix> expansion(VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix inputs) {
            expansions++;
            return Optional.of(Matrix.zeros(inputs.rows(), coefficients.cols()));
        }

        @Override
        public Optional<BestCandidates> smallestScores(Matrix h, Matrix cross, boolean transposeCross,
                double[] self, int k) {
            return Optional.empty();
        }
    }

    @Test
    void settingsParseWithTheirSourceNamedInTheError() {
        assertThat(ComputeDevices.Mode.parse(null, "x")).isEqualTo(ComputeDevices.Mode.AUTO);
        assertThat(ComputeDevices.Mode.parse(" Auto ", "x")).isEqualTo(ComputeDevices.Mode.AUTO);
        assertThat(ComputeDevices.Mode.parse("ON", "x")).isEqualTo(ComputeDevices.Mode.ON);
        assertThat(ComputeDevices.Mode.parse("off", "x")).isEqualTo(ComputeDevices.Mode.OFF);
        assertThatThrownBy(() -> ComputeDevices.Mode.parse("gpu0", "system property okl.gpu"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E009] system property okl.gpu is 'gpu0'; use auto, on or off");
    }

    @Test
    void autoHandsOverOnlyLargeWorkOnAlwaysAndOffNever() {
        Counting device = new Counting();
        try (ComputeDevices.Scope s = ComputeDevices.use(device, ComputeDevices.Mode.AUTO)) {
            assertThat(ComputeDevices.forWork(ComputeDevices.AUTO_FLOPS / 2)).isEmpty();
            assertThat(ComputeDevices.forWork(ComputeDevices.AUTO_FLOPS)).containsSame(device);
            assertThat(ComputeDevices.where(1)).isEqualTo("cpu");
            assertThat(ComputeDevices.status()).isEqualTo("test:0 Counting, 1 GiB (okl.gpu=auto: used for "
                    + "operations above 1e+10 flops)");
            assertThat(ComputeDevices.expansion(null, Matrix.zeros(10, 3), Matrix.zeros(10, 2), Matrix.zeros(5, 3)))
                    .isEmpty();
        }
        try (ComputeDevices.Scope s = ComputeDevices.use(device, ComputeDevices.Mode.ON)) {
            assertThat(ComputeDevices.forWork(1)).containsSame(device);
            assertThat(ComputeDevices.expansion(null, Matrix.zeros(10, 3), Matrix.zeros(10, 2), Matrix.zeros(5, 3)))
                    .hasValueSatisfying(m -> assertThat(m.rows()).isEqualTo(5));
            assertThat(ComputeDevices.accelerator()).hasValueSatisfying(a -> assertThat(a.name())
                    .isEqualTo("test:0 Counting"));
        }
        try (ComputeDevices.Scope s = ComputeDevices.use(device, ComputeDevices.Mode.OFF)) {
            assertThat(ComputeDevices.forWork(1e30)).isEmpty();
            assertThat(ComputeDevices.accelerator()).isEmpty();
        }
        assertThat(device.expansions).isEqualTo(1);
    }

    @Test
    void onWithoutADeviceIsAUsageErrorThatSaysWhatToDo() {
        try (ComputeDevices.Scope s = ComputeDevices.use(null, ComputeDevices.Mode.ON)) {
            assertThatThrownBy(() -> ComputeDevices.forWork(1)).isInstanceOf(OklException.class)
                    .hasMessageContaining("[OKL-E009] okl.gpu=on but there is no compute device")
                    .hasMessageContaining("use okl.gpu=auto or off to run on the CPU");
        }
    }

    @Test
    void withoutADevicePluginTheStatusSaysSo() {
        assertThat(ComputeDevices.device()).isEmpty();
        assertThat(ComputeDevices.status()).startsWith("none (no device plugin such as okl-gpu on the class path)");
        assertThat(DeviceWork.of("anything")).isEqualTo("cpu");
    }
}
