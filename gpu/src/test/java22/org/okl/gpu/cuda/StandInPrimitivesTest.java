package org.okl.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DevicePrimitivesContract;

/**
 * The CUDA binding's Java side, every primitive through the bound functions, on {@link StandInCuda}: where there is
 * no CUDA, this runs each {@code invokeExact} with the types the descriptors declare, the copies through pinned
 * memory, and the marshalling of every kernel's arguments.
 */
class StandInPrimitivesTest extends DevicePrimitivesContract {
    private final StandInCuda standIn = new StandInCuda();

    @Override
    protected Device open() {
        return new CudaDevice(0, standIn, () -> "stand-in");
    }

    @Test
    void everyBoundFunctionHasAStandInAndTheDeviceDescribesItself() {
        assertThat(device.description()).startsWith("cuda:0 CUDA stand-in (compute 9.0, 132 multiprocessors)")
                .contains("CUDA runtime 13.0, driver 13.0, NVRTC 13.0").endsWith("FP64");
        assertThat(standIn.bound()).contains("cuLaunchKernel", "cusolverDnXsyevd", "cublasDsyrk_v2",
                "nvrtcCompileProgram", "cudaMallocHost");
    }
}
