package org.okl.gpu.device;

/**
 * Doubles in device memory, or a view of them from an offset. Only the buffer {@link Device#allocate} returned owns
 * the memory; closing a view does nothing.
 */
public interface DeviceBuffer extends AutoCloseable {

    /** The number of doubles from this view's start to the end of the allocation. */
    long size();

    /** A view starting {@code offset} doubles further. */
    DeviceBuffer at(long offset);

    /** Frees the memory (the owner only; idempotent). */
    @Override
    void close();
}
