package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.DeviceMemory;
import org.okl.gpu.device.HostBuffer;

/**
 * A CUDA GPU as OKL's {@link Device}: memory by {@code cudaMalloc} after a check of what is free, pinned host memory
 * by {@code cudaMallocHost}, work on CUDA streams ordered by events, products by cuBLAS, decompositions by cuSOLVER,
 * and OKL's kernels. Calls are serialized; each makes the device's primary context current on the calling thread
 * first.
 */
public final class CudaDevice implements Device {
    private static final Cleaner CLEANER = Cleaner.create();
    /** Doubles of the pinned buffer that synchronous copies from and to the Java heap go through. */
    private static final int STAGING = 1 << 22;
    private static final int THREADS = 256;

    private final int ordinal;
    private final CudaRuntime runtime;
    private final Cublas cublas;
    private final Cusolver cusolver;
    private final CudaKernels kernels;
    private final String card;
    private final String versions;
    private final int capability;
    private final int multiprocessors;
    private final MemorySegment staging;
    private final long info;
    private final MemorySegment defaultStream = MemorySegment.NULL;
    private boolean closed;

    /**
     * Opens the device: the libraries bound, the kernels compiled for its compute capability.
     *
     * @param ordinal   the device number
     * @param binder    where the native functions come from
     * @param libraries which library files were loaded (asked once they are), for the description
     */
    CudaDevice(int ordinal, Binder binder, java.util.function.Supplier<String> libraries) {
        this.ordinal = ordinal;
        this.runtime = new CudaRuntime(binder);
        this.kernels = new CudaKernels(binder);
        kernels.initialise();
        runtime.setDevice(ordinal);
        runtime.free(0);
        this.card = kernels.deviceName(ordinal);
        this.capability = 10 * runtime.attribute(CudaRuntime.CAPABILITY_MAJOR, ordinal)
                + runtime.attribute(CudaRuntime.CAPABILITY_MINOR, ordinal);
        this.multiprocessors = runtime.attribute(CudaRuntime.MULTIPROCESSORS, ordinal);
        this.cublas = new Cublas(binder);
        this.cusolver = new Cusolver(binder);
        kernels.load(capability);
        String files = libraries.get();
        this.versions = "CUDA runtime " + runtime.runtimeVersion() + ", driver " + runtime.driverVersion()
                + ", NVRTC " + kernels.nvrtcVersion() + (files.isEmpty() ? "" : " (" + files + ")");
        this.staging = runtime.mallocHost(8L * STAGING);
        int[] status = new int[1];
        this.info = runtime.malloc(8, status);
        if (status[0] != 0) {
            throw new IllegalStateException("cudaMalloc of 8 bytes failed on " + name());
        }
    }

    private void enter() {
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
        runtime.setDevice(ordinal);
    }

    @Override
    public String name() {
        return "cuda:" + ordinal;
    }

    @Override
    public String card() {
        return card;
    }

    @Override
    public synchronized String description() {
        enter();
        long[] memory = runtime.memory();
        return String.format(Locale.ROOT, "%s %s (compute %d.%d, %d multiprocessors), %s of %s free; %s; FP64",
                name(), card, capability / 10, capability % 10, multiprocessors, DeviceMemory.describe(memory[0]),
                DeviceMemory.describe(memory[1]), versions);
    }

    @Override
    public synchronized long freeBytes() {
        enter();
        return runtime.memory()[0];
    }

    @Override
    public synchronized long totalBytes() {
        enter();
        return runtime.memory()[1];
    }

    @Override
    public synchronized DeviceBuffer allocate(long doubles, String what) {
        enter();
        long bytes = 8L * Math.max(1, doubles);
        DeviceMemory.require(this, bytes, what);
        int[] status = new int[1];
        long address = runtime.malloc(bytes, status);
        if (status[0] != 0) {
            throw new OklException(ErrorCode.OUT_OF_MEMORY, "cudaMalloc of " + DeviceMemory.describe(bytes) + " for "
                    + what + " failed on " + name() + " with " + DeviceMemory.describe(freeBytes()) + " free; "
                    + DeviceMemory.ADVICE);
        }
        return new Buffer(new Allocation(address, doubles), 0);
    }

    @Override
    public synchronized HostBuffer pinned(long doubles) {
        enter();
        return new Pinned(runtime.mallocHost(8L * Math.max(1, doubles)));
    }

    @Override
    public synchronized Stream stream() {
        enter();
        return new CudaStream(runtime.streamCreate());
    }

    @Override
    public synchronized Event record(Stream stream) {
        enter();
        MemorySegment event = runtime.eventCreate();
        runtime.eventRecord(event, s(stream));
        CudaEvent e = new CudaEvent(event);
        CudaRuntime rt = runtime;
        CLEANER.register(e, () -> rt.eventDestroy(event));
        return e;
    }

    @Override
    public synchronized void await(Stream stream, Event event) {
        enter();
        runtime.streamWaitEvent(s(stream), ((CudaEvent) event).event());
    }

    @Override
    public void synchronize(Event event) {
        MemorySegment e;
        synchronized (this) {
            enter();
            e = ((CudaEvent) event).event();
        }
        runtime.eventSynchronize(e);
    }

    @Override
    public void synchronize(Stream stream) {
        synchronized (this) {
            enter();
        }
        runtime.streamSynchronize(s(stream));
    }

    private static MemorySegment s(Stream stream) {
        return ((CudaStream) stream).stream();
    }

    private static MemorySegment at(DeviceBuffer b) {
        return MemorySegment.ofAddress(((Buffer) b).address());
    }

    private static void check(DeviceBuffer b, long count) {
        if (count < 0 || count > b.size()) {
            throw new IllegalArgumentException(count + " doubles do not fit a device buffer of " + b.size());
        }
    }

    @Override
    public synchronized void upload(HostBuffer source, long from, DeviceBuffer target, long count, Stream stream) {
        enter();
        check(target, count);
        MemorySegment src = ((Pinned) source).segment().asSlice(8 * from, 8 * count);
        runtime.memcpyAsync(at(target), src, 8 * count, CudaRuntime.HOST_TO_DEVICE, s(stream));
    }

    @Override
    public synchronized void download(DeviceBuffer source, HostBuffer target, long to, long count, Stream stream) {
        enter();
        check(source, count);
        MemorySegment dst = ((Pinned) target).segment().asSlice(8 * to, 8 * count);
        runtime.memcpyAsync(dst, at(source), 8 * count, CudaRuntime.DEVICE_TO_HOST, s(stream));
    }

    @Override
    public synchronized void copy(DeviceBuffer source, DeviceBuffer target, long count, Stream stream) {
        enter();
        check(source, count);
        check(target, count);
        if (count > 0) {
            runtime.memcpyAsync(at(target), at(source), 8 * count, CudaRuntime.DEVICE_TO_DEVICE, s(stream));
        }
    }

    @Override
    public synchronized void copyStrided(int count, DeviceBuffer source, int sourceStride, DeviceBuffer target,
            int targetStride, Stream stream) {
        enter();
        cublas.copy(s(stream), count, at(source), sourceStride, at(target), targetStride);
    }

    @Override
    public synchronized void fill(DeviceBuffer target, long count, double value, Stream stream) {
        enter();
        check(target, count);
        if (count == 0) {
            return;
        }
        if (Double.doubleToRawLongBits(value) == 0L) {
            runtime.memsetAsync(at(target), 0, 8 * count, s(stream));
        } else {
            kernels.launch("okl_fill", blocks(count), 1, THREADS, 1, s(stream), count, address(target), value);
        }
    }

    @Override
    public synchronized void write(double[] source, int from, DeviceBuffer target, int count) {
        enter();
        check(target, count);
        runtime.deviceSynchronize();
        for (int done = 0; done < count; done += STAGING) {
            int n = Math.min(STAGING, count - done);
            MemorySegment.copy(source, from + done, staging, JAVA_DOUBLE, 0, n);
            runtime.memcpy(MemorySegment.ofAddress(((Buffer) target).address() + 8L * done), staging, 8L * n,
                    CudaRuntime.HOST_TO_DEVICE);
        }
    }

    @Override
    public synchronized void read(DeviceBuffer source, double[] target, int to, int count) {
        enter();
        check(source, count);
        runtime.deviceSynchronize();
        for (int done = 0; done < count; done += STAGING) {
            int n = Math.min(STAGING, count - done);
            runtime.memcpy(staging, MemorySegment.ofAddress(((Buffer) source).address() + 8L * done), 8L * n,
                    CudaRuntime.DEVICE_TO_HOST);
            MemorySegment.copy(staging, JAVA_DOUBLE, 0, target, to + done, n);
        }
    }

    @Override
    public synchronized void gemm(Stream stream, boolean transA, boolean transB, int m, int n, int k, double alpha,
            DeviceBuffer a, int lda, DeviceBuffer b, int ldb, double beta, DeviceBuffer c, int ldc) {
        enter();
        if (m == 0 || n == 0) {
            return;
        }
        cublas.gemm(s(stream), transA, transB, m, n, k, alpha, at(a), Math.max(1, lda), at(b), Math.max(1, ldb), beta,
                at(c), Math.max(1, ldc));
    }

    @Override
    public synchronized void syrk(Stream stream, boolean transpose, int n, int k, double alpha, DeviceBuffer a,
            int lda, double beta, DeviceBuffer c, int ldc) {
        enter();
        if (n == 0) {
            return;
        }
        cublas.syrk(s(stream), transpose, n, k, alpha, at(a), Math.max(1, lda), beta, at(c), Math.max(1, ldc));
    }

    @Override
    public synchronized void trsm(Stream stream, boolean left, boolean lower, boolean transpose, int m, int n,
            double alpha, DeviceBuffer t, int ldt, DeviceBuffer b, int ldb) {
        enter();
        if (m == 0 || n == 0) {
            return;
        }
        cublas.trsm(s(stream), left, lower, transpose, m, n, alpha, at(t), Math.max(1, ldt), at(b), Math.max(1, ldb));
    }

    @Override
    public synchronized int potrf(Stream stream, int n, DeviceBuffer a, int lda) {
        enter();
        long[] bytes = cusolver.potrfBytes(s(stream), n, at(a), lda);
        return withWork(bytes, "Cholesky's work space", (work, host) -> cusolver.potrf(s(stream), n, at(a), lda,
                work, bytes[0], host, bytes[1], MemorySegment.ofAddress(info)), stream);
    }

    @Override
    public long syevdBytes(int n) {
        return 8L * (1L + 6L * n + 2L * n * (long) n);
    }

    @Override
    public synchronized int syevd(Stream stream, int n, DeviceBuffer a, int lda, DeviceBuffer w) {
        enter();
        long[] bytes = cusolver.syevdBytes(s(stream), n, at(a), lda, at(w));
        return withWork(bytes, "the eigendecomposition's work space", (work, host) -> cusolver.syevd(s(stream), n,
                at(a), lda, at(w), work, bytes[0], host, bytes[1], MemorySegment.ofAddress(info)), stream);
    }

    /** A cuSOLVER call with device and host work spaces. */
    @FunctionalInterface
    private interface SolverCall {
        void run(MemorySegment work, MemorySegment host);
    }

    /** Runs a cuSOLVER call with its work spaces, waits, and returns its info. */
    private int withWork(long[] bytes, String what, SolverCall call, Stream stream) {
        try (Arena arena = Arena.ofConfined();
                DeviceBuffer work = allocate(Math.max(1, (bytes[0] + 7) / 8), what)) {
            MemorySegment host = bytes[1] > 0 ? arena.allocate(bytes[1], 64) : MemorySegment.NULL;
            call.run(at(work), host);
            runtime.streamSynchronize(s(stream));
            MemorySegment out = arena.allocate(JAVA_INT);
            runtime.memcpy(out, MemorySegment.ofAddress(info), 4, CudaRuntime.DEVICE_TO_HOST);
            return out.get(JAVA_INT, 0);
        }
    }

    private static CudaKernels.Address address(DeviceBuffer b) {
        return new CudaKernels.Address(((Buffer) b).address());
    }

    private static int blocks(long total) {
        return (int) Math.max(1, Math.min((total + THREADS - 1) / THREADS, 1 << 20));
    }

    /** Tiles of 64 outputs along one side of a Gaussian block. */
    private static int tiles(int n) {
        return Math.max(1, (n + 63) / 64);
    }

    @Override
    public synchronized void gaussian(Stream stream, int rows, int cols, int dim, DeviceBuffer x, int ldx,
            DeviceBuffer l, int ldl, double scale, DeviceBuffer out, int ldo) {
        enter();
        if (rows == 0 || cols == 0) {
            return;
        }
        if (tiles(cols) > 65535) {
            throw new IllegalArgumentException("a kernel block of " + cols + " columns exceeds the grid");
        }
        kernels.launch("okl_gaussian", tiles(rows), tiles(cols), 16, 16, s(stream), rows, cols, dim, address(x),
                Math.max(1, ldx), address(l), Math.max(1, ldl), scale, address(out), Math.max(1, ldo));
    }

    @Override
    public synchronized void maskGroups(Stream stream, int rows, int cols, DeviceBuffer p, int ldp,
            DeviceBuffer rowGroups, DeviceBuffer columnGroups) {
        enter();
        if ((long) rows * cols == 0) {
            return;
        }
        kernels.launch("okl_mask_groups", blocks((long) rows * cols), 1, THREADS, 1, s(stream), rows, cols,
                address(p), ldp, address(rowGroups), address(columnGroups));
    }

    @Override
    public synchronized void spreadGroups(Stream stream, int rows, int d, int groups, DeviceBuffer y, int ldy,
            DeviceBuffer rowGroups, DeviceBuffer out, int ldo) {
        enter();
        if ((long) rows * d * groups == 0) {
            return;
        }
        kernels.launch("okl_spread_groups", blocks((long) rows * d * groups), 1, THREADS, 1, s(stream), rows, d,
                groups, address(y), ldy, address(rowGroups), address(out), ldo);
    }

    @Override
    public synchronized void groupResiduals(Stream stream, int rows, int cols, DeviceBuffer p, int ldp,
            DeviceBuffer y, int ldy, DeviceBuffer rowGroups, DeviceBuffer columnGroups, DeviceBuffer columnOutputs,
            DeviceBuffer out) {
        enter();
        if (cols == 0) {
            return;
        }
        kernels.launch("okl_group_residuals", cols, 1, THREADS, 1, s(stream), rows, cols, address(p), ldp,
                address(y), ldy, address(rowGroups), address(columnGroups), address(columnOutputs), address(out));
    }

    @Override
    public synchronized void columnDots(Stream stream, int rows, int cols, DeviceBuffer a, int lda, DeviceBuffer b,
            int ldb, DeviceBuffer out) {
        enter();
        if (cols == 0) {
            return;
        }
        kernels.launch("okl_column_dots", cols, 1, THREADS, 1, s(stream), rows, cols, address(a), lda, address(b),
                ldb, address(out));
    }

    @Override
    public synchronized void columnAxpy(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x,
            int ldx, DeviceBuffer y, int ldy) {
        enter();
        if ((long) rows * cols == 0) {
            return;
        }
        kernels.launch("okl_column_axpy", blocks((long) rows * cols), 1, THREADS, 1, s(stream), rows, cols,
                address(alpha), address(x), ldx, address(y), ldy);
    }

    @Override
    public synchronized void columnXpby(Stream stream, int rows, int cols, DeviceBuffer x, int ldx,
            DeviceBuffer beta, DeviceBuffer y, int ldy) {
        enter();
        if ((long) rows * cols == 0) {
            return;
        }
        kernels.launch("okl_column_xpby", blocks((long) rows * cols), 1, THREADS, 1, s(stream), rows, cols,
                address(x), ldx, address(beta), address(y), ldy);
    }

    @Override
    public synchronized void columnScale(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x,
            int ldx) {
        enter();
        if ((long) rows * cols == 0) {
            return;
        }
        kernels.launch("okl_column_scale", blocks((long) rows * cols), 1, THREADS, 1, s(stream), rows, cols,
                address(alpha), address(x), ldx);
    }

    @Override
    public synchronized void addDiagonal(Stream stream, int n, DeviceBuffer a, int lda, double value) {
        enter();
        if (n == 0) {
            return;
        }
        kernels.launch("okl_add_diagonal", blocks(n), 1, THREADS, 1, s(stream), n, address(a), lda, value);
    }

    @Override
    public synchronized void zeroUpper(Stream stream, int n, DeviceBuffer a, int lda) {
        enter();
        if (n < 2) {
            return;
        }
        kernels.launch("okl_zero_upper", blocks((long) n * n), 1, THREADS, 1, s(stream), n, address(a), lda);
    }

    @Override
    public synchronized void mirrorLower(Stream stream, int n, DeviceBuffer a, int lda) {
        enter();
        if (n < 2) {
            return;
        }
        kernels.launch("okl_mirror_lower", blocks((long) n * n), 1, THREADS, 1, s(stream), n, address(a), lda);
    }

    @Override
    public long topKWork(int rows, int k) {
        return 2L * rows * 64 * k;
    }

    @Override
    public synchronized void topK(Stream stream, int rows, int candidates, int k, DeviceBuffer s, int lds,
            DeviceBuffer self, long firstIndex, DeviceBuffer values, DeviceBuffer indices, DeviceBuffer work) {
        enter();
        if (k > 64 || k < 1) {
            throw new IllegalArgumentException("top-k on the card keeps 1 to 64 candidates, asked " + k);
        }
        if (rows == 0) {
            return;
        }
        check(work, topKWork(rows, k));
        kernels.launch("okl_topk_partial", rows, 1, 64, 1, s(stream), rows, candidates, k, address(s), lds,
                address(self), (double) firstIndex, Double.POSITIVE_INFINITY, address(work));
        kernels.launch("okl_topk_merge", (rows + THREADS - 1) / THREADS, 1, THREADS, 1, s(stream), rows, k,
                address(work), address(values), address(indices));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        enter();
        runtime.deviceSynchronize();
        runtime.free(info);
        runtime.freeHost(staging);
        cublas.close();
        cusolver.close();
        closed = true;
    }

    /** Device memory, freed once. */
    private final class Allocation {
        private final long address;
        private final long doubles;
        private final AtomicBoolean freed = new AtomicBoolean();

        Allocation(long address, long doubles) {
            this.address = address;
            this.doubles = doubles;
        }
    }

    /** A view of an allocation. */
    private final class Buffer implements DeviceBuffer {
        private final Allocation allocation;
        private final long offset;

        Buffer(Allocation allocation, long offset) {
            this.allocation = allocation;
            this.offset = offset;
        }

        long address() {
            if (allocation.freed.get()) {
                throw new IllegalStateException("a device buffer was used after it was freed");
            }
            return allocation.address + 8 * offset;
        }

        @Override
        public long size() {
            return allocation.doubles - offset;
        }

        @Override
        public DeviceBuffer at(long more) {
            if (more < 0 || more > size()) {
                throw new IllegalArgumentException("offset " + more + " outside a device buffer of " + size());
            }
            return new Buffer(allocation, offset + more);
        }

        @Override
        public void close() {
            if (offset == 0 && allocation.freed.compareAndSet(false, true)) {
                synchronized (CudaDevice.this) {
                    enter();
                    runtime.free(allocation.address);
                }
            }
        }
    }

    /** Pinned host memory. */
    private final class Pinned implements HostBuffer {
        private final MemorySegment segment;
        private final AtomicBoolean freed = new AtomicBoolean();

        Pinned(MemorySegment segment) {
            this.segment = segment;
        }

        MemorySegment segment() {
            if (freed.get()) {
                throw new IllegalStateException("a pinned buffer was used after it was freed");
            }
            return segment;
        }

        @Override
        public long size() {
            return segment.byteSize() / 8;
        }

        @Override
        public void put(long offset, double[] source, int from, int count) {
            MemorySegment.copy(source, from, segment(), JAVA_DOUBLE, 8 * offset, count);
        }

        @Override
        public void get(long offset, double[] target, int to, int count) {
            MemorySegment.copy(segment(), JAVA_DOUBLE, 8 * offset, target, to, count);
        }

        @Override
        public void close() {
            if (freed.compareAndSet(false, true)) {
                synchronized (CudaDevice.this) {
                    enter();
                    runtime.deviceSynchronize();
                    runtime.freeHost(segment);
                }
            }
        }
    }

    /** A CUDA stream. */
    private final class CudaStream implements Stream {
        private final MemorySegment stream;
        private final AtomicBoolean destroyed = new AtomicBoolean();

        CudaStream(MemorySegment stream) {
            this.stream = stream;
        }

        MemorySegment stream() {
            return stream;
        }

        @Override
        public void close() {
            if (destroyed.compareAndSet(false, true)) {
                synchronized (CudaDevice.this) {
                    enter();
                    runtime.streamSynchronize(stream);
                    runtime.streamDestroy(stream);
                }
            }
        }
    }

    /** A CUDA event, destroyed when no longer reachable. */
    private record CudaEvent(MemorySegment event) implements Event {
    }
}
