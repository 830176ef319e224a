package org.okl.arrow.io;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/** Arrow's allocator, with one clear line when the JVM does not let Arrow's memory layer in. */
final class ArrowMemory {
    static final String OPTION = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    private ArrowMemory() {
    }

    /**
     * A new root allocator (one per file read or written, closed with it).
     *
     * @throws OklException {@link ErrorCode#PLUGIN_FAILURE} when java.nio is not opened to Arrow
     */
    static BufferAllocator allocator() {
        try {
            BufferAllocator root = new RootAllocator();
            // the first NIO view of a buffer initialises Arrow's MemoryUtil, which is what needs java.nio opened
            try (ArrowBuf probe = root.buffer(8)) {
                probe.nioBuffer();
            }
            return root;
        } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new OklException(ErrorCode.PLUGIN_FAILURE, "okl-arrow: Apache Arrow's memory layer needs the JVM "
                    + "option " + OPTION + " (the okl launcher and the app JAR's manifest give it; a program "
                    + "embedding OKL adds it itself)", e);
        }
    }
}
