package org.okl.linalg.memory;

import java.util.Locale;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Out of memory as a user error: large allocations are announced here first ({@link #reserve}), refused with a
 * one-line {@link ErrorCode#OUT_OF_MEMORY} error naming what, how large, the heap in force and what to change when
 * they cannot fit, and remembered, so that an {@link OutOfMemoryError} that still happens (in a plugin, in a
 * library) is reported with the last thing being built ({@link #outOfMemory}) instead of a stack trace.
 *
 * <p>Process-wide on purpose, unlike a runtime's back-end, pool and devices: the heap is the process's, shared by
 * every runtime in it, so the free memory is the process's and the last large allocation announced anywhere in the
 * process is the best guess at what exhausted it, whichever runtime then runs out.
 */
public final class MemoryBudget {
    /** What to change, said with every memory error. */
    public static final String HEAP_ADVICE = "or give Java a larger heap (OKL_JAVA_OPTS=-Xmx8g for ./okl, -Xmx for "
            + "java)";

    private static final String GENERIC_ADVICE = "use a kernel sketch of lower rank, smaller blocks (\"solver\": "
            + "{\"blockRows\": ...}) or fewer rows";

    private static volatile Activity lastActivity;

    /** What was last announced and what to change if it runs out of memory. */
    private record Activity(String what, String advice) {
    }

    private MemoryBudget() {
    }

    /**
     * Checks that {@code bytes} more can be allocated (after a garbage collection if needed) and records the
     * allocation as the current activity.
     *
     * @param what   what is about to be built, for example {@code the 200000 x 200000 Gram matrix of the exact
     *               separable solver}
     * @param bytes  its size
     * @param advice what to change, for example {@code use a kernel sketch ("approximation": ...)}
     * @throws OklException {@link ErrorCode#OUT_OF_MEMORY} when it cannot fit
     */
    public static void reserve(String what, long bytes, String advice) {
        lastActivity = new Activity(what + " (" + describe(bytes) + ")", advice);
        Runtime runtime = Runtime.getRuntime();
        if (bytes <= available()) {
            return;
        }
        if (bytes < runtime.maxMemory()) {
            System.gc();
            if (bytes <= available()) {
                return;
            }
        }
        throw new OklException(ErrorCode.OUT_OF_MEMORY, "not enough memory for " + what + ": it needs "
                + describe(bytes) + " but the Java heap (-Xmx) is " + describe(runtime.maxMemory()) + " with "
                + describe(available()) + " free; " + advice + ", " + HEAP_ADVICE);
    }

    /**
     * Records what is being built when its size is not known in advance (reading a file whole), and what to change
     * if it does not fit.
     */
    public static void activity(String what, String advice) {
        lastActivity = new Activity(what, advice);
    }

    /** The bytes that can still be allocated: the heap's maximum minus what is in use. */
    public static long available() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    /** The user error for an {@link OutOfMemoryError}, naming the last activity recorded. */
    public static OklException outOfMemory(OutOfMemoryError error, String command) {
        Activity activity = lastActivity;
        return new OklException(ErrorCode.OUT_OF_MEMORY, "out of memory (" + error.getMessage() + ") while "
                + (activity != null ? "building " + activity.what() : "running " + command) + "; the Java heap "
                + "(-Xmx) is " + describe(Runtime.getRuntime().maxMemory()) + ": " + (activity != null
                        ? activity.advice() : GENERIC_ADVICE) + ", " + HEAP_ADVICE, error);
    }

    /** A byte count for people: {@code 512 MiB}, {@code 3.0 GiB}, {@code 298 GiB}. */
    public static String describe(long bytes) {
        double gib = bytes / (double) (1L << 30);
        if (gib >= 100) {
            return String.format(Locale.ROOT, "%.0f GiB", gib);
        }
        if (gib >= 1) {
            return String.format(Locale.ROOT, "%.1f GiB", gib);
        }
        return String.format(Locale.ROOT, "%d MiB", Math.max(1, Math.round(bytes / (double) (1L << 20))));
    }

    /** {@code 8·rows·cols} with overflow saturating at {@link Long#MAX_VALUE}. */
    public static long doubles(long rows, long cols) {
        double d = 8.0 * rows * cols;
        return d >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) d;
    }
}
