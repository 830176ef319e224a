/**
 * The device layer: the primitives the GPU algorithms are written in ({@link org.okl.gpu.device.Device}: device and
 * pinned host buffers, streams and events, BLAS and LAPACK calls, and OKL's own kernels), with two implementations:
 * CUDA through the Foreign Function and Memory API ({@code org.okl.gpu.cuda}, JDK 22+) and
 * {@link org.okl.gpu.device.HostDevice}, the same primitives on the CPU with deferred streams, on which everything
 * that does not need the card (block scheduling, buffer management, the algorithms' numerics) is tested.
 */
package org.okl.gpu.device;
