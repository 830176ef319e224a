package org.okl.core.data;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.okl.api.linalg.Matrix;

/**
 * The parsed columns of a data file in a binary file of its own, so that later passes read doubles instead of
 * parsing text: pieces of rows (each column-major, native byte order) are written in any order, from any thread,
 * then {@link #seal sealed} in row order and read back through memory maps. The file lives in a temporary folder
 * and is deleted as soon as it is opened (on Linux and macOS the open file stays readable, and the system frees
 * its space when the process ends, however it ends); where an open file cannot be deleted it is deleted on
 * {@link #close()} or when the JVM shuts down. Memory: the index only; the data are on disk (and in the system's
 * page cache).
 */
final class ColumnCache implements AutoCloseable {
    private static final Set<Path> UNDELETED = ConcurrentHashMap.newKeySet();
    private static final int WRITE_BYTES = 1 << 20;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> UNDELETED.forEach(ColumnCache::deleteQuietly),
                "okl-cache-cleanup"));
    }

    private final Path path;
    private final FileChannel channel;
    private final int columns;
    private final AtomicLong end = new AtomicLong();
    private long[] firstRows;
    private long[] rows;
    private DoubleBuffer[] maps;
    private MappedByteBuffer[] mapped;
    private long total = -1;

    private ColumnCache(Path path, FileChannel channel, int columns) {
        this.path = path;
        this.channel = channel;
        this.columns = columns;
    }

    /**
     * A new, empty cache of rows of {@code columns} values in the folder.
     *
     * @throws IOException when the folder cannot hold a new file
     */
    static ColumnCache create(Path folder, String name, int columns) throws IOException {
        Path path = Files.createTempFile(folder, "okl-cache-" + sanitize(name) + "-", ".f64");
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(path);
            throw e;
        }
        try {
            Files.delete(path);
        } catch (IOException e) {
            UNDELETED.add(path);
        }
        return new ColumnCache(path, channel, columns);
    }

    /** Where the file was created (deleted already where the system allows it). */
    Path path() {
        return path;
    }

    /** Whether the file's name is gone from its folder while it is open. */
    boolean unlinked() {
        return !UNDELETED.contains(path);
    }

    /**
     * Writes a piece of rows (rows x columns) and returns where it went; thread-safe.
     *
     * @throws IOException when it cannot be written (a full disk)
     */
    Segment write(int piece, Matrix values) throws IOException {
        if (values.cols() != columns) {
            throw new IllegalArgumentException(values.cols() + " columns written to a cache of " + columns);
        }
        double[] data = values.data();
        long bytes = 8L * data.length;
        long offset = end.getAndAdd(bytes);
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(WRITE_BYTES, Math.max(8, bytes)))
                .order(ByteOrder.nativeOrder());
        int perWrite = buffer.capacity() / 8;
        for (int from = 0; from < data.length; from += perWrite) {
            int count = Math.min(perWrite, data.length - from);
            buffer.clear();
            buffer.asDoubleBuffer().put(data, from, count);
            buffer.limit(8 * count);
            long position = offset + 8L * from;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
        }
        return new Segment(piece, values.rows(), offset);
    }

    /**
     * Orders the pieces written (by piece number) and maps them for reading.
     *
     * @throws IOException when the file cannot be mapped
     */
    void seal(List<Segment> segments) throws IOException {
        List<Segment> ordered = new ArrayList<>(segments);
        ordered.sort((a, b) -> Integer.compare(a.piece(), b.piece()));
        List<Segment> kept = ordered.stream().filter(s -> s.rows() > 0).toList();
        firstRows = new long[kept.size()];
        rows = new long[kept.size()];
        maps = new DoubleBuffer[kept.size()];
        mapped = new MappedByteBuffer[kept.size()];
        long first = 0;
        for (int k = 0; k < kept.size(); k++) {
            Segment s = kept.get(k);
            firstRows[k] = first;
            rows[k] = s.rows();
            long bytes = 8L * s.rows() * columns;
            if (bytes > Integer.MAX_VALUE) {
                throw new IOException("a piece of " + s.rows() + " rows is too large to map");
            }
            mapped[k] = channel.map(FileChannel.MapMode.READ_ONLY, s.offset(), bytes);
            maps[k] = mapped[k].duplicate().order(ByteOrder.nativeOrder()).asDoubleBuffer();
            first += s.rows();
        }
        total = first;
    }

    /** The number of rows (after {@link #seal}). */
    long rows() {
        return total;
    }

    /** The bytes on disk. */
    long bytes() {
        return end.get();
    }

    /**
     * Copies rows [first, first + count) of the given columns into a column-major array (count x wanted.length):
     * column {@code wanted[k]} to {@code into[k·count .. (k+1)·count)}.
     */
    void read(long first, int count, int[] wanted, double[] into) {
        if (first < 0 || count < 0 || first + count > total) {
            throw new IndexOutOfBoundsException("rows " + first + ".." + (first + count) + " of " + total);
        }
        int k = segmentOf(first);
        int done = 0;
        while (done < count) {
            long offsetInSegment = first + done - firstRows[k];
            int take = (int) Math.min(count - done, rows[k] - offsetInSegment);
            int segmentRows = (int) rows[k];
            for (int c = 0; c < wanted.length; c++) {
                maps[k].get((int) (wanted[c] * (long) segmentRows + offsetInSegment), into, c * count + done, take);
            }
            done += take;
            k++;
        }
    }

    /** One row's values of the given columns. */
    double[] row(long index, int[] wanted) {
        int k = segmentOf(index);
        int segmentRows = (int) rows[k];
        long at = index - firstRows[k];
        double[] out = new double[wanted.length];
        for (int c = 0; c < wanted.length; c++) {
            out[c] = maps[k].get((int) (wanted[c] * (long) segmentRows + at));
        }
        return out;
    }

    private int segmentOf(long row) {
        int k = Arrays.binarySearch(firstRows, row);
        return k >= 0 ? k : -k - 2;
    }

    /** Releases the maps and the file (and deletes it if it could not be deleted when opened). */
    @Override
    public void close() {
        MappedByteBuffer[] held = mapped;
        maps = null;
        mapped = null;
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is deleted below or already
        }
        if (held != null) {
            for (MappedByteBuffer map : held) {
                Unmapper.unmap(map);
            }
        }
        if (UNDELETED.remove(path)) {
            deleteQuietly(path);
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // nothing more can be done at shutdown
        }
    }

    private static String sanitize(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.length() > 40 ? s.substring(0, 40) : s;
    }

    /**
     * A piece written: its number, rows and offset in the file.
     *
     * @param piece  its number (row order)
     * @param rows   its rows
     * @param offset where its first value is, in bytes
     */
    record Segment(int piece, int rows, long offset) {
    }

    /**
     * Unmaps a buffer at once (the JDK's {@code Unsafe.invokeCleaner}, where the runtime has it), so that the
     * disk space of a deleted cache is freed when it is closed rather than when the buffer is collected.
     */
    private static final class Unmapper {
        private static final Object UNSAFE;
        private static final Method INVOKE_CLEANER;

        static {
            Object unsafe;
            Method invoke;
            try {
                Class<?> type = Class.forName("sun.misc.Unsafe");
                Field field = type.getDeclaredField("theUnsafe");
                field.setAccessible(true);
                unsafe = field.get(null);
                invoke = type.getMethod("invokeCleaner", ByteBuffer.class);
            } catch (ReflectiveOperationException | RuntimeException e) {
                unsafe = null;
                invoke = null;
            }
            UNSAFE = unsafe;
            INVOKE_CLEANER = invoke;
        }

        static void unmap(MappedByteBuffer buffer) {
            if (UNSAFE == null || buffer == null) {
                return;
            }
            try {
                INVOKE_CLEANER.invoke(UNSAFE, buffer);
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // the buffer is unmapped when it is collected
            }
        }
    }
}
