package org.okl.gpu.cuda;

import org.okl.gpu.compute.DeviceRoutesContract;
import org.okl.gpu.device.Device;

/** The device routes through the CUDA binding's Java side, on {@link StandInCuda}. */
class StandInRoutesTest extends DeviceRoutesContract {

    @Override
    protected Device device(long bytes) {
        return new CudaDevice(0, new StandInCuda(), () -> "stand-in");
    }
}
