package org.okl.gpu.cuda;

import org.okl.gpu.compute.DeviceRoutesContract;
import org.okl.gpu.device.Device;

/** The device routes on a real CUDA card against the CPU routes; skipped, saying why, without one. */
class CudaRoutesTest extends DeviceRoutesContract {

    @Override
    protected Device device(long bytes) {
        return CudaCard.require();
    }
}
