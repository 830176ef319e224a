package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Stand-ins for the CUDA functions the binding calls, written in Java from the C prototypes of the CUDA headers
 * (device memory is host memory here, copies are synchronous, cuBLAS, cuSOLVER and OKL's kernels are naive loops on
 * the raw addresses, kernel arguments are read from {@code cuLaunchKernel}'s {@code void**} as the kernels' C
 * signatures lay them out). Bound in place of the libraries, they run every Java path of the binding where there is
 * no CUDA: argument order and types at every call ({@code invokeExact}), pointer arithmetic, copies through pinned
 * memory, the marshalling of kernel arguments.
 */
public final class StandInCuda implements Binder {
    private static final Arena ARENA = Arena.ofShared();
    private static final long TOTAL = 1L << 30;
    private static long allocated;
    private final Set<String> bound = new HashSet<>();

    @Override
    public MethodHandle bind(String library, String symbol, FunctionDescriptor descriptor) {
        bound.add(symbol);
        try {
            return MethodHandles.lookup().findStatic(StandInCuda.class, symbol, descriptor.toMethodType());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no stand-in " + symbol + descriptor.toMethodType(), e);
        }
    }

    /** The functions bound so far. */
    Set<String> bound() {
        return Set.copyOf(bound);
    }

    private static MemorySegment all(MemorySegment p) {
        return p.reinterpret(Long.MAX_VALUE);
    }

    private static double get(MemorySegment p, long i) {
        return all(p).getAtIndex(JAVA_DOUBLE, i);
    }

    private static void set(MemorySegment p, long i, double v) {
        all(p).setAtIndex(JAVA_DOUBLE, i, v);
    }

    private static MemorySegment token(String text) {
        return ARENA.allocateFrom(text);
    }

    private static synchronized MemorySegment memory(long bytes) {
        allocated += bytes;
        return ARENA.allocate(Math.max(8, bytes), 64);
    }

    // --- cudart

    static int cudaGetDeviceCount(MemorySegment count) {
        count.reinterpret(4).set(JAVA_INT, 0, 1);
        return 0;
    }

    static int cudaSetDevice(int ordinal) {
        return ordinal == 0 ? 0 : 101;
    }

    static int cudaDeviceGetAttribute(MemorySegment value, int attribute, int ordinal) {
        value.reinterpret(4).set(JAVA_INT, 0, attribute == 75 ? 9 : attribute == 76 ? 0 : attribute == 16 ? 132 : 0);
        return 0;
    }

    static synchronized int cudaMemGetInfo(MemorySegment free, MemorySegment total) {
        free.reinterpret(8).set(JAVA_LONG, 0, TOTAL - Math.min(TOTAL, allocated));
        total.reinterpret(8).set(JAVA_LONG, 0, TOTAL);
        return 0;
    }

    static int cudaMalloc(MemorySegment pointer, long bytes) {
        if (bytes > TOTAL) {
            return 2;
        }
        pointer.reinterpret(8).set(ADDRESS, 0, memory(bytes));
        return 0;
    }

    static int cudaFree(MemorySegment pointer) {
        return 0;
    }

    static int cudaMallocHost(MemorySegment pointer, long bytes) {
        pointer.reinterpret(8).set(ADDRESS, 0, ARENA.allocate(bytes, 64));
        return 0;
    }

    static int cudaFreeHost(MemorySegment pointer) {
        return 0;
    }

    static int cudaMemcpy(MemorySegment target, MemorySegment source, long bytes, int kind) {
        MemorySegment.copy(source.reinterpret(bytes), 0, target.reinterpret(bytes), 0, bytes);
        return kind >= 1 && kind <= 3 ? 0 : 21;
    }

    static int cudaMemcpyAsync(MemorySegment target, MemorySegment source, long bytes, int kind,
            MemorySegment stream) {
        return cudaMemcpy(target, source, bytes, kind);
    }

    static int cudaMemsetAsync(MemorySegment target, int value, long bytes, MemorySegment stream) {
        target.reinterpret(bytes).fill((byte) value);
        return 0;
    }

    static int cudaStreamCreate(MemorySegment stream) {
        stream.reinterpret(8).set(ADDRESS, 0, token("stream"));
        return 0;
    }

    static int cudaStreamDestroy(MemorySegment stream) {
        return stream.equals(MemorySegment.NULL) ? 400 : 0;
    }

    static int cudaStreamSynchronize(MemorySegment stream) {
        return 0;
    }

    static int cudaEventCreateWithFlags(MemorySegment event, int flags) {
        event.reinterpret(8).set(ADDRESS, 0, token("event"));
        return flags == 2 ? 0 : 1;
    }

    static int cudaEventRecord(MemorySegment event, MemorySegment stream) {
        return event.equals(MemorySegment.NULL) ? 400 : 0;
    }

    static int cudaStreamWaitEvent(MemorySegment stream, MemorySegment event, int flags) {
        return event.equals(MemorySegment.NULL) ? 400 : 0;
    }

    static int cudaEventSynchronize(MemorySegment event) {
        return event.equals(MemorySegment.NULL) ? 400 : 0;
    }

    static int cudaEventDestroy(MemorySegment event) {
        return 0;
    }

    static int cudaDeviceSynchronize() {
        return 0;
    }

    static MemorySegment cudaGetErrorString(int status) {
        return token("stand-in error " + status);
    }

    static int cudaRuntimeGetVersion(MemorySegment version) {
        version.reinterpret(4).set(JAVA_INT, 0, 13000);
        return 0;
    }

    static int cudaDriverGetVersion(MemorySegment version) {
        version.reinterpret(4).set(JAVA_INT, 0, 13000);
        return 0;
    }

    // --- cuBLAS (column-major; operation N = 0, T = 1; fill lower = 0; side left = 0)

    static int cublasCreate_v2(MemorySegment handle) {
        handle.reinterpret(8).set(ADDRESS, 0, token("cublas"));
        return 0;
    }

    static int cublasDestroy_v2(MemorySegment handle) {
        return 0;
    }

    static int cublasSetStream_v2(MemorySegment handle, MemorySegment stream) {
        return 0;
    }

    static MemorySegment cublasGetStatusString(int status) {
        return token("CUBLAS_STATUS_" + status);
    }

    /** A column-major block (rows x cols, leading dimension ld) of native memory, copied out. */
    private static org.okl.api.linalg.Matrix block(MemorySegment p, int rows, int cols, long ld) {
        double[] v = new double[rows * cols];
        MemorySegment m = all(p);
        for (int j = 0; j < cols; j++) {
            MemorySegment.copy(m, JAVA_DOUBLE, 8L * j * ld, v, j * rows, rows);
        }
        return new org.okl.api.linalg.Matrix(rows, cols, v);
    }

    private static void store(org.okl.api.linalg.Matrix b, MemorySegment p, long ld) {
        MemorySegment m = all(p);
        for (int j = 0; j < b.cols(); j++) {
            MemorySegment.copy(b.data(), j * b.rows(), m, JAVA_DOUBLE, 8L * j * ld, b.rows());
        }
    }

    /** dgemm by the CPU back-end on copies (the stand-in checks the arguments, not the speed). */
    static int cublasDgemm_v2(MemorySegment handle, int transa, int transb, int m, int n, int k, MemorySegment alpha,
            MemorySegment a, int lda, MemorySegment b, int ldb, MemorySegment beta, MemorySegment c, int ldc) {
        double al = alpha.reinterpret(8).get(JAVA_DOUBLE, 0);
        double be = beta.reinterpret(8).get(JAVA_DOUBLE, 0);
        org.okl.api.linalg.Matrix am = transa == 1 ? block(a, k, m, lda) : block(a, m, k, lda);
        org.okl.api.linalg.Matrix bm = transb == 1 ? block(b, n, k, ldb) : block(b, k, n, ldb);
        org.okl.api.linalg.Matrix cm = be == 0 ? org.okl.api.linalg.Matrix.zeros(m, n) : block(c, m, n, ldc);
        if (k > 0) {
            org.okl.linalg.LinearAlgebras.active().gemm(al, am, transa == 1, bm, transb == 1, be, cm);
        } else {
            cm = cm.times(be);
        }
        store(cm, c, ldc);
        return 0;
    }

    static int cublasDsyrk_v2(MemorySegment handle, int uplo, int trans, int n, int k, MemorySegment alpha,
            MemorySegment a, int lda, MemorySegment beta, MemorySegment c, int ldc) {
        double al = alpha.reinterpret(8).get(JAVA_DOUBLE, 0);
        double be = beta.reinterpret(8).get(JAVA_DOUBLE, 0);
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                double s = 0;
                for (int q = 0; q < k; q++) {
                    s += trans == 1 ? get(a, q + (long) i * lda) * get(a, q + (long) j * lda)
                            : get(a, i + (long) q * lda) * get(a, j + (long) q * lda);
                }
                set(c, i + (long) j * ldc, al * s + (be == 0 ? 0 : be * get(c, i + (long) j * ldc)));
            }
        }
        return uplo == 0 ? 0 : 7;
    }

    static int cublasDtrsm_v2(MemorySegment handle, int side, int uplo, int trans, int diag, int m, int n,
            MemorySegment alpha, MemorySegment t, int ldt, MemorySegment b, int ldb) {
        double al = alpha.reinterpret(8).get(JAVA_DOUBLE, 0);
        int order = side == 0 ? m : n;
        double[][] op = new double[order][order];
        for (int i = 0; i < order; i++) {
            for (int j = 0; j < order; j++) {
                int r = trans == 1 ? j : i;
                int c = trans == 1 ? i : j;
                boolean inside = uplo == 0 ? r >= c : r <= c;
                op[i][j] = inside ? get(t, r + (long) c * ldt) : 0;
            }
        }
        boolean lowerOp = (uplo == 0) != (trans == 1);
        if (side == 0) {
            for (int j = 0; j < n; j++) {
                double[] x = new double[m];
                for (int i = 0; i < m; i++) {
                    x[i] = al * get(b, i + (long) j * ldb);
                }
                solve(op, x, lowerOp);
                for (int i = 0; i < m; i++) {
                    set(b, i + (long) j * ldb, x[i]);
                }
            }
        } else {
            double[][] opT = new double[order][order];
            for (int i = 0; i < order; i++) {
                for (int j = 0; j < order; j++) {
                    opT[i][j] = op[j][i];
                }
            }
            for (int i = 0; i < m; i++) {
                double[] x = new double[n];
                for (int j = 0; j < n; j++) {
                    x[j] = al * get(b, i + (long) j * ldb);
                }
                solve(opT, x, !lowerOp);
                for (int j = 0; j < n; j++) {
                    set(b, i + (long) j * ldb, x[j]);
                }
            }
        }
        return diag == 0 ? 0 : 7;
    }

    private static void solve(double[][] t, double[] x, boolean lower) {
        int n = x.length;
        if (lower) {
            for (int i = 0; i < n; i++) {
                double s = x[i];
                for (int q = 0; q < i; q++) {
                    s -= t[i][q] * x[q];
                }
                x[i] = s / t[i][i];
            }
        } else {
            for (int i = n - 1; i >= 0; i--) {
                double s = x[i];
                for (int q = i + 1; q < n; q++) {
                    s -= t[i][q] * x[q];
                }
                x[i] = s / t[i][i];
            }
        }
    }

    static int cublasDcopy_v2(MemorySegment handle, int n, MemorySegment x, int incx, MemorySegment y, int incy) {
        for (int i = 0; i < n; i++) {
            set(y, (long) i * incy, get(x, (long) i * incx));
        }
        return 0;
    }

    // --- cuSOLVER (64-bit API; CUDA_R_64F = 1; lower = 0; vectors = 1)

    static int cusolverDnCreate(MemorySegment handle) {
        handle.reinterpret(8).set(ADDRESS, 0, token("cusolver"));
        return 0;
    }

    static int cusolverDnDestroy(MemorySegment handle) {
        return 0;
    }

    static int cusolverDnSetStream(MemorySegment handle, MemorySegment stream) {
        return 0;
    }

    static int cusolverDnCreateParams(MemorySegment params) {
        params.reinterpret(8).set(ADDRESS, 0, token("params"));
        return 0;
    }

    static int cusolverDnDestroyParams(MemorySegment params) {
        return 0;
    }

    static int cusolverDnXpotrf_bufferSize(MemorySegment handle, MemorySegment params, int uplo, long n,
            int dataTypeA, MemorySegment a, long lda, int computeType, MemorySegment deviceBytes,
            MemorySegment hostBytes) {
        deviceBytes.reinterpret(8).set(JAVA_LONG, 0, 8 * n);
        hostBytes.reinterpret(8).set(JAVA_LONG, 0, 0);
        return uplo == 0 && dataTypeA == 1 && computeType == 1 ? 0 : 3;
    }

    static int cusolverDnXpotrf(MemorySegment handle, MemorySegment params, int uplo, long n, int dataTypeA,
            MemorySegment a, long lda, int computeType, MemorySegment work, long workBytes, MemorySegment host,
            long hostBytes, MemorySegment info) {
        int failed = 0;
        for (long j = 0; j < n && failed == 0; j++) {
            double d = get(a, j + j * lda);
            for (long q = 0; q < j; q++) {
                d -= get(a, j + q * lda) * get(a, j + q * lda);
            }
            if (!(d > 0)) {
                failed = (int) j + 1;
                break;
            }
            double l = Math.sqrt(d);
            set(a, j + j * lda, l);
            for (long i = j + 1; i < n; i++) {
                double s = get(a, i + j * lda);
                for (long q = 0; q < j; q++) {
                    s -= get(a, i + q * lda) * get(a, j + q * lda);
                }
                set(a, i + j * lda, s / l);
            }
        }
        info.reinterpret(4).set(JAVA_INT, 0, failed);
        return workBytes >= 8 * n ? 0 : 3;
    }

    static int cusolverDnXsyevd_bufferSize(MemorySegment handle, MemorySegment params, int jobz, int uplo, long n,
            int dataTypeA, MemorySegment a, long lda, int dataTypeW, MemorySegment w, int computeType,
            MemorySegment deviceBytes, MemorySegment hostBytes) {
        deviceBytes.reinterpret(8).set(JAVA_LONG, 0, 16 * n);
        hostBytes.reinterpret(8).set(JAVA_LONG, 0, 64);
        return jobz == 1 && uplo == 0 ? 0 : 3;
    }

    /** Cyclic Jacobi on the lower triangle: eigenvalues increasing into W, vectors into A. */
    static int cusolverDnXsyevd(MemorySegment handle, MemorySegment params, int jobz, int uplo, long n,
            int dataTypeA, MemorySegment a, long lda, int dataTypeW, MemorySegment w, int computeType,
            MemorySegment work, long workBytes, MemorySegment host, long hostBytes, MemorySegment info) {
        int size = (int) n;
        double[][] s = new double[size][size];
        double[][] v = new double[size][size];
        for (int i = 0; i < size; i++) {
            v[i][i] = 1;
            for (int j = 0; j <= i; j++) {
                s[i][j] = get(a, i + (long) j * lda);
                s[j][i] = s[i][j];
            }
        }
        for (int sweep = 0; sweep < 100; sweep++) {
            double off = 0;
            for (int p = 0; p < size; p++) {
                for (int q = p + 1; q < size; q++) {
                    off += s[p][q] * s[p][q];
                }
            }
            if (off < 1e-30) {
                break;
            }
            for (int p = 0; p < size; p++) {
                for (int q = p + 1; q < size; q++) {
                    if (Math.abs(s[p][q]) < 1e-300) {
                        continue;
                    }
                    double theta = (s[q][q] - s[p][p]) / (2 * s[p][q]);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1);
                    double sn = t * c;
                    for (int k = 0; k < size; k++) {
                        double skp = s[k][p];
                        double skq = s[k][q];
                        s[k][p] = c * skp - sn * skq;
                        s[k][q] = sn * skp + c * skq;
                    }
                    for (int k = 0; k < size; k++) {
                        double spk = s[p][k];
                        double sqk = s[q][k];
                        s[p][k] = c * spk - sn * sqk;
                        s[q][k] = sn * spk + c * sqk;
                    }
                    for (int k = 0; k < size; k++) {
                        double vkp = v[k][p];
                        double vkq = v[k][q];
                        v[k][p] = c * vkp - sn * vkq;
                        v[k][q] = sn * vkp + c * vkq;
                    }
                }
            }
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(s[x][x], s[y][y]));
        for (int j = 0; j < size; j++) {
            set(w, j, s[order[j]][order[j]]);
            for (int i = 0; i < size; i++) {
                set(a, i + (long) j * lda, v[i][order[j]]);
            }
        }
        info.reinterpret(4).set(JAVA_INT, 0, 0);
        return hostBytes == 64 && !host.equals(MemorySegment.NULL) && workBytes >= 16 * n ? 0 : 3;
    }

    // --- NVRTC

    static int nvrtcCreateProgram(MemorySegment program, MemorySegment source, MemorySegment name, int headers,
            MemorySegment headerSources, MemorySegment includeNames) {
        String text = source.reinterpret(1 << 20).getString(0);
        program.reinterpret(8).set(ADDRESS, 0, token(name.reinterpret(256).getString(0)));
        return text.contains("okl_topk_merge") && headers == 0 ? 0 : 3;
    }

    static int nvrtcCompileProgram(MemorySegment program, int count, MemorySegment options) {
        String first = options.reinterpret(8L * count).getAtIndex(ADDRESS, 0).reinterpret(256).getString(0);
        return first.equals("--gpu-architecture=compute_90") ? 0 : 6;
    }

    static int nvrtcGetProgramLogSize(MemorySegment program, MemorySegment size) {
        size.reinterpret(8).set(JAVA_LONG, 0, 1);
        return 0;
    }

    static int nvrtcGetProgramLog(MemorySegment program, MemorySegment log) {
        log.reinterpret(1).set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 0);
        return 0;
    }

    static int nvrtcGetPTXSize(MemorySegment program, MemorySegment size) {
        size.reinterpret(8).set(JAVA_LONG, 0, 9);
        return 0;
    }

    static int nvrtcGetPTX(MemorySegment program, MemorySegment ptx) {
        ptx.reinterpret(9).setString(0, "stand-in");
        return 0;
    }

    static int nvrtcDestroyProgram(MemorySegment program) {
        return 0;
    }

    static MemorySegment nvrtcGetErrorString(int status) {
        return token("NVRTC_ERROR_" + status);
    }

    static int nvrtcVersion(MemorySegment major, MemorySegment minor) {
        major.reinterpret(4).set(JAVA_INT, 0, 13);
        minor.reinterpret(4).set(JAVA_INT, 0, 0);
        return 0;
    }

    // --- the driver API and OKL's kernels

    static int cuInit(int flags) {
        return 0;
    }

    static int cuDeviceGet(MemorySegment device, int ordinal) {
        device.reinterpret(4).set(JAVA_INT, 0, ordinal);
        return 0;
    }

    static int cuDeviceGetName(MemorySegment name, int length, int device) {
        name.reinterpret(length).setString(0, "CUDA stand-in");
        return 0;
    }

    static int cuModuleLoadData(MemorySegment module, MemorySegment image) {
        module.reinterpret(8).set(ADDRESS, 0, token("module"));
        return image.reinterpret(9).getString(0).equals("stand-in") ? 0 : 200;
    }

    static int cuModuleGetFunction(MemorySegment function, MemorySegment module, MemorySegment name) {
        function.reinterpret(8).set(ADDRESS, 0, token(name.reinterpret(256).getString(0)));
        return 0;
    }

    static int cuGetErrorString(int status, MemorySegment text) {
        text.reinterpret(8).set(ADDRESS, 0, token("CUDA_ERROR_" + status));
        return 0;
    }

    /** The launch's arguments, read as the kernel's C signature lays them out. */
    private static final class Args {
        private final MemorySegment params;
        private int next;

        Args(MemorySegment params, int count) {
            this.params = params.reinterpret(8L * count);
        }

        private MemorySegment cell(long bytes) {
            return params.getAtIndex(ADDRESS, next++).reinterpret(bytes);
        }

        int i() {
            return cell(4).get(JAVA_INT, 0);
        }

        long l() {
            return cell(8).get(JAVA_LONG, 0);
        }

        double d() {
            return cell(8).get(JAVA_DOUBLE, 0);
        }

        MemorySegment p() {
            return MemorySegment.ofAddress(cell(8).get(JAVA_LONG, 0));
        }
    }

    static int cuLaunchKernel(MemorySegment function, int gridX, int gridY, int gridZ, int blockX, int blockY,
            int blockZ, int shared, MemorySegment stream, MemorySegment params, MemorySegment extra) {
        String name = function.reinterpret(256).getString(0);
        switch (name) {
            case "okl_gaussian" -> {
                Args a = new Args(params, 10);
                int rows = a.i();
                int cols = a.i();
                int dim = a.i();
                MemorySegment x = a.p();
                int ldx = a.i();
                MemorySegment l = a.p();
                int ldl = a.i();
                double scale = a.d();
                MemorySegment out = a.p();
                int ldo = a.i();
                if ((long) gridX * 64 < rows || (long) gridY * 64 < cols || blockX != 16 || blockY != 16) {
                    return 1;
                }
                for (int j = 0; j < cols; j++) {
                    for (int i = 0; i < rows; i++) {
                        double d2 = 0;
                        for (int k = 0; k < dim; k++) {
                            double t = get(x, i + (long) k * ldx) - get(l, j + (long) k * ldl);
                            d2 += t * t;
                        }
                        set(out, i + (long) j * ldo, Math.exp(-scale * d2));
                    }
                }
            }
            case "okl_mask_groups" -> {
                Args a = new Args(params, 6);
                int rows = a.i();
                int cols = a.i();
                MemorySegment p = a.p();
                int ldp = a.i();
                MemorySegment rg = a.p();
                MemorySegment cg = a.p();
                for (int c = 0; c < cols; c++) {
                    for (int i = 0; i < rows; i++) {
                        if (get(rg, i) == get(cg, c)) {
                            set(p, i + (long) c * ldp, 0);
                        }
                    }
                }
            }
            case "okl_spread_groups" -> {
                Args a = new Args(params, 8);
                int rows = a.i();
                int d = a.i();
                int groups = a.i();
                MemorySegment y = a.p();
                int ldy = a.i();
                MemorySegment rg = a.p();
                MemorySegment out = a.p();
                int ldo = a.i();
                for (int g = 0; g < groups; g++) {
                    for (int c = 0; c < d; c++) {
                        for (int i = 0; i < rows; i++) {
                            set(out, i + (long) (g * d + c) * ldo, get(rg, i) == g ? get(y, i + (long) c * ldy) : 0);
                        }
                    }
                }
            }
            case "okl_group_residuals" -> {
                Args a = new Args(params, 10);
                int rows = a.i();
                int cols = a.i();
                MemorySegment p = a.p();
                int ldp = a.i();
                MemorySegment y = a.p();
                int ldy = a.i();
                MemorySegment rg = a.p();
                MemorySegment cg = a.p();
                MemorySegment co = a.p();
                MemorySegment out = a.p();
                if (gridX != cols || blockX != 256) {
                    return 1;
                }
                for (int c = 0; c < cols; c++) {
                    double s = 0;
                    for (int i = 0; i < rows; i++) {
                        if (get(rg, i) == get(cg, c)) {
                            double r = get(y, i + (long) get(co, c) * ldy) - get(p, i + (long) c * ldp);
                            s += r * r;
                        }
                    }
                    set(out, c, get(out, c) + s);
                }
            }
            case "okl_column_dots" -> {
                Args a = new Args(params, 7);
                int rows = a.i();
                int cols = a.i();
                MemorySegment x = a.p();
                int ldx = a.i();
                MemorySegment y = a.p();
                int ldy = a.i();
                MemorySegment out = a.p();
                for (int c = 0; c < cols; c++) {
                    double s = 0;
                    for (int i = 0; i < rows; i++) {
                        s += get(x, i + (long) c * ldx) * get(y, i + (long) c * ldy);
                    }
                    set(out, c, s);
                }
            }
            case "okl_column_axpy" -> {
                Args a = new Args(params, 7);
                int rows = a.i();
                int cols = a.i();
                MemorySegment alpha = a.p();
                MemorySegment x = a.p();
                int ldx = a.i();
                MemorySegment y = a.p();
                int ldy = a.i();
                for (int c = 0; c < cols; c++) {
                    for (int i = 0; i < rows; i++) {
                        long k = i + (long) c * ldy;
                        set(y, k, get(y, k) + get(alpha, c) * get(x, i + (long) c * ldx));
                    }
                }
            }
            case "okl_column_xpby" -> {
                Args a = new Args(params, 7);
                int rows = a.i();
                int cols = a.i();
                MemorySegment x = a.p();
                int ldx = a.i();
                MemorySegment beta = a.p();
                MemorySegment y = a.p();
                int ldy = a.i();
                for (int c = 0; c < cols; c++) {
                    for (int i = 0; i < rows; i++) {
                        long k = i + (long) c * ldy;
                        set(y, k, get(x, i + (long) c * ldx) + get(beta, c) * get(y, k));
                    }
                }
            }
            case "okl_column_scale" -> {
                Args a = new Args(params, 5);
                int rows = a.i();
                int cols = a.i();
                MemorySegment alpha = a.p();
                MemorySegment x = a.p();
                int ldx = a.i();
                for (int c = 0; c < cols; c++) {
                    for (int i = 0; i < rows; i++) {
                        long k = i + (long) c * ldx;
                        set(x, k, get(x, k) * get(alpha, c));
                    }
                }
            }
            case "okl_add_diagonal" -> {
                Args a = new Args(params, 4);
                int n = a.i();
                MemorySegment x = a.p();
                int lda = a.i();
                double value = a.d();
                for (int i = 0; i < n; i++) {
                    set(x, i + (long) i * lda, get(x, i + (long) i * lda) + value);
                }
            }
            case "okl_zero_upper" -> {
                Args a = new Args(params, 3);
                int n = a.i();
                MemorySegment x = a.p();
                int lda = a.i();
                for (int j = 1; j < n; j++) {
                    for (int i = 0; i < j; i++) {
                        set(x, i + (long) j * lda, 0);
                    }
                }
            }
            case "okl_mirror_lower" -> {
                Args a = new Args(params, 3);
                int n = a.i();
                MemorySegment x = a.p();
                int lda = a.i();
                for (int j = 1; j < n; j++) {
                    for (int i = 0; i < j; i++) {
                        set(x, i + (long) j * lda, get(x, j + (long) i * lda));
                    }
                }
            }
            case "okl_fill" -> {
                Args a = new Args(params, 3);
                long n = a.l();
                MemorySegment x = a.p();
                double value = a.d();
                for (long i = 0; i < n; i++) {
                    set(x, i, value);
                }
            }
            case "okl_topk_partial" -> {
                Args a = new Args(params, 9);
                int rows = a.i();
                int candidates = a.i();
                int k = a.i();
                MemorySegment s = a.p();
                int lds = a.i();
                MemorySegment self = a.p();
                double first = a.d();
                double infinity = a.d();
                MemorySegment work = a.p();
                if (gridX != rows || blockX != 64 || infinity != Double.POSITIVE_INFINITY) {
                    return 1;
                }
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < 64; j++) {
                        double[] v = new double[k];
                        double[] ix = new double[k];
                        Arrays.fill(v, infinity);
                        Arrays.fill(ix, -1);
                        for (int c = j; c < candidates; c += 64) {
                            double score = get(self, c) + get(s, c + (long) i * lds);
                            org.okl.gpu.device.TopK.insert(v, ix, 0, 0, k, Double.isNaN(score) ? infinity : score,
                                    first + c);
                        }
                        for (int r = 0; r < k; r++) {
                            set(work, ((long) (i * 64 + j) * k + r) * 2, v[r]);
                            set(work, ((long) (i * 64 + j) * k + r) * 2 + 1, ix[r]);
                        }
                    }
                }
            }
            case "okl_topk_merge" -> {
                Args a = new Args(params, 5);
                int rows = a.i();
                int k = a.i();
                MemorySegment work = a.p();
                MemorySegment values = a.p();
                MemorySegment indices = a.p();
                double[] v = new double[k];
                double[] ix = new double[k];
                for (int i = 0; i < rows; i++) {
                    for (int r = 0; r < k; r++) {
                        v[r] = get(values, (long) i * k + r);
                        ix[r] = get(indices, (long) i * k + r);
                    }
                    for (int q = 0; q < 64 * k; q++) {
                        double index = get(work, ((long) i * 64 * k + q) * 2 + 1);
                        if (index >= 0) {
                            org.okl.gpu.device.TopK.insert(v, ix, 0, 0, k, get(work, ((long) i * 64 * k + q) * 2),
                                    index);
                        }
                    }
                    for (int r = 0; r < k; r++) {
                        set(values, (long) i * k + r, v[r]);
                        set(indices, (long) i * k + r, ix[r]);
                    }
                }
            }
            default -> {
                return 500;
            }
        }
        return 0;
    }
}
