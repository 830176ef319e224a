package org.okl.gpu.compute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.RowSource;
import org.okl.core.Model;
import org.okl.core.PipelineSpec;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.HostDevice;
import org.okl.kernels.Kernels;
import org.okl.linalg.device.ComputeDevices;

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
    void sparseRowsStayOnTheCpuAndFitAsDenseRowsDo() {
        PipelineSpec spec = sketched(Kernels.gaussian(2.5), null);
        Matrix[] rows = data(2100, 5);
        HostDevice device = new HostDevice(la, 256L << 20);
        MatrixRows dense = new MatrixRows(rows[0], rows[1], 500);
        RowSource sparse = new RowSource() {
            @Override
            public long size() {
                return dense.size();
            }

            @Override
            public int dimension() {
                return dense.dimension();
            }

            @Override
            public int outputDimension() {
                return dense.outputDimension();
            }

            @Override
            public String description() {
                return "sparse rows";
            }

            @Override
            public boolean sparse() {
                return true;
            }

            @Override
            public void forEachRowBlock(RowBlockVisitor visitor) {
                dense.forEachRowBlock(visitor);
            }

            @Override
            public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
                dense.forEachRowBlock((first, inputs, outputs) -> visitor.accept(first, SparseMatrix.fromDense(inputs),
                        outputs));
            }
        };
        Model onCpu = runtime(device, ComputeDevices.Mode.ON).pipeline(spec).fit(sparse).model();
        assertThat(onCpu.provenance().device()).isEqualTo("cpu");
        Model fromDense = okl.pipeline(spec).fit(dense).model();
        // the same model to round-off: a kernel on sparse rows takes distances from norms and inner products
        assertRelativelyClose(fromDense.predict(rows[0]).outputs(), onCpu.predict(rows[0]).outputs(), 1e-8);
    }

    @Test
    void everyBufferIsFreedAfterAFit() {
        HostDevice device = new HostDevice(la, 256L << 20);
        fit(sketched(Kernels.gaussian(2.5), null), data(2100, 5), device, ComputeDevices.Mode.ON);
        assertThat(device.freeBytes()).isEqualTo(device.totalBytes());
    }
}
