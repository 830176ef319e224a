package org.okl.linalg.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.execution.Execution;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.linalg.LinearAlgebras;
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
        ComputeDevices auto = ComputeDevices.of(device, ComputeDevices.Mode.AUTO);
        assertThat(auto.forWork(ComputeDevices.AUTO_FLOPS / 2)).isEmpty();
        assertThat(auto.forWork(ComputeDevices.AUTO_FLOPS)).containsSame(device);
        assertThat(auto.where(1)).isEqualTo("cpu");
        assertThat(auto.status()).isEqualTo("test:0 Counting, 1 GiB (okl.gpu=auto: used for "
                + "operations above 1e+10 flops)");
        assertThat(auto.expansion(null, Matrix.zeros(10, 3), Matrix.zeros(10, 2), Matrix.zeros(5, 3))).isEmpty();
        ComputeDevices on = ComputeDevices.of(device, ComputeDevices.Mode.ON);
        assertThat(on.forWork(1)).containsSame(device);
        assertThat(on.expansion(null, Matrix.zeros(10, 3), Matrix.zeros(10, 2), Matrix.zeros(5, 3)))
                .hasValueSatisfying(m -> assertThat(m.rows()).isEqualTo(5));
        assertThat(on.accelerator()).hasValueSatisfying(a -> assertThat(a.name()).isEqualTo("test:0 Counting"));
        ComputeDevices off = ComputeDevices.of(device, ComputeDevices.Mode.OFF);
        assertThat(off.forWork(1e30)).isEmpty();
        assertThat(off.accelerator()).isEmpty();
        assertThat(off.ordinal(0)).isEmpty();
        assertThat(device.expansions).isEqualTo(1);
    }

    @Test
    void onWithoutADeviceIsAUsageErrorThatSaysWhatToDo() {
        ComputeDevices on = ComputeDevices.of(null, ComputeDevices.Mode.ON);
        assertThatThrownBy(() -> on.forWork(1)).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E009] okl.gpu=on but there is no compute device")
                .hasMessageContaining("use okl.gpu=auto or off to run on the CPU");
    }

    @Test
    void withoutADevicePluginTheStatusSaysSo() {
        ComputeDevices none = ComputeDevices.open(List.of(), ComputeDevices.Mode.AUTO, 0, null);
        assertThat(none.device()).isEmpty();
        assertThat(none.status()).startsWith("none (no device plugin such as okl-gpu on the class path)");
        assertThat(DeviceWork.of("anything")).isEqualTo("cpu");
        assertThat(ComputeDevices.none().device()).isEmpty();
        ComponentContext bare = new ComponentContext() {
            @Override
            public LinearAlgebra linearAlgebra() {
                return LinearAlgebras.java();
            }

            @Override
            public <T> T create(Class<T> kind, ComponentSpec spec) {
                throw new UnsupportedOperationException();
            }

            @Override
            public long seed() {
                return 0;
            }

            @Override
            public Optional<Path> dataDirectory() {
                return Optional.empty();
            }
        };
        assertThat(ComputeDevices.of(bare)).isSameAs(ComputeDevices.none());
    }

    /** A back-end that counts its openings, offers the counting device, and records what it was handed. */
    private static final class CountingBackEnd implements ExecutionBackEnd {
        final List<ExecutionBackEnd.Settings> opened = new ArrayList<>();

        @Override
        public String name() {
            return "test-device";
        }

        @Override
        public Opened open(Settings settings) {
            opened.add(settings);
            return new Opened(Optional.of(new Counting()), "test:" + settings.ordinal() + " Counting");
        }
    }

    /** A back-end that is not a device (a cluster's), one that cannot open, and one that throws. */
    private static ExecutionBackEnd backEnd(String name, ExecutionBackEnd.Opened opened) {
        return new ExecutionBackEnd() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Opened open(Settings settings) {
                if (opened == null) {
                    throw new IllegalStateException("driver missing");
                }
                return opened;
            }
        };
    }

    @Test
    void devicesComeFromTheBackEndsOpenedOncePerRuntimeWithItsSettings() {
        LinearAlgebra la = LinearAlgebras.java();
        Execution cluster = new Execution() {
            @Override
            public String name() {
                return "cluster";
            }

            @Override
            public String description() {
                return "a cluster";
            }

            @Override
            public <T> Optional<T> facet(Class<T> type) {
                return Optional.empty();
            }
        };
        CountingBackEnd first = new CountingBackEnd();
        CountingBackEnd second = new CountingBackEnd();
        List<ExecutionBackEnd> backEnds = List.of(backEnd("idle", ExecutionBackEnd.Opened.idle("no card here")),
                backEnd("broken", null), backEnd("cluster", new ExecutionBackEnd.Opened(Optional.of(cluster),
                        "cluster")), first);
        ComputeDevices on = ComputeDevices.open(backEnds, ComputeDevices.Mode.ON, 1, la);
        ComputeDevices off = ComputeDevices.open(List.of(second), ComputeDevices.Mode.OFF, 0, la);
        assertThat(first.opened).isEmpty();
        assertThat(on.forWork(1)).hasValueSatisfying(d -> assertThat(d.name()).isEqualTo("test:0 Counting"));
        assertThat(on.device()).isPresent();
        assertThat(on.status()).isEqualTo("test:1 Counting (okl.gpu=on)");
        assertThat(first.opened).containsExactly(new ExecutionBackEnd.Settings(1, la, true));
        assertThat(on.ordinal(3)).isPresent();
        assertThat(on.ordinal(3)).isPresent();
        assertThat(first.opened).extracting(ExecutionBackEnd.Settings::ordinal).containsExactly(1, 3);
        assertThat(off.device()).isEmpty();
        assertThat(off.ordinal(0)).isEmpty();
        assertThat(second.opened).isEmpty();
        ComputeDevices without = ComputeDevices.open(backEnds.subList(0, 3), ComputeDevices.Mode.AUTO, 0, la);
        assertThat(without.device()).isEmpty();
        assertThat(without.status()).isEqualTo("none: no card here; broken failed: java.lang.IllegalStateException: "
                + "driver missing (okl.gpu=auto)");
    }
}
