package org.okl.gpu.compute;

import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.HostBuffer;

/**
 * Rows on their way to the device in two pinned slots: the CPU fills one (column-major, {@code capacity} rows of
 * {@code width} doubles) while the device copies and works on the other. {@link #fill} waits until the device is
 * done with a slot before handing it out again, so a slot is never rewritten while its copy or its work is queued.
 */
final class Slots implements AutoCloseable {
    private final Device device;
    private final int width;
    private final int capacity;
    private final Device.Stream copy;
    private final Device.Stream compute;
    private final HostBuffer[] pinned = new HostBuffer[2];
    private final DeviceBuffer[] staged = new DeviceBuffer[2];
    private final Device.Event[] free = new Device.Event[2];
    private final double[] column;
    private int current;
    private int filled;
    private boolean acquired;

    /** The work queued on the compute stream for a shipped slot. */
    @FunctionalInterface
    interface Work {
        /**
         * @param slot     the slot on the device (column j of the rows at {@code j·ld})
         * @param rows     the rows in it
         * @param ld       its leading dimension (the capacity)
         */
        void queue(DeviceBuffer slot, int rows, int ld);
    }

    /**
     * @param device   the device
     * @param width    doubles per row
     * @param capacity rows per slot
     * @param onDevice whether the slots have device buffers ({@code false} when rows are copied straight to where
     *                 they stay, see {@link #uploadTo})
     * @param copy     the stream of the copies
     * @param compute  the stream of the work
     * @param what     what the rows are, for memory errors
     */
    Slots(Device device, int width, int capacity, boolean onDevice, Device.Stream copy, Device.Stream compute,
            String what) {
        this.device = device;
        this.width = width;
        this.capacity = capacity;
        this.copy = copy;
        this.compute = compute;
        this.column = new double[capacity];
        try {
            for (int s = 0; s < 2; s++) {
                pinned[s] = device.pinned((long) width * capacity);
                if (onDevice) {
                    staged[s] = device.allocate((long) width * capacity, what);
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Device bytes of {@code Slots} with device buffers. */
    static long bytes(int width, int capacity) {
        return 16L * width * capacity;
    }

    /** The rows per slot. */
    int capacity() {
        return capacity;
    }

    /** The rows in the slot being filled. */
    int filled() {
        return filled;
    }

    /** Room left in the slot being filled. */
    int room() {
        return capacity - filled;
    }

    /** Appends {@code values[from..from + count)} to column {@code j} from the slot's next row. */
    void fill(int j, double[] values, int from, int count) {
        acquire().put((long) j * capacity + filled, values, from, count);
    }

    /**
     * Appends {@code values[offset + rows[from + r]]} for r below {@code count} to column {@code j} from the slot's
     * next row.
     */
    void fill(int j, double[] values, int offset, int[] rows, int from, int count) {
        HostBuffer slot = acquire();
        for (int r = 0; r < count; r++) {
            column[r] = values[offset + rows[from + r]];
        }
        slot.put((long) j * capacity + filled, column, 0, count);
    }

    /** Appends a value to column {@code j} for {@code count} rows from the slot's next row. */
    void fillConstant(int j, double value, int count) {
        HostBuffer slot = acquire();
        java.util.Arrays.fill(column, 0, count, value);
        slot.put((long) j * capacity + filled, column, 0, count);
    }

    /** Counts {@code count} more rows as filled (after their columns were). */
    void advance(int count) {
        filled += count;
    }

    /** Ships the filled rows to the slot's device buffer and queues the work on them; nothing when empty. */
    void ship(Work work) {
        if (filled == 0) {
            return;
        }
        DeviceBuffer target = staged[current];
        if (filled == capacity) {
            device.upload(pinned[current], 0, target, (long) width * capacity, copy);
        } else {
            for (int j = 0; j < width; j++) {
                device.upload(pinned[current], (long) j * capacity, target.at((long) j * capacity), filled, copy);
            }
        }
        device.await(compute, device.record(copy));
        work.queue(target, filled, capacity);
        release();
    }

    /**
     * Ships the filled rows straight to where they stay: column j to {@code targets[j]} (the rows' place in that
     * column), then queues the work, if any.
     */
    void uploadTo(DeviceBuffer[] targets, Runnable work) {
        if (filled == 0) {
            return;
        }
        for (int j = 0; j < width; j++) {
            device.upload(pinned[current], (long) j * capacity, targets[j], filled, copy);
        }
        device.await(compute, device.record(copy));
        work.run();
        release();
    }

    private HostBuffer acquire() {
        if (!acquired) {
            if (free[current] != null) {
                device.synchronize(free[current]);
            }
            acquired = true;
        }
        return pinned[current];
    }

    private void release() {
        free[current] = device.record(compute);
        current ^= 1;
        filled = 0;
        acquired = false;
    }

    @Override
    public void close() {
        for (int s = 0; s < 2; s++) {
            if (free[s] != null) {
                device.synchronize(free[s]);
            }
            if (staged[s] != null) {
                staged[s].close();
            }
            if (pinned[s] != null) {
                pinned[s].close();
            }
        }
    }
}
