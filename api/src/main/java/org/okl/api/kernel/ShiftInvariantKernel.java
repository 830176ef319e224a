package org.okl.api.kernel;

import java.util.Random;
import org.okl.api.API;

/**
 * A vector kernel with {@code k(x, x') = phi(x - x')} and {@code k(x, x) = 1}, such as the Gaussian or Laplacian
 * kernel. By Bochner's theorem phi is the Fourier transform of a probability density; sampling from it gives random
 * Fourier features.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface ShiftInvariantKernel extends VectorKernel {

    /** Draws one frequency vector omega of the given dimension from the kernel's spectral density. */
    double[] sampleFrequency(int dimension, Random random);
}
