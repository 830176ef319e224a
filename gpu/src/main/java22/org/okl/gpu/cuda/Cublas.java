package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libcublas}: FP64 {@code dgemm}, {@code dsyrk}, {@code dtrsm} and {@code dcopy} on a stream, scalars passed
 * from the host (cuBLAS's default pointer mode). Enumerations as cuBLAS numbers them: operation N = 0, T = 1; fill
 * lower = 0; side left = 0, right = 1; diagonal non-unit = 0.
 */
final class Cublas {
    private final MethodHandle create;
    private final MethodHandle destroy;
    private final MethodHandle setStream;
    private final MethodHandle dgemm;
    private final MethodHandle dsyrk;
    private final MethodHandle dtrsm;
    private final MethodHandle dcopy;
    private final MethodHandle statusString;
    private final MemorySegment handle;

    Cublas(Binder b) {
        String lib = "cublas";
        create = b.bind(lib, "cublasCreate_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        destroy = b.bind(lib, "cublasDestroy_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setStream = b.bind(lib, "cublasSetStream_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        dgemm = b.bind(lib, "cublasDgemm_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT,
                JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        dsyrk = b.bind(lib, "cublasDsyrk_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT,
                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        dtrsm = b.bind(lib, "cublasDtrsm_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT));
        dcopy = b.bind(lib, "cublasDcopy_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT,
                ADDRESS, JAVA_INT));
        statusString = b.bind(lib, "cublasGetStatusString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) create.invokeExact(p), "cublasCreate");
            handle = p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private void check(int status, String call) {
        if (status != 0) {
            String text;
            try {
                MemorySegment s = (MemorySegment) statusString.invokeExact(status);
                text = s.equals(MemorySegment.NULL) ? "status " + status : s.reinterpret(4096).getString(0);
            } catch (Throwable t) {
                text = "status " + status;
            }
            throw new CudaException(call + " failed: " + text + " (" + status + ")", status);
        }
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
        check((int) setStream.invokeExact(handle, stream), "cublasSetStream");
    }

    void gemm(MemorySegment stream, boolean transA, boolean transB, int m, int n, int k, double alpha,
            MemorySegment a, int lda, MemorySegment b, int ldb, double beta, MemorySegment c, int ldc) {
        try (Arena arena = Arena.ofConfined()) {
            on(stream);
            MemorySegment al = arena.allocateFrom(JAVA_DOUBLE, alpha);
            MemorySegment be = arena.allocateFrom(JAVA_DOUBLE, beta);
            check((int) dgemm.invokeExact(handle, transA ? 1 : 0, transB ? 1 : 0, m, n, k, al, a, lda, b, ldb, be, c,
                    ldc), "cublasDgemm(" + m + ", " + n + ", " + k + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void syrk(MemorySegment stream, boolean transpose, int n, int k, double alpha, MemorySegment a, int lda,
            double beta, MemorySegment c, int ldc) {
        try (Arena arena = Arena.ofConfined()) {
            on(stream);
            MemorySegment al = arena.allocateFrom(JAVA_DOUBLE, alpha);
            MemorySegment be = arena.allocateFrom(JAVA_DOUBLE, beta);
            check((int) dsyrk.invokeExact(handle, 0, transpose ? 1 : 0, n, k, al, a, lda, be, c, ldc),
                    "cublasDsyrk(" + n + ", " + k + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void trsm(MemorySegment stream, boolean left, boolean lower, boolean transpose, int m, int n, double alpha,
            MemorySegment t, int ldt, MemorySegment b, int ldb) {
        try (Arena arena = Arena.ofConfined()) {
            on(stream);
            MemorySegment al = arena.allocateFrom(JAVA_DOUBLE, alpha);
            check((int) dtrsm.invokeExact(handle, left ? 0 : 1, lower ? 0 : 1, transpose ? 1 : 0, 0, m, n, al, t, ldt,
                    b, ldb), "cublasDtrsm(" + m + ", " + n + ")");
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    void copy(MemorySegment stream, int n, MemorySegment x, int incx, MemorySegment y, int incy) {
        try {
            on(stream);
            check((int) dcopy.invokeExact(handle, n, x, incx, y, incy), "cublasDcopy(" + n + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void close() {
        try {
            check((int) destroy.invokeExact(handle), "cublasDestroy");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
