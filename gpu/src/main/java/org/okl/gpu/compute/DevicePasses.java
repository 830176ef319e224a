package org.okl.gpu.compute;

import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.Passes;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.DeviceMemory;
import org.okl.linalg.expansion.NystromFeatures;

/**
 * Passes over the rows on a device, chunk by chunk, for an algorithm that reads them many times (Falkon: one pass
 * per iteration). When the card computes the kernel and the rows fit in a share of its memory, the first pass
 * leaves them there (inputs, targets and groups, column-major) and every later pass reads them from there without
 * touching the source; otherwise each pass reads the source again, through pinned double-buffered {@link Slots},
 * as the CPU route does. For every chunk the kernel block {@code Phi} (chunk x m) is made on the card (or by the CPU
 * for other sketches) and handed to the pass's work, queued on one stream. The first pass also keeps, per group, the
 * row count and the sums of y and y^2 of every output.
 */
final class DevicePasses implements AutoCloseable {
    /** The share of the free device memory the rows may take to stay there. */
    static final double RESIDENT_SHARE = 0.6;

    private final Device device;
    private final SketchFeatures features;
    private final Optional<CardKernel> card;
    private final RowSource source;
    private final UnaryOperator<Matrix> encode;
    private final FoldScheme scheme;
    private final StreamTimings timings;
    private final int m;
    private final int p;
    private final int d;
    private final int groups;
    private final int chunk;
    private final Device.Stream copy;
    private final Device.Stream compute;
    private final DeviceBuffer landmarks;
    private final DeviceBuffer phi;
    private final Slots slots;
    private final DeviceBuffer[] resident;
    private final long n;
    private boolean loaded;
    private boolean tallied;
    private final long[] counts;
    private final double[][] outputSums;
    private final double[][] outputSquares;

    /** The work of a pass on one chunk of rows, queued on {@link #stream()}. */
    @FunctionalInterface
    interface ChunkWork {
        /**
         * @param phi    the chunk's kernel block (rows x m)
         * @param ldphi  its leading dimension
         * @param y      the chunk's targets (rows x d)
         * @param ldy    their leading dimension
         * @param groups the chunk's groups (rows, as doubles)
         * @param rows   the rows in the chunk
         */
        void queue(DeviceBuffer phi, int ldphi, DeviceBuffer y, int ldy, DeviceBuffer groups, int rows);
    }

    private DevicePasses(Device device, SketchFeatures features, Optional<CardKernel> card, RowSource source,
            UnaryOperator<Matrix> encode, FoldScheme scheme, int outputs, boolean keep, StreamTimings timings) {
        this.device = device;
        this.features = features;
        this.card = card;
        this.source = source;
        this.encode = encode;
        this.scheme = scheme;
        this.timings = timings;
        this.m = features.size();
        this.p = source.dimension();
        this.d = outputs;
        this.groups = scheme.groups();
        this.n = source.size();
        this.chunk = chunkRows(m, card.isPresent(), n);
        this.counts = new long[groups];
        this.outputSums = new double[groups][d];
        this.outputSquares = new double[groups][d];
        this.copy = device.stream();
        this.compute = device.stream();
        DeviceBuffer marks = null;
        DeviceBuffer block = null;
        Slots staging = null;
        DeviceBuffer[] rows = null;
        try {
            if (card.isPresent()) {
                marks = device.allocate((long) m * p, "the landmarks");
                device.write(CardKernel.landmarks(features).data(), 0, marks, m * p);
                block = device.allocate((long) chunk * m, "a kernel block");
            }
            if (keep) {
                rows = new DeviceBuffer[] {device.allocate(n * p, "the rows' inputs"),
                    device.allocate(n * d, "the rows' targets"), device.allocate(n, "the rows' groups")};
            }
            staging = new Slots(device, width(), chunk, !keep, copy, compute, "the staged rows");
        } catch (RuntimeException e) {
            for (DeviceBuffer b : new DeviceBuffer[] {marks, block}) {
                if (b != null) {
                    b.close();
                }
            }
            if (rows != null) {
                for (DeviceBuffer b : rows) {
                    if (b != null) {
                        b.close();
                    }
                }
            }
            copy.close();
            compute.close();
            throw e;
        }
        this.landmarks = marks;
        this.phi = block;
        this.slots = staging;
        this.resident = rows;
    }

    /**
     * Passes over the rows on a device.
     *
     * @param reserve  device bytes the caller needs besides the passes (its own buffers); the rows stay on the card
     *                 only if they fit beside them
     * @param keepRows whether the rows may stay on the card
     */
    static DevicePasses open(Device device, SketchFeatures features, RowSource source, UnaryOperator<Matrix> encode,
            FoldScheme scheme, int outputs, long reserve, boolean keepRows, StreamTimings timings) {
        Optional<CardKernel> card = CardKernel.of(features);
        int m = features.size();
        long rowBytes = 8L * source.size() * (source.dimension() + outputs + 1);
        long free = device.freeBytes() - DeviceMemory.headroom(device) - reserve - bytes(m, source.dimension(), outputs,
                card.isPresent(), source.size());
        boolean keep = keepRows && card.isPresent() && source.size() > 0 && rowBytes <= RESIDENT_SHARE * free;
        return new DevicePasses(device, features, card, source, encode, scheme, outputs, keep, timings);
    }

    /** Device bytes of the passes' own buffers, the rows streamed (without rows kept on the card). */
    static long bytes(int m, int p, int d, boolean card, long n) {
        int rows = chunkRows(m, card, n);
        int width = (card ? p : m) + d + 1;
        return (card ? 8L * ((long) rows * m + (long) m * p) : 0) + Slots.bytes(width, rows);
    }

    /**
     * Rows per chunk: 65,536 or fewer, so that a kernel block holds at most 2^27 doubles (1 GiB), or 2^22 doubles
     * of features made by the CPU; never more than the n rows.
     */
    static int chunkRows(int m, boolean card, long n) {
        int rows = card ? Math.max(256, Math.min(65536, (1 << 27) / Math.max(1, m)))
                : Math.max(256, Math.min(8192, (1 << 22) / Math.max(1, m)));
        return (int) Math.max(1, Math.min(rows, n));
    }

    private int width() {
        return (card.isPresent() ? p : m) + d + 1;
    }

    /** The stream every pass's work is queued on. */
    Device.Stream stream() {
        return compute;
    }

    /** The most rows of one chunk. */
    int chunk() {
        return chunk;
    }

    /** Whether the rows stay on the device after the first pass. */
    boolean resident() {
        return resident != null;
    }

    /** The rows of a group (after the first pass). */
    long count(int group) {
        return counts[group];
    }

    /** Per output, the sum of y over a group's rows (after the first pass). */
    double[] outputSums(int group) {
        return outputSums[group].clone();
    }

    /** Per output, the sum of y^2 over a group's rows (after the first pass). */
    double[] outputSquares(int group) {
        return outputSquares[group].clone();
    }

    /** One pass: the work of every chunk queued in row order; returns when it is queued, not done. */
    void pass(ChunkWork work) {
        if (loaded) {
            long start = System.nanoTime();
            for (long from = 0; from < n; from += chunk) {
                int rows = (int) Math.min(chunk, n - from);
                card.get().block(device, compute, rows, m, p, resident[0].at(from), (int) n, landmarks, m, phi,
                        rows);
                work.queue(phi, rows, resident[1].at(from), (int) n, resident[2].at(from), rows);
            }
            timings.products(System.nanoTime() - start);
            timings.pass(n);
            return;
        }
        boolean first = !tallied;
        long[] next = {0};
        Passes.run(source, timings, (firstRow, stored, outputs) -> {
            Matrix inputs = stored.toDense();
            Matrix targets = encode.apply(outputs);
            int t = inputs.rows();
            if (targets.cols() != d) {
                throw new IllegalArgumentException("targets of " + targets.cols() + " columns for " + d
                        + " outputs");
            }
            Finite.require(inputs, firstRow, "input");
            Finite.require(targets, firstRow, "target");
            int[] group = Finite.groups(scheme, firstRow, t);
            if (first) {
                tally(group, targets);
            }
            long start = System.nanoTime();
            Matrix x = card.isPresent() ? inputs : features.features(inputs);
            double[] groupValues = new double[t];
            for (int i = 0; i < t; i++) {
                groupValues[i] = group[i];
            }
            int width = x.cols();
            for (int from = 0; from < t; ) {
                int take = Math.min(slots.room(), t - from);
                for (int j = 0; j < width; j++) {
                    slots.fill(j, x.data(), j * t + from, take);
                }
                for (int c = 0; c < d; c++) {
                    slots.fill(width + c, targets.data(), c * t + from, take);
                }
                slots.fill(width + d, groupValues, from, take);
                slots.advance(take);
                from += take;
                if (slots.room() == 0) {
                    next[0] = ship(work, next[0]);
                }
            }
            timings.kernel(System.nanoTime() - start);
        });
        ship(work, next[0]);
        tallied = true;
        loaded = resident != null;
    }

    private void tally(int[] group, Matrix targets) {
        int t = group.length;
        double[] y = targets.data();
        for (int i = 0; i < t; i++) {
            counts[group[i]]++;
        }
        for (int c = 0; c < d; c++) {
            for (int i = 0; i < t; i++) {
                double v = y[i + c * t];
                outputSums[group[i]][c] += v;
                outputSquares[group[i]][c] += v * v;
            }
        }
    }

    /** Ships the filled slot and queues the work on its rows; returns the global index of the next row. */
    private long ship(ChunkWork work, long firstRow) {
        int rows = slots.filled();
        if (rows == 0) {
            return firstRow;
        }
        if (resident != null) {
            DeviceBuffer[] targets = new DeviceBuffer[p + d + 1];
            for (int j = 0; j < p; j++) {
                targets[j] = resident[0].at(j * n + firstRow);
            }
            for (int c = 0; c < d; c++) {
                targets[p + c] = resident[1].at(c * n + firstRow);
            }
            targets[p + d] = resident[2].at(firstRow);
            slots.uploadTo(targets, () -> {
                card.get().block(device, compute, rows, m, p, resident[0].at(firstRow), (int) n, landmarks, m, phi,
                        rows);
                work.queue(phi, rows, resident[1].at(firstRow), (int) n, resident[2].at(firstRow), rows);
            });
        } else {
            slots.ship((slot, count, ld) -> {
                int width = card.isPresent() ? p : m;
                DeviceBuffer block = slot;
                int ldb = ld;
                if (card.isPresent()) {
                    card.get().block(device, compute, count, m, p, slot, ld, landmarks, m, phi, count);
                    block = phi;
                    ldb = count;
                }
                work.queue(block, ldb, slot.at((long) width * ld), ld, slot.at((long) (width + d) * ld), count);
            });
        }
        return firstRow + rows;
    }

    /** Waits for the queued work. */
    void synchronize() {
        device.synchronize(compute);
    }

    @Override
    public void close() {
        device.synchronize(compute);
        slots.close();
        if (resident != null) {
            for (DeviceBuffer b : resident) {
                b.close();
            }
        }
        if (landmarks != null) {
            landmarks.close();
            phi.close();
        }
        copy.close();
        compute.close();
    }
}
