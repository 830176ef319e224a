package org.okl.gpu.device;

/**
 * Doubles in page-locked (pinned) host memory, which asynchronous copies read and write while the CPU goes on. The
 * CPU must not write a buffer an upload still reads, nor read one a download still writes: wait for the copy's
 * event first.
 */
public interface HostBuffer extends AutoCloseable {

    /** The number of doubles. */
    long size();

    /** Writes {@code count} doubles from {@code source[from..]} at {@code offset}. */
    void put(long offset, double[] source, int from, int count);

    /** Reads {@code count} doubles at {@code offset} into {@code target[to..]}. */
    void get(long offset, double[] target, int to, int count);

    /** Frees the memory (idempotent). */
    @Override
    void close();
}
