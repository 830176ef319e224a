package org.okl.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.gpu.GpuBackEnd;
import org.okl.linalg.LinearAlgebras;

/** How the binding opens a device, or says precisely why it cannot, and what okl-gpu then reports. */
class CudaBackendTest {

    private static boolean cuda() {
        try {
            CudaBackend.open(0, null).close();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Test
    void withoutAUsableGpuTheReasonNamesWhatIsMissing() {
        org.junit.jupiter.api.Assumptions.assumeFalse(cuda(), "this machine has a CUDA GPU");
        assertThatThrownBy(() -> CudaBackend.open(0, null)).isInstanceOf(IllegalStateException.class)
                .message().satisfiesAnyOf(
                        m -> assertThat(m).startsWith("no cudart library loads (tried ").contains("libcudart.so.13")
                                .contains("-Dokl.gpu.libraries=FOLDER"),
                        m -> assertThat(m).startsWith("CUDA runtime ").contains("finds no usable GPU: ")
                                .contains("cudaGetDeviceCount returned"));
        ExecutionBackEnd.Opened opened = new GpuBackEnd().open(new ExecutionBackEnd.Settings(0,
                LinearAlgebras.java(), false));
        assertThat(opened.execution()).isEmpty();
        assertThat(opened.status()).startsWith("okl-gpu is idle: ").doesNotContain("Java 22");
    }

    @Test
    void aFolderWithoutTheLibrariesIsNamedInTheReason() {
        org.junit.jupiter.api.Assumptions.assumeFalse(cuda(), "this machine has a CUDA GPU");
        Libraries libraries = new Libraries("/nonexistent/cuda");
        assertThatThrownBy(() -> libraries.load("nvrtc")).hasMessageContaining("/nonexistent/cuda/libnvrtc.so.13");
    }
}
