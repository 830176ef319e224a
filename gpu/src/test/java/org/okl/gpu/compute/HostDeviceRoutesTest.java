package org.okl.gpu.compute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.device.ComputeDevices;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.plugin.OklException;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.HostDevice;
import org.okl.kernels.Kernels;

/** The device routes on the CPU device, whose memory is what it is told, so the memory checks are tested too. */
class HostDeviceRoutesTest extends DeviceRoutesContract {

    @Override
    protected Device device(long bytes) {
        return new HostDevice(la, bytes);
    }

    @Test
    void tooLittleDeviceMemoryRunsOnTheCpuWithAutoAndIsAnErrorWithOn() {
        PipelineSpec spec = sketched(Kernels.gaussian(2.5), null);
        Matrix[] rows = data(2100, 5);
        Model model = fit(spec, rows, device(1L << 20), ComputeDevices.Mode.AUTO);
        assertThat(model.provenance().device()).isEqualTo("cpu");
        assertThatThrownBy(() -> fit(spec, rows, device(1L << 20), ComputeDevices.Mode.ON))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("OKL-E014")
                .hasMessageContaining("not enough memory on host")
                .hasMessageContaining("okl.gpu=off");
    }

    @Test
    void smallWorkStaysOnTheCpuWithAuto() {
        Model model = fit(sketched(Kernels.gaussian(2.5), null), data(400, 5), device(256L << 20),
                ComputeDevices.Mode.AUTO);
        assertThat(model.provenance().device()).isEqualTo("cpu");
    }

    @Test
    void everyBufferIsFreedAfterAFit() {
        HostDevice device = new HostDevice(la, 256L << 20);
        fit(sketched(Kernels.gaussian(2.5), null), data(2100, 5), device, ComputeDevices.Mode.ON);
        assertThat(device.freeBytes()).isEqualTo(device.totalBytes());
    }
}
