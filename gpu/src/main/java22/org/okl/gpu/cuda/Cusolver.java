package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libcusolver}'s dense FP64 Cholesky ({@code cusolverDnXpotrf}) and symmetric eigendecomposition
 * ({@code cusolverDnXsyevd}), through the 64-bit API so that orders such as 40,000 (whose work spaces exceed 2^31
 * entries) work. The caller provides the device work space ({@link #potrfBytes}, {@link #syevdBytes}); a host work
 * space, when asked for, is allocated here.
 */
final class Cusolver {
    /** cudaDataType CUDA_R_64F. */
    static final int R_64F = 1;
    /** cusolverEigMode_t CUSOLVER_EIG_MODE_VECTOR. */
    static final int VECTORS = 1;
    /** cublasFillMode_t CUBLAS_FILL_MODE_LOWER. */
    static final int LOWER = 0;

    private final MethodHandle create;
    private final MethodHandle destroy;
    private final MethodHandle setStream;
    private final MethodHandle createParams;
    private final MethodHandle destroyParams;
    private final MethodHandle potrfBufferSize;
    private final MethodHandle potrf;
    private final MethodHandle syevdBufferSize;
    private final MethodHandle syevd;
    private final MemorySegment handle;
    private final MemorySegment params;

    Cusolver(Binder b) {
        String lib = "cusolver";
        create = b.bind(lib, "cusolverDnCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        destroy = b.bind(lib, "cusolverDnDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setStream = b.bind(lib, "cusolverDnSetStream", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        createParams = b.bind(lib, "cusolverDnCreateParams", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        destroyParams = b.bind(lib, "cusolverDnDestroyParams", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        // (handle, params, uplo, n, dataTypeA, A, lda, computeType, *deviceBytes, *hostBytes)
        potrfBufferSize = b.bind(lib, "cusolverDnXpotrf_bufferSize", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        // (handle, params, uplo, n, dataTypeA, A, lda, computeType, device, deviceBytes, host, hostBytes, info)
        potrf = b.bind(lib, "cusolverDnXpotrf", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT,
                JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
        // (handle, params, jobz, uplo, n, dataTypeA, A, lda, dataTypeW, W, computeType, *deviceBytes, *hostBytes)
        syevdBufferSize = b.bind(lib, "cusolverDnXsyevd_bufferSize", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT,
                ADDRESS, ADDRESS));
        // (handle, params, jobz, uplo, n, dataTypeA, A, lda, dataTypeW, W, computeType, device, deviceBytes, host,
        //  hostBytes, info)
        syevd = b.bind(lib, "cusolverDnXsyevd", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT,
                JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS,
                JAVA_LONG, ADDRESS));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) create.invokeExact(p), "cusolverDnCreate");
            handle = p.get(ADDRESS, 0);
            check((int) createParams.invokeExact(p), "cusolverDnCreateParams");
            params = p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static void check(int status, String call) {
        if (status != 0) {
            throw new CudaException(call + " failed: cuSOLVER status " + status + " (" + name(status) + ")", status);
        }
    }

    /** cusolverStatus_t's names. */
    static String name(int status) {
        return switch (status) {
            case 1 -> "CUSOLVER_STATUS_NOT_INITIALIZED";
            case 2 -> "CUSOLVER_STATUS_ALLOC_FAILED";
            case 3 -> "CUSOLVER_STATUS_INVALID_VALUE";
            case 4 -> "CUSOLVER_STATUS_ARCH_MISMATCH";
            case 6 -> "CUSOLVER_STATUS_EXECUTION_FAILED";
            case 7 -> "CUSOLVER_STATUS_INTERNAL_ERROR";
            case 8 -> "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
            case 15 -> "CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED";
            default -> "status " + status;
        };
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    private void on(MemorySegment stream) throws Throwable {
        check((int) setStream.invokeExact(handle, stream), "cusolverDnSetStream");
    }

    /** Device and host bytes of the work spaces of {@link #potrf}. */
    long[] potrfBytes(MemorySegment stream, long n, MemorySegment a, long lda) {
        try (Arena arena = Arena.ofConfined()) {
            on(stream);
            MemorySegment device = arena.allocate(JAVA_LONG);
            MemorySegment host = arena.allocate(JAVA_LONG);
            check((int) potrfBufferSize.invokeExact(handle, params, LOWER, n, R_64F, a, lda, R_64F, device, host),
                    "cusolverDnXpotrf_bufferSize(" + n + ")");
            return new long[] {device.get(JAVA_LONG, 0), host.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Queues the lower Cholesky factorisation; its status goes to the device int {@code info}. */
    void potrf(MemorySegment stream, long n, MemorySegment a, long lda, MemorySegment work, long workBytes,
            MemorySegment hostWork, long hostBytes, MemorySegment info) {
        try {
            on(stream);
            check((int) potrf.invokeExact(handle, params, LOWER, n, R_64F, a, lda, R_64F, work, workBytes, hostWork,
                    hostBytes, info), "cusolverDnXpotrf(" + n + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Device and host bytes of the work spaces of {@link #syevd}. */
    long[] syevdBytes(MemorySegment stream, long n, MemorySegment a, long lda, MemorySegment w) {
        try (Arena arena = Arena.ofConfined()) {
            on(stream);
            MemorySegment device = arena.allocate(JAVA_LONG);
            MemorySegment host = arena.allocate(JAVA_LONG);
            check((int) syevdBufferSize.invokeExact(handle, params, VECTORS, LOWER, n, R_64F, a, lda, R_64F, w, R_64F,
                    device, host), "cusolverDnXsyevd_bufferSize(" + n + ")");
            return new long[] {device.get(JAVA_LONG, 0), host.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Queues the eigendecomposition (vectors in A, values increasing in W); its status goes to {@code info}. */
    void syevd(MemorySegment stream, long n, MemorySegment a, long lda, MemorySegment w, MemorySegment work,
            long workBytes, MemorySegment hostWork, long hostBytes, MemorySegment info) {
        try {
            on(stream);
            check((int) syevd.invokeExact(handle, params, VECTORS, LOWER, n, R_64F, a, lda, R_64F, w, R_64F, work,
                    workBytes, hostWork, hostBytes, info), "cusolverDnXsyevd(" + n + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void close() {
        try {
            check((int) destroyParams.invokeExact(params), "cusolverDnDestroyParams");
            check((int) destroy.invokeExact(handle), "cusolverDnDestroy");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
