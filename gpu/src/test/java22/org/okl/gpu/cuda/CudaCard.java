package org.okl.gpu.cuda;

import org.junit.jupiter.api.Assumptions;
import org.okl.gpu.GpuBackEnd;
import org.okl.gpu.device.Device;

/**
 * The machine's first CUDA device for the tests that need a card; they are skipped, saying why, without one, unless
 * the environment sets {@code OKL_GPU_REQUIRED} (the GPU machine's suite does): then a missing card fails them.
 */
final class CudaCard {
    private static Device card;
    private static String missing;

    private CudaCard() {
    }

    /** The card, or the test is aborted (skipped) with the reason there is none. */
    static synchronized Device require() {
        if (card == null && missing == null) {
            try {
                card = CudaBackend.open(0, System.getProperty(GpuBackEnd.LIBRARIES_PROPERTY));
            } catch (RuntimeException e) {
                missing = e.getMessage();
            }
        }
        if (card == null && System.getenv("OKL_GPU_REQUIRED") != null) {
            throw new AssertionError("OKL_GPU_REQUIRED is set but the CUDA device does not open: " + missing);
        }
        Assumptions.assumeTrue(card != null, () -> "no CUDA GPU here: " + missing);
        return card;
    }
}
