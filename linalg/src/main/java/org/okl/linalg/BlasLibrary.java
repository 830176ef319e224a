package org.okl.linalg;

/**
 * The BLAS library a back-end's products run on, as the library describes itself: results can differ in their last
 * digits from one BLAS, or one kernel set of the same BLAS, to another, so a model records it
 * ({@link LinearAlgebras#blasLibrary}).
 *
 * @param library the library: OpenBLAS's build configuration ({@code openblas_get_config}: version, options, thread
 *                limit) and the file the process loaded, another native library as the back-end describes it, or
 *                netlib's Java BLAS class and version
 * @param kernels the kernel (core) type the library runs, OpenBLAS's {@code openblas_get_corename} ({@code Haswell},
 *                {@code SkylakeX}, ...), which {@code OPENBLAS_CORETYPE} may have named; empty when the library
 *                cannot tell (netlib's Java BLAS, a BLAS other than OpenBLAS)
 */
public record BlasLibrary(String library, String kernels) {
}
