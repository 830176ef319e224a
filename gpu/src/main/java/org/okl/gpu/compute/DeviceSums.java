package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.DeviceMemory;
import org.okl.linalg.device.FoldSums;
import org.okl.linalg.streamed.FoldAggregates;

/**
 * The eigen route's pass on a device: every group's {@code Phi_g^T Phi_g} ({@code syrk}) and {@code Phi_g^T Y_g}
 * ({@code gemm}) summed on the card. Rows go to their group's pair of pinned {@link Slots} as they arrive (inputs and
 * targets, or, for a kernel the card does not compute, the features made here); a full slot is copied on one stream
 * while the sums of the previous one run on another, so the device works while the CPU parses. The sums of y and
 * y^2 per output and the row counts are kept here. Memory on the device: groups·(m² + m·d) for the sums, the slots,
 * and one kernel block of a slot's rows.
 */
final class DeviceSums implements FoldSums {
    private final Device device;
    private final SketchFeatures features;
    private final Optional<CardKernel> card;
    private final FoldScheme scheme;
    private final StreamTimings timings;
    private final int m;
    private final int d;
    private final int p;
    private final int groups;
    private final Device.Stream copy;
    private final Device.Stream compute;
    private final DeviceBuffer sums;
    private final DeviceBuffer landmarks;
    private final DeviceBuffer phi;
    private final Slots[] slots;
    private final double[][] outputSums;
    private final double[][] outputSquares;
    private final long[] counts;
    private boolean closed;

    private DeviceSums(Device device, SketchFeatures features, Optional<CardKernel> card, FoldScheme scheme,
            int outputs, long n, StreamTimings timings) {
        this.device = device;
        this.features = features;
        this.card = card;
        this.scheme = scheme;
        this.timings = timings;
        this.m = features.size();
        this.d = outputs;
        this.p = dimension(features, card);
        this.groups = scheme.groups();
        this.copy = device.stream();
        this.compute = device.stream();
        this.outputSums = new double[groups][d];
        this.outputSquares = new double[groups][d];
        this.counts = new long[groups];
        this.slots = new Slots[groups];
        int rows = slotRows(m, card.isPresent(), n);
        DeviceBuffer allSums = null;
        DeviceBuffer marks = null;
        DeviceBuffer block = null;
        try {
            allSums = device.allocate((long) groups * ((long) m * m + (long) m * d), "the per-fold m x m sums");
            device.fill(allSums, allSums.size(), 0.0, compute);
            if (card.isPresent()) {
                Matrix l = CardKernel.landmarks(features);
                marks = device.allocate((long) m * p, "the landmarks");
                device.write(l.data(), 0, marks, m * p);
                block = device.allocate((long) rows * m, "a kernel block");
            }
            for (int g = 0; g < groups; g++) {
                slots[g] = new Slots(device, width(m, p, d, card.isPresent()), rows, true, copy, compute,
                        "the staged rows");
            }
        } catch (RuntimeException e) {
            for (Slots s : slots) {
                if (s != null) {
                    s.close();
                }
            }
            for (DeviceBuffer b : new DeviceBuffer[] {allSums, marks, block}) {
                if (b != null) {
                    b.close();
                }
            }
            throw e;
        }
        this.sums = allSums;
        this.landmarks = marks;
        this.phi = block;
    }

    /**
     * Per-fold sums on a device, or empty when they do not fit in its memory (with {@code okl.gpu=on} that is an
     * error).
     *
     * @param n        the number of rows, or -1 when unknown (for the size of the slots)
     * @param required whether too little memory is an error ({@code okl.gpu=on}) rather than a reason to decline
     */
    static Optional<DeviceSums> open(Device device, SketchFeatures features, FoldScheme scheme, int outputs, long n,
            StreamTimings timings, boolean required) {
        Optional<CardKernel> card = CardKernel.of(features);
        int m = features.size();
        long bytes = bytes(features, outputs, scheme.groups(), n);
        String what = "the per-fold sums of a sketch of " + m + " features";
        if (!DeviceMemory.fits(device, bytes)) {
            if (required) {
                DeviceMemory.require(device, bytes, what);
            }
            return Optional.empty();
        }
        return Optional.of(new DeviceSums(device, features, card, scheme, outputs, n, timings));
    }

    /** The input columns p of the rows: the landmarks' when the card computes the kernel, else unknown (-1). */
    private static int dimension(SketchFeatures features, Optional<CardKernel> card) {
        return card.isPresent() ? CardKernel.landmarks(features).cols() : -1;
    }

    /** Device bytes of the sums, the slots and a kernel block for a sketch, d outputs, the groups and n rows. */
    static long bytes(SketchFeatures features, int d, int groups, long n) {
        Optional<CardKernel> card = CardKernel.of(features);
        return bytes(features.size(), d, Math.max(0, dimension(features, card)), groups, card.isPresent(), n);
    }

    private static long bytes(int m, int d, int p, int groups, boolean card, long n) {
        int rows = slotRows(m, card, n);
        return 8L * groups * ((long) m * m + (long) m * d) + (card ? 8L * ((long) rows * m + (long) m * p) : 0)
                + groups * Slots.bytes(width(m, p, d, card), rows);
    }

    /**
     * Rows per slot: up to 65,536 rows of inputs (a kernel block of at most 2^27 doubles), or about 4 M doubles of
     * features made on the CPU; never more than the n rows when n is known.
     */
    static int slotRows(int m, boolean card, long n) {
        return DevicePasses.chunkRows(m, card, n < 0 ? Long.MAX_VALUE : n);
    }

    private static int width(int m, int p, int d, boolean card) {
        return (card ? p : m) + d;
    }

    @Override
    public synchronized void add(long firstRow, Matrix inputs, Matrix targets) {
        int t = inputs.rows();
        if (targets.rows() != t || targets.cols() != d || (p >= 0 && inputs.cols() != p)) {
            throw new IllegalArgumentException(t + " x " + inputs.cols() + " inputs and " + targets.rows() + " x "
                    + targets.cols() + " targets do not fit sums of " + p + " inputs and " + d + " outputs");
        }
        Finite.require(inputs, firstRow, "input");
        Finite.require(targets, firstRow, "target");
        int[] group = Finite.groups(scheme, firstRow, t);
        int[] count = new int[groups];
        for (int g : group) {
            count[g]++;
        }
        double[] y = targets.data();
        for (int g = 0; g < groups; g++) {
            if (count[g] == 0) {
                continue;
            }
            int[] rows = new int[count[g]];
            int k = 0;
            for (int i = 0; i < t; i++) {
                if (group[i] == g) {
                    rows[k++] = i;
                }
            }
            for (int c = 0; c < d; c++) {
                double s = 0;
                double q = 0;
                for (int r : rows) {
                    double v = y[r + c * t];
                    s += v;
                    q += v * v;
                }
                outputSums[g][c] += s;
                outputSquares[g][c] += q;
            }
            counts[g] += rows.length;
            long start = System.nanoTime();
            if (card.isPresent()) {
                stage(g, inputs.data(), t, rows, y);
            } else {
                stageFeatures(g, features.features(inputs.selectRows(rows)), rows, y, t);
            }
            timings.kernel(System.nanoTime() - start);
        }
    }

    /** Appends a group's rows (inputs and targets) to its slots, shipping every full slot. */
    private void stage(int g, double[] x, int t, int[] rows, double[] y) {
        Slots slot = slots[g];
        for (int from = 0; from < rows.length; ) {
            int n = Math.min(slot.room(), rows.length - from);
            for (int j = 0; j < p; j++) {
                slot.fill(j, x, j * t, rows, from, n);
            }
            for (int c = 0; c < d; c++) {
                slot.fill(p + c, y, c * t, rows, from, n);
            }
            slot.advance(n);
            from += n;
            if (slot.room() == 0) {
                ship(g);
            }
        }
    }

    /** Appends a group's features made here (rows of the block in order) and targets to its slots. */
    private void stageFeatures(int g, Matrix block, int[] rows, double[] y, int t) {
        Slots slot = slots[g];
        double[] f = block.data();
        int b = block.rows();
        for (int from = 0; from < b; ) {
            int n = Math.min(slot.room(), b - from);
            for (int j = 0; j < m; j++) {
                slot.fill(j, f, j * b + from, n);
            }
            for (int c = 0; c < d; c++) {
                slot.fill(m + c, y, c * t, rows, from, n);
            }
            slot.advance(n);
            from += n;
            if (slot.room() == 0) {
                ship(g);
            }
        }
    }

    /** Copies a group's filled slot to the device and queues its products. */
    private void ship(int g) {
        long groupOffset = (long) g * ((long) m * m + (long) m * d);
        DeviceBuffer gram = sums.at(groupOffset);
        DeviceBuffer cross = sums.at(groupOffset + (long) m * m);
        slots[g].ship((slot, rows, ld) -> {
            DeviceBuffer features;
            int ldf;
            DeviceBuffer y;
            if (card.isPresent()) {
                card.get().block(device, compute, rows, m, p, slot, ld, landmarks, m, phi, rows);
                features = phi;
                ldf = rows;
                y = slot.at((long) p * ld);
            } else {
                features = slot;
                ldf = ld;
                y = slot.at((long) m * ld);
            }
            device.syrk(compute, true, m, rows, 1.0, features, ldf, 1.0, gram, m);
            if (d > 0) {
                device.gemm(compute, true, false, m, d, rows, 1.0, features, ldf, y, ld, 1.0, cross, m);
            }
        });
    }

    /** Ships what the slots hold and waits for the device: the sums are complete there. */
    synchronized void flush() {
        for (int g = 0; g < groups; g++) {
            ship(g);
        }
        long start = System.nanoTime();
        device.synchronize(compute);
        timings.products(System.nanoTime() - start);
    }

    /** The sums on the device (after {@link #flush}): per group, m·m then m·d doubles. */
    DeviceBuffer sums() {
        return sums;
    }

    /** The stream the sums were made on. */
    Device.Stream stream() {
        return compute;
    }

    /** The rows of every group. */
    long[] counts() {
        return counts.clone();
    }

    /** Per group and output, sum y. */
    double[][] outputSums() {
        return outputSums;
    }

    /** Per group and output, sum y^2. */
    double[][] outputSquares() {
        return outputSquares;
    }

    @Override
    public synchronized FoldAggregates finish() {
        flush();
        long start = System.nanoTime();
        FoldAggregates aggregates = new FoldAggregates(groups, m, d);
        double[] gram = new double[m * m];
        double[] cross = new double[m * d];
        for (int g = 0; g < groups; g++) {
            long groupOffset = (long) g * ((long) m * m + (long) m * d);
            device.read(sums.at(groupOffset), gram, 0, m * m);
            device.read(sums.at(groupOffset + (long) m * m), cross, 0, m * d);
            aggregates.addSums(g, gram, cross, outputSums[g], outputSquares[g], counts[g]);
        }
        timings.products(System.nanoTime() - start);
        return aggregates;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Slots s : slots) {
            s.close();
        }
        sums.close();
        copy.close();
        compute.close();
        if (landmarks != null) {
            landmarks.close();
            phi.close();
        }
    }
}
