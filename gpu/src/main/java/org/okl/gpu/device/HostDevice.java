package org.okl.gpu.device;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The device primitives on the CPU, so that the GPU algorithms run, and are tested, without a card. Its streams are
 * deferred: queued work runs only when something waits for it ({@link #synchronize}, an event another stream
 * {@link #await}s, {@link #read}, {@link #write}, a decomposition that returns its status), so an algorithm that
 * writes a pinned buffer an upload still has to read, or reads a download before waiting for it, computes wrong
 * numbers here as it would on a card. Its memory is a set capacity, so the memory checks are exercised too.
 * Matrix products and decompositions go through a {@link LinearAlgebra} back-end; OKL's kernels are plain loops.
 */
public final class HostDevice implements Device {
    private final LinearAlgebra linearAlgebra;
    private final long capacity;
    private final List<HostStream> streams = new ArrayList<>();
    private long allocated;
    private long launches;

    /**
     * @param linearAlgebra the back-end of products and decompositions
     * @param capacity      the device memory, in bytes
     */
    public HostDevice(LinearAlgebra linearAlgebra, long capacity) {
        this.linearAlgebra = linearAlgebra;
        this.capacity = capacity;
    }

    @Override
    public String name() {
        return "host";
    }

    @Override
    public String description() {
        return "host: the device primitives on the CPU (" + linearAlgebra.name() + "), " + DeviceMemory.describe(
                capacity) + " of simulated device memory";
    }

    @Override
    public String card() {
        return "CPU";
    }

    @Override
    public synchronized long freeBytes() {
        return capacity - allocated;
    }

    @Override
    public long totalBytes() {
        return capacity;
    }

    /** How many operations were queued, for tests of the scheduling. */
    public synchronized long launches() {
        return launches;
    }

    @Override
    public synchronized DeviceBuffer allocate(long doubles, String what) {
        if (doubles < 0 || doubles > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the host device allocates at most 2^31 doubles, asked " + doubles);
        }
        DeviceMemory.require(this, 8 * doubles, what);
        allocated += 8 * doubles;
        return new Buffer(new Allocation(new double[(int) doubles]), 0);
    }

    @Override
    public HostBuffer pinned(long doubles) {
        if (doubles < 0 || doubles > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the host device pins at most 2^31 doubles, asked " + doubles);
        }
        return new Pinned(new double[(int) doubles]);
    }

    @Override
    public synchronized Stream stream() {
        HostStream s = new HostStream();
        streams.add(s);
        return s;
    }

    @Override
    public synchronized Event record(Stream stream) {
        HostStream s = (HostStream) stream;
        return new HostEvent(s, s.ops.size());
    }

    @Override
    public synchronized void await(Stream stream, Event event) {
        HostEvent e = (HostEvent) event;
        queue(stream, () -> e.stream().runTo(e.position()));
    }

    @Override
    public synchronized void synchronize(Event event) {
        HostEvent e = (HostEvent) event;
        e.stream().runTo(e.position());
    }

    @Override
    public synchronized void synchronize(Stream stream) {
        HostStream s = (HostStream) stream;
        s.runTo(s.ops.size());
    }

    @Override
    public synchronized void upload(HostBuffer source, long from, DeviceBuffer target, long count, Stream stream) {
        double[] src = ((Pinned) source).data;
        Buffer t = (Buffer) target;
        check(t, count);
        queue(stream, () -> System.arraycopy(src, (int) from, t.data(), t.offset(), (int) count));
    }

    @Override
    public synchronized void download(DeviceBuffer source, HostBuffer target, long to, long count, Stream stream) {
        Buffer s = (Buffer) source;
        double[] dst = ((Pinned) target).data;
        check(s, count);
        queue(stream, () -> System.arraycopy(s.data(), s.offset(), dst, (int) to, (int) count));
    }

    @Override
    public synchronized void copy(DeviceBuffer source, DeviceBuffer target, long count, Stream stream) {
        Buffer s = (Buffer) source;
        Buffer t = (Buffer) target;
        check(s, count);
        check(t, count);
        queue(stream, () -> System.arraycopy(s.data(), s.offset(), t.data(), t.offset(), (int) count));
    }

    @Override
    public synchronized void copyStrided(int count, DeviceBuffer source, int sourceStride, DeviceBuffer target,
            int targetStride, Stream stream) {
        Buffer s = (Buffer) source;
        Buffer t = (Buffer) target;
        queue(stream, () -> {
            for (int i = 0; i < count; i++) {
                t.data()[t.offset() + i * targetStride] = s.data()[s.offset() + i * sourceStride];
            }
        });
    }

    @Override
    public synchronized void fill(DeviceBuffer target, long count, double value, Stream stream) {
        Buffer t = (Buffer) target;
        check(t, count);
        queue(stream, () -> Arrays.fill(t.data(), t.offset(), t.offset() + (int) count, value));
    }

    @Override
    public synchronized void write(double[] source, int from, DeviceBuffer target, int count) {
        drain();
        Buffer t = (Buffer) target;
        check(t, count);
        System.arraycopy(source, from, t.data(), t.offset(), count);
    }

    @Override
    public synchronized void read(DeviceBuffer source, double[] target, int to, int count) {
        drain();
        Buffer s = (Buffer) source;
        check(s, count);
        System.arraycopy(s.data(), s.offset(), target, to, count);
    }

    @Override
    public synchronized void gemm(Stream stream, boolean transA, boolean transB, int m, int n, int k, double alpha,
            DeviceBuffer a, int lda, DeviceBuffer b, int ldb, double beta, DeviceBuffer c, int ldc) {
        Buffer ab = (Buffer) a;
        Buffer bb = (Buffer) b;
        Buffer cb = (Buffer) c;
        queue(stream, () -> {
            Matrix am = transA ? extract(ab, k, m, lda) : extract(ab, m, k, lda);
            Matrix bm = transB ? extract(bb, n, k, ldb) : extract(bb, k, n, ldb);
            Matrix cm = beta == 0 ? Matrix.zeros(m, n) : extract(cb, m, n, ldc);
            if (m > 0 && n > 0) {
                if (k == 0) {
                    cm = cm.times(beta);
                } else {
                    linearAlgebra.gemm(alpha, am, transA, bm, transB, beta, cm);
                }
            }
            store(cm, cb, ldc, false);
        });
    }

    @Override
    public synchronized void syrk(Stream stream, boolean transpose, int n, int k, double alpha, DeviceBuffer a,
            int lda, double beta, DeviceBuffer c, int ldc) {
        Buffer ab = (Buffer) a;
        Buffer cb = (Buffer) c;
        queue(stream, () -> {
            Matrix am = transpose ? extract(ab, k, n, lda) : extract(ab, n, k, lda);
            Matrix cm = extract(cb, n, n, ldc);
            if (beta == 0) {
                cm = Matrix.zeros(n, n);
            }
            if (k > 0) {
                linearAlgebra.symmetricRankUpdate(alpha, am, transpose, beta, cm);
            } else {
                cm = cm.times(beta);
            }
            store(cm, cb, ldc, true);
        });
    }

    @Override
    public synchronized void trsm(Stream stream, boolean left, boolean lower, boolean transpose, int m, int n,
            double alpha, DeviceBuffer t, int ldt, DeviceBuffer b, int ldb) {
        Buffer tb = (Buffer) t;
        Buffer bb = (Buffer) b;
        queue(stream, () -> {
            int order = left ? m : n;
            Matrix tm = triangle(extract(tb, order, order, ldt), lower);
            Matrix bm = extract(bb, m, n, ldb).times(alpha);
            Matrix x = left ? linearAlgebra.triangularSolve(tm, lower, transpose, bm)
                    : linearAlgebra.triangularSolve(tm, lower, !transpose, bm.transpose()).transpose();
            store(x, bb, ldb, false);
        });
    }

    @Override
    public synchronized int potrf(Stream stream, int n, DeviceBuffer a, int lda) {
        synchronize(stream);
        Buffer ab = (Buffer) a;
        Matrix lowerPart = triangle(extract(ab, n, n, lda), true);
        Matrix symmetric = lowerPart.plus(lowerPart.transpose());
        for (int i = 0; i < n; i++) {
            symmetric.set(i, i, lowerPart.get(i, i));
        }
        Optional<Matrix> factor = linearAlgebra.cholesky(symmetric);
        if (factor.isEmpty()) {
            return 1;
        }
        store(factor.get(), ab, lda, true);
        return 0;
    }

    @Override
    public long syevdBytes(int n) {
        return 8L * (2L * n * n + 6L * n + 1);
    }

    @Override
    public synchronized int syevd(Stream stream, int n, DeviceBuffer a, int lda, DeviceBuffer w) {
        synchronize(stream);
        Buffer ab = (Buffer) a;
        Buffer wb = (Buffer) w;
        Matrix lowerPart = triangle(extract(ab, n, n, lda), true);
        Matrix symmetric = lowerPart.plus(lowerPart.transpose());
        for (int i = 0; i < n; i++) {
            symmetric.set(i, i, lowerPart.get(i, i));
        }
        SymmetricEigen eigen = linearAlgebra.eigenSymmetric(symmetric);
        Matrix vectors = Matrix.zeros(n, n);
        for (int j = 0; j < n; j++) {
            wb.data()[wb.offset() + j] = eigen.values()[n - 1 - j];
            System.arraycopy(eigen.vectors().data(), (n - 1 - j) * n, vectors.data(), j * n, n);
        }
        store(vectors, ab, lda, false);
        return 0;
    }

    @Override
    public synchronized void gaussian(Stream stream, int rows, int cols, int dim, DeviceBuffer x, int ldx,
            DeviceBuffer l, int ldl, double scale, DeviceBuffer out, int ldo) {
        Buffer xb = (Buffer) x;
        Buffer lb = (Buffer) l;
        Buffer ob = (Buffer) out;
        queue(stream, () -> {
            for (int j = 0; j < cols; j++) {
                for (int i = 0; i < rows; i++) {
                    double d2 = 0;
                    for (int k = 0; k < dim; k++) {
                        double t = xb.get(i + k * ldx) - lb.get(j + k * ldl);
                        d2 += t * t;
                    }
                    ob.set(i + j * ldo, Math.exp(-scale * d2));
                }
            }
        });
    }

    @Override
    public synchronized void maskGroups(Stream stream, int rows, int cols, DeviceBuffer p, int ldp,
            DeviceBuffer rowGroups, DeviceBuffer columnGroups) {
        Buffer pb = (Buffer) p;
        Buffer rg = (Buffer) rowGroups;
        Buffer cg = (Buffer) columnGroups;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                for (int i = 0; i < rows; i++) {
                    if (rg.get(i) == cg.get(c)) {
                        pb.set(i + c * ldp, 0.0);
                    }
                }
            }
        });
    }

    @Override
    public synchronized void spreadGroups(Stream stream, int rows, int d, int groups, DeviceBuffer y, int ldy,
            DeviceBuffer rowGroups, DeviceBuffer out, int ldo) {
        Buffer yb = (Buffer) y;
        Buffer rg = (Buffer) rowGroups;
        Buffer ob = (Buffer) out;
        queue(stream, () -> {
            for (int g = 0; g < groups; g++) {
                for (int c = 0; c < d; c++) {
                    for (int i = 0; i < rows; i++) {
                        ob.set(i + (g * d + c) * ldo, rg.get(i) == g ? yb.get(i + c * ldy) : 0.0);
                    }
                }
            }
        });
    }

    @Override
    public synchronized void groupResiduals(Stream stream, int rows, int cols, DeviceBuffer p, int ldp,
            DeviceBuffer y, int ldy, DeviceBuffer rowGroups, DeviceBuffer columnGroups, DeviceBuffer columnOutputs,
            DeviceBuffer out) {
        Buffer pb = (Buffer) p;
        Buffer yb = (Buffer) y;
        Buffer rg = (Buffer) rowGroups;
        Buffer cg = (Buffer) columnGroups;
        Buffer co = (Buffer) columnOutputs;
        Buffer ob = (Buffer) out;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                int output = (int) co.get(c);
                double sum = 0;
                for (int i = 0; i < rows; i++) {
                    if (rg.get(i) == cg.get(c)) {
                        double r = yb.get(i + output * ldy) - pb.get(i + c * ldp);
                        sum += r * r;
                    }
                }
                ob.set(c, ob.get(c) + sum);
            }
        });
    }

    @Override
    public synchronized void columnDots(Stream stream, int rows, int cols, DeviceBuffer a, int lda, DeviceBuffer b,
            int ldb, DeviceBuffer out) {
        Buffer ab = (Buffer) a;
        Buffer bb = (Buffer) b;
        Buffer ob = (Buffer) out;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                double sum = 0;
                for (int i = 0; i < rows; i++) {
                    sum += ab.get(i + c * lda) * bb.get(i + c * ldb);
                }
                ob.set(c, sum);
            }
        });
    }

    @Override
    public synchronized void columnAxpy(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x,
            int ldx, DeviceBuffer y, int ldy) {
        Buffer al = (Buffer) alpha;
        Buffer xb = (Buffer) x;
        Buffer yb = (Buffer) y;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                double f = al.get(c);
                for (int i = 0; i < rows; i++) {
                    yb.set(i + c * ldy, yb.get(i + c * ldy) + f * xb.get(i + c * ldx));
                }
            }
        });
    }

    @Override
    public synchronized void columnXpby(Stream stream, int rows, int cols, DeviceBuffer x, int ldx,
            DeviceBuffer beta, DeviceBuffer y, int ldy) {
        Buffer xb = (Buffer) x;
        Buffer be = (Buffer) beta;
        Buffer yb = (Buffer) y;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                double f = be.get(c);
                for (int i = 0; i < rows; i++) {
                    yb.set(i + c * ldy, xb.get(i + c * ldx) + f * yb.get(i + c * ldy));
                }
            }
        });
    }

    @Override
    public synchronized void columnScale(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x,
            int ldx) {
        Buffer al = (Buffer) alpha;
        Buffer xb = (Buffer) x;
        queue(stream, () -> {
            for (int c = 0; c < cols; c++) {
                double f = al.get(c);
                for (int i = 0; i < rows; i++) {
                    xb.set(i + c * ldx, xb.get(i + c * ldx) * f);
                }
            }
        });
    }

    @Override
    public synchronized void addDiagonal(Stream stream, int n, DeviceBuffer a, int lda, double value) {
        Buffer ab = (Buffer) a;
        queue(stream, () -> {
            for (int i = 0; i < n; i++) {
                ab.set(i + i * lda, ab.get(i + i * lda) + value);
            }
        });
    }

    @Override
    public synchronized void zeroUpper(Stream stream, int n, DeviceBuffer a, int lda) {
        Buffer ab = (Buffer) a;
        queue(stream, () -> {
            for (int j = 1; j < n; j++) {
                for (int i = 0; i < j; i++) {
                    ab.set(i + j * lda, 0.0);
                }
            }
        });
    }

    @Override
    public synchronized void mirrorLower(Stream stream, int n, DeviceBuffer a, int lda) {
        Buffer ab = (Buffer) a;
        queue(stream, () -> {
            for (int j = 1; j < n; j++) {
                for (int i = 0; i < j; i++) {
                    ab.set(i + j * lda, ab.get(j + i * lda));
                }
            }
        });
    }

    @Override
    public long topKWork(int rows, int k) {
        return 0;
    }

    @Override
    public synchronized void topK(Stream stream, int rows, int candidates, int k, DeviceBuffer s, int lds,
            DeviceBuffer self, long firstIndex, DeviceBuffer values, DeviceBuffer indices, DeviceBuffer work) {
        Buffer sb = (Buffer) s;
        Buffer se = (Buffer) self;
        Buffer vb = (Buffer) values;
        Buffer ib = (Buffer) indices;
        queue(stream, () -> {
            for (int i = 0; i < rows; i++) {
                for (int c = 0; c < candidates; c++) {
                    double v = se.get(c) + sb.get(c + (long) i * lds);
                    TopK.insert(vb.data(), ib.data(), vb.offset() + i * k, ib.offset() + i * k, k,
                            Double.isNaN(v) ? Double.POSITIVE_INFINITY : v, firstIndex + c);
                }
            }
        });
    }

    @Override
    public synchronized void close() {
        drain();
    }

    private void queue(Stream stream, Runnable op) {
        launches++;
        ((HostStream) stream).ops.add(op);
    }

    private void drain() {
        for (HostStream s : List.copyOf(streams)) {
            s.runTo(s.ops.size());
        }
    }

    private static void check(Buffer b, long count) {
        if (count < 0 || count > b.size()) {
            throw new IllegalArgumentException(count + " doubles do not fit a buffer of " + b.size());
        }
    }

    private static Matrix extract(Buffer b, int rows, int cols, int ld) {
        Matrix m = Matrix.zeros(rows, cols);
        for (int j = 0; j < cols; j++) {
            System.arraycopy(b.data(), b.offset() + j * ld, m.data(), j * rows, rows);
        }
        return m;
    }

    private static void store(Matrix m, Buffer b, int ld, boolean lowerOnly) {
        int rows = m.rows();
        for (int j = 0; j < m.cols(); j++) {
            int from = lowerOnly ? j : 0;
            if (from < rows) {
                System.arraycopy(m.data(), j * rows + from, b.data(), b.offset() + j * ld + from, rows - from);
            }
        }
    }

    private static Matrix triangle(Matrix m, boolean lower) {
        Matrix t = m.copy();
        int n = m.rows();
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                if (lower ? i < j : i > j) {
                    t.set(i, j, 0.0);
                }
            }
        }
        return t;
    }

    /** Memory, freed once. */
    private final class Allocation {
        private final double[] data;
        private boolean freed;

        Allocation(double[] data) {
            this.data = data;
        }
    }

    /** A view of an allocation from an offset. */
    private final class Buffer implements DeviceBuffer {
        private final Allocation allocation;
        private final int offset;

        Buffer(Allocation allocation, int offset) {
            this.allocation = allocation;
            this.offset = offset;
        }

        double[] data() {
            if (allocation.freed) {
                throw new IllegalStateException("a device buffer was used after it was freed");
            }
            return allocation.data;
        }

        int offset() {
            return offset;
        }

        double get(long i) {
            return data()[offset + (int) i];
        }

        void set(long i, double v) {
            data()[offset + (int) i] = v;
        }

        @Override
        public long size() {
            return allocation.data.length - offset;
        }

        @Override
        public DeviceBuffer at(long more) {
            if (more < 0 || more > size()) {
                throw new IllegalArgumentException("offset " + more + " outside a buffer of " + size());
            }
            return new Buffer(allocation, offset + (int) more);
        }

        @Override
        public void close() {
            synchronized (HostDevice.this) {
                if (offset == 0 && !allocation.freed) {
                    drain();
                    allocation.freed = true;
                    allocated -= 8L * allocation.data.length;
                }
            }
        }
    }

    /** Pinned memory: an array. */
    private static final class Pinned implements HostBuffer {
        private final double[] data;

        Pinned(double[] data) {
            this.data = data;
        }

        @Override
        public long size() {
            return data.length;
        }

        @Override
        public void put(long offset, double[] source, int from, int count) {
            System.arraycopy(source, from, data, (int) offset, count);
        }

        @Override
        public void get(long offset, double[] target, int to, int count) {
            System.arraycopy(data, (int) offset, target, to, count);
        }

        @Override
        public void close() {
        }
    }

    /** Queued work, run when waited for. */
    private final class HostStream implements Stream {
        private final List<Runnable> ops = new ArrayList<>();
        private int done;

        @Override
        public void close() {
            synchronized (HostDevice.this) {
                runTo(ops.size());
                streams.remove(this);
            }
        }

        void runTo(int position) {
            while (done < position) {
                Runnable op = ops.get(done);
                ops.set(done, null);
                done++;
                op.run();
            }
        }
    }

    /** A position in a stream. */
    private record HostEvent(HostStream stream, int position) implements Event {
    }
}
