package org.okl.gpu.device;

import java.util.Locale;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/** The memory check every allocation on a device goes through, with the error a user reads when it fails. */
public final class DeviceMemory {
    /** Bytes left free on a device for the libraries' own work spaces and the driver (at most 1/16 of it). */
    public static final long HEADROOM = 256L << 20;
    /** What to change when the device's memory is too small, said with every device memory error. */
    public static final String ADVICE = "use a kernel sketch of lower rank, fewer rows or smaller blocks, free the "
            + "card of other programs, or run on the CPU (-Dokl.gpu=off, OKL_GPU=off)";

    private DeviceMemory() {
    }

    /**
     * Whether {@code bytes} fit in the device's free memory with {@link #HEADROOM} to spare.
     */
    public static boolean fits(Device device, long bytes) {
        return bytes >= 0 && bytes <= device.freeBytes() - headroom(device);
    }

    /** The memory kept free on a device: {@link #HEADROOM}, or a sixteenth of a smaller device. */
    public static long headroom(Device device) {
        return Math.min(HEADROOM, device.totalBytes() / 16);
    }

    /**
     * Refuses an allocation that does not fit.
     *
     * @throws OklException {@link ErrorCode#OUT_OF_MEMORY} naming the device, what, how much, and the advice
     */
    public static void require(Device device, long bytes, String what) {
        if (!fits(device, bytes)) {
            throw new OklException(ErrorCode.OUT_OF_MEMORY, "not enough memory on " + device.name() + " for " + what
                    + ": it needs " + describe(bytes) + " but " + describe(device.freeBytes()) + " of "
                    + describe(device.totalBytes()) + " are free; " + ADVICE);
        }
    }

    /** Bytes as MiB or GiB. */
    public static String describe(long bytes) {
        if (bytes >= (1L << 30)) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
