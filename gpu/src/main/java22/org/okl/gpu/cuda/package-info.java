/**
 * The CUDA binding of {@code okl-gpu}, through the JDK's Foreign Function and Memory API (Java 22 or later; no JNI
 * code): {@link org.okl.gpu.cuda.CudaRuntime} ({@code libcudart}: devices, memory, copies, streams, events),
 * {@link org.okl.gpu.cuda.Cublas} ({@code libcublas}), {@link org.okl.gpu.cuda.Cusolver} ({@code libcusolver}),
 * {@link org.okl.gpu.cuda.CudaKernels} (OKL's kernels compiled at run time by {@code libnvrtc} from the source in
 * the JAR, loaded and launched through the driver API, {@code libcuda}), gathered as a
 * {@link org.okl.gpu.device.Device} by {@link org.okl.gpu.cuda.CudaDevice}; {@link org.okl.gpu.cuda.CudaBackend}
 * opens it. Every native function is bound through a {@link org.okl.gpu.cuda.Binder}, so that tests can run the
 * Java side of the binding against stand-ins where there is no CUDA.
 */
package org.okl.gpu.cuda;
