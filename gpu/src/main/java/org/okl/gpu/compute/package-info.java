/**
 * OKL's GPU algorithms, written in the primitives of {@link org.okl.gpu.device.Device} (so they run, and are tested,
 * on the CPU device too): the per-fold sums of the eigen route ({@link org.okl.gpu.compute.DeviceSums}) with the
 * rows staged through pinned double-buffered slots ({@link org.okl.gpu.compute.Slots}) while the CPU parses,
 * Falkon's passes, preconditioner and conjugate gradients ({@link org.okl.gpu.compute.DeviceFalkonRoute}), every
 * fold's m x m whitening, eigendecomposition and path ({@link org.okl.gpu.compute.DeviceSelection}), the exact Gram and its eigendecomposition
 * ({@link org.okl.gpu.compute.DeviceGramSpectrum}), prediction blocks ({@link org.okl.gpu.compute.DeviceExpansion})
 * and candidate top-k ({@link org.okl.gpu.compute.DeviceTopK}), gathered as core's
 * {@link org.okl.linalg.device.ComputeDevice} by {@link org.okl.gpu.compute.DeviceCompute}.
 */
package org.okl.gpu.compute;
