package org.okl.gpu.cuda;

import java.util.stream.Collectors;
import org.okl.gpu.device.Device;

/** Opens a CUDA device, or says precisely why there is none (the message is what {@code okl plugins} prints). */
public final class CudaBackend {
    private CudaBackend() {
    }

    /**
     * Opens device {@code ordinal}.
     *
     * @param ordinal the device number
     * @param folder  a folder to load the CUDA libraries from first, or null
     * @throws IllegalStateException saying what is missing: the runtime library, a driver, a GPU, another library
     */
    public static Device open(int ordinal, String folder) {
        Libraries libraries = new Libraries(folder);
        CudaRuntime runtime = new CudaRuntime(libraries);
        int[] count = runtime.deviceCount();
        String where = "CUDA runtime " + runtime.runtimeVersion() + " (" + libraries.files().get("cudart") + ")";
        if (count[0] != 0) {
            throw new IllegalStateException(where + " finds no usable GPU: " + runtime.errorString(count[0])
                    + " (cudaGetDeviceCount returned " + count[0] + ")");
        }
        if (count[1] == 0) {
            throw new IllegalStateException(where + " finds no GPU");
        }
        if (ordinal < 0 || ordinal >= count[1]) {
            throw new IllegalStateException("GPU " + ordinal + " asked for, but " + where + " finds " + count[1]);
        }
        return new CudaDevice(ordinal, libraries, () -> libraries.files().values().stream()
                .map(f -> f.substring(f.lastIndexOf('/') + 1)).collect(Collectors.joining(", ")));
    }
}
