package org.okl.gpu.cuda;

import org.okl.gpu.device.Device;
import org.okl.gpu.device.DevicePrimitivesContract;

/** Every primitive on a real CUDA card against naive computations; skipped, saying why, without one. */
class CudaPrimitivesTest extends DevicePrimitivesContract {

    @Override
    protected Device open() {
        return CudaCard.require();
    }
}
