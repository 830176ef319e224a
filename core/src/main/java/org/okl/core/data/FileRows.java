package org.okl.core.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.rows.RowSource;
import org.okl.api.sketch.ReservoirSample;
import org.okl.core.io.IoErrors;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.parallel.Workers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of a data file, served in blocks of {@link #BLOCK_ROWS} consecutive rows (every block but the last
 * starts at a multiple of it, as {@link org.okl.api.rows.MatrixRows} serves rows in memory, so both give the
 * same sums). Inputs and outputs are the chosen columns of each row. A format that stores rows sparse (LIBSVM) gives
 * sparse input blocks ({@link #forEachInputRowBlock}); {@link #forEachRowBlock} makes them dense, block by block,
 * within the memory budget.
 *
 * <p><b>Parsing</b> runs on every core ({@link Workers}): a reader that can split its files
 * ({@link org.okl.api.data.TableReader#split}, as the CSV reader does) parses byte ranges of the file in parallel;
 * other files (compressed ones, formats that do not split, or content the split reader leaves to the full parser)
 * are parsed by one reader thread ahead of the computation.
 *
 * <p><b>Several passes</b> (a fit: its landmarks, its sums, Falkon's iterations): the file is parsed once, on the
 * first need, into a {@link ColumnCache} of the chosen columns in the temporary folder ({@value #FOLDER_PROPERTY},
 * else {@value #FOLDER_ENVIRONMENT}, else {@code java.io.tmpdir}), bounded by disk, not by the heap, and deleted
 * as soon as it is created (the process keeps it open; the space is freed when it ends, or on {@link #close()}).
 * Every pass then reads doubles, and {@link #sample} reads the sampled rows directly: the reservoir's choices
 * depend only on the seed and the row indices ({@link ReservoirSample#slot}), so they are replayed without a pass.
 * When the folder cannot hold the cache, one warning says so and every pass parses the file again. Sparse rows are
 * not cached (a dense cache of 2^18 columns would not fit): every pass parses them. {@link #singlePass} serves one
 * pass (a prediction) without a cache.
 */
public final class FileRows implements RowSource, AutoCloseable {
    /** The rows of one block. */
    public static final int BLOCK_ROWS = 8192;
    /** The system property naming the folder of the parsed-column caches. */
    public static final String FOLDER_PROPERTY = "okl.tmpdir";
    /** The environment variable naming that folder when the property is absent. */
    public static final String FOLDER_ENVIRONMENT = "OKL_TMPDIR";
    /** The blocks a reader thread parses ahead of the consumer. */
    static final int QUEUED = 2;
    /** The smallest and largest piece of a file parsed by one task. */
    static final long MIN_PIECE = 64 << 10;
    static final long MAX_PIECE = 4 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(FileRows.class);

    private final Path file;
    private final TableFiles tables;
    private final int[] inputColumns;
    private final int[] outputColumns;
    private final int[] columns;
    private final boolean cached;
    private final Workers workers;
    private final AtomicLong parseNanos = new AtomicLong();
    private ColumnCache cache;
    private boolean parseEveryPass;
    private long size = -1;
    private Boolean sparse;
    private final LevelCodes codes;

    /**
     * The rows of a file that a fit reads several times: parsed once into a cache, on the process's threads.
     *
     * @param file          the data file
     * @param tables        the readers
     * @param inputColumns  the input columns (0-based)
     * @param outputColumns the output columns (0-based; may be empty)
     */
    public FileRows(Path file, TableFiles tables, int[] inputColumns, int[] outputColumns) {
        this(file, tables, inputColumns, outputColumns, true, Workers.shared());
    }

    /**
     * @param file          the data file
     * @param tables        the readers
     * @param inputColumns  the input columns (0-based)
     * @param outputColumns the output columns (0-based; may be empty)
     * @param cached        whether the parsed columns are cached for later passes
     * @param workers       the threads that parse
     */
    public FileRows(Path file, TableFiles tables, int[] inputColumns, int[] outputColumns, boolean cached,
            Workers workers) {
        this(file, tables, inputColumns, outputColumns, cached, workers, null);
    }

    /**
     * As {@link #FileRows(Path, TableFiles, int[], int[], boolean, Workers)}, the text columns coded by the levels a
     * model was fitted on (a prediction's file).
     *
     * @param codes the model's levels, or {@code null} to keep the file's own codes
     */
    public FileRows(Path file, TableFiles tables, int[] inputColumns, int[] outputColumns, boolean cached,
            Workers workers, LevelCodes codes) {
        this.codes = codes;
        this.file = file;
        this.tables = tables;
        this.inputColumns = inputColumns.clone();
        this.outputColumns = outputColumns.clone();
        this.columns = IntStream.concat(Arrays.stream(inputColumns), Arrays.stream(outputColumns)).toArray();
        this.cached = cached;
        this.workers = workers;
    }

    /** The rows of a file read once (a prediction, a test file): parsed on the process's threads, no cache. */
    public static FileRows singlePass(Path file, TableFiles tables, int[] inputColumns, int[] outputColumns) {
        return new FileRows(file, tables, inputColumns, outputColumns, false, Workers.shared());
    }

    /** The file's stream, its text columns coded by the model's levels when given. */
    private TableStream open() {
        TableStream stream = tables.open(file);
        return codes == null ? stream : codes.recoded(stream);
    }

    /** Parses the file into its cache (when the rows are cached and that has not happened yet). */
    @Override
    public void prepare() {
        ensureCache();
    }

    /** The number of rows; parses the file when that has not happened yet. */
    @Override
    public long size() {
        if (size < 0) {
            ensureCache();
            if (size < 0) {
                forEachInputRowBlock((first, inputs, outputs) -> { });
            }
        }
        return size;
    }

    /**
     * The wall-clock seconds spent parsing: building the cache, or, without one, waiting for parsed rows (the part
     * of parsing not hidden behind the computation).
     */
    public double parseSeconds() {
        return parseNanos.get() * 1e-9;
    }

    /** Whether the parsed columns are in a cache on disk (after the first pass). */
    public boolean cachedOnDisk() {
        return cache != null;
    }

    @Override
    public int dimension() {
        return inputColumns.length;
    }

    @Override
    public int outputDimension() {
        return outputColumns.length;
    }

    /** The output columns' names in the file's header (its first lines are read), or empty when it names none. */
    @Override
    public List<String> outputNames() {
        if (outputColumns.length == 0) {
            return List.of();
        }
        try (TableStream stream = tables.open(file)) {
            List<String> names = stream.columnNames();
            return stream.namedColumns() ? Arrays.stream(outputColumns).mapToObj(names::get).toList() : List.of();
        }
    }

    @Override
    public String description() {
        return file.toString();
    }

    /** Whether the file's format stores rows sparse (asked of the format's stream once). */
    @Override
    public boolean sparse() {
        if (sparse == null) {
            try (TableStream stream = tables.open(file)) {
                sparse = stream.sparse();
            }
        }
        return sparse;
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        forEachInputRowBlock((first, inputs, outputs) -> {
            if (inputs instanceof SparseMatrix s) {
                MemoryBudget.reserve("a dense block of " + s.rows() + " rows of " + s.cols() + " columns from the "
                        + "sparse rows of " + file, s.denseBytes(), "use a kernel that takes sparse rows (linear, "
                        + "polynomial, gaussian, tanimoto, gaussian-tanimoto) with a nystrom sketch");
                visitor.accept(first, s.toDense(), outputs);
            } else {
                visitor.accept(first, (Matrix) inputs, outputs);
            }
        });
    }

    @Override
    public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        ensureCache();
        if (cache != null) {
            serveCache(visitor);
            return;
        }
        long rows = parsePass(visitor);
        if (rows == 0) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no data rows");
        }
        size = rows;
    }

    /** The rows the reservoir sample draws, read from the cache without a pass (see the class comment). */
    @Override
    public InputRows sample(int count, long seed) {
        ensureCache();
        if (cache == null) {
            return RowSource.super.sample(count, seed);
        }
        long[] indices = new long[(int) Math.min(count, size)];
        for (long row = 0; row < size; row++) {
            int slot = ReservoirSample.slot(seed, row, count);
            if (slot >= 0) {
                indices[slot] = row;
            }
        }
        Arrays.sort(indices);
        int[] wanted = IntStream.range(0, inputColumns.length).toArray();
        Matrix out = Matrix.zeros(indices.length, inputColumns.length);
        for (int i = 0; i < indices.length; i++) {
            double[] row = cache.row(indices[i], wanted);
            for (int j = 0; j < row.length; j++) {
                out.set(i, j, row[j]);
            }
        }
        return out;
    }

    /** Releases the cache (its disk space). */
    @Override
    public void close() {
        if (cache != null) {
            cache.close();
            cache = null;
        }
    }

    /** Parses the file into the cache, once; on failure to write it, notes that every pass parses. */
    private void ensureCache() {
        if (!cached || cache != null || parseEveryPass || sparse()) {
            return;
        }
        long start = System.nanoTime();
        Path folder = folder();
        try {
            cache = build(folder);
            size = cache.rows();
        } catch (IOException | UncheckedIOException e) {
            parseEveryPass = true;
            String why = e instanceof UncheckedIOException u ? IoErrors.describe(u.getCause()) : IoErrors.describe(
                    (IOException) e);
            LOG.warn("{}: cannot keep the parsed columns in {} ({}); every pass parses the file again (set {} or {} "
                    + "to a folder with room for about 8 bytes per value)", file, folder, why, FOLDER_ENVIRONMENT,
                    FOLDER_PROPERTY);
        } finally {
            parseNanos.addAndGet(System.nanoTime() - start);
        }
        if (cache != null && cache.rows() == 0) {
            close();
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no data rows");
        }
    }

    private static Path folder() {
        String property = System.getProperty(FOLDER_PROPERTY);
        String environment = System.getenv(FOLDER_ENVIRONMENT);
        String chosen = property != null && !property.isBlank() ? property
                : environment != null && !environment.isBlank() ? environment : System.getProperty("java.io.tmpdir");
        return Path.of(chosen);
    }

    /** A sealed cache of every row: parsed in pieces in parallel, else by one reader. */
    private ColumnCache build(Path folder) throws IOException {
        ColumnCache parallel = ColumnCache.create(folder, file.getFileName().toString(), columns.length);
        try {
            Optional<List<ColumnCache.Segment>> segments = writePieces(parallel);
            if (segments.isPresent()) {
                parallel.seal(segments.get());
                return parallel;
            }
        } catch (IOException | RuntimeException | Error e) {
            parallel.close();
            throw e;
        }
        parallel.close();
        ColumnCache serial = ColumnCache.create(folder, file.getFileName().toString(), columns.length);
        try {
            List<ColumnCache.Segment> segments = new ArrayList<>();
            try (TableStream stream = open()) {
                checkColumns(stream.columnNames().size());
                stream.project(columns);
                for (Optional<Matrix> block = stream.next(BLOCK_ROWS); block.isPresent();
                        block = stream.next(BLOCK_ROWS)) {
                    segments.add(serial.write(segments.size(), block.get().selectColumns(columns)));
                }
            }
            serial.seal(segments);
            return serial;
        } catch (IOException | RuntimeException | Error e) {
            serial.close();
            throw e;
        }
    }

    /** Every piece parsed and written by the workers, or empty when the file does not split or a piece declines. */
    private Optional<List<ColumnCache.Segment>> writePieces(ColumnCache into) throws IOException {
        Optional<TableSplits> split = tables.split(file, pieceBytes());
        if (split.isEmpty()) {
            return Optional.empty();
        }
        try (TableSplits pieces = split.get()) {
            checkColumns(pieces.columnNames().size());
            int count = pieces.pieces();
            ColumnCache.Segment[] written = new ColumnCache.Segment[count];
            AtomicBoolean declined = new AtomicBoolean();
            workers.forEach(count, k -> {
                if (declined.get()) {
                    return;
                }
                Optional<Matrix> rows = pieces.parse(k, columns);
                if (rows.isEmpty()) {
                    declined.set(true);
                    return;
                }
                try {
                    written[k] = into.write(k, rows.get());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            if (declined.get()) {
                LOG.debug("{}: a piece is left to the full parser; parsing on one thread", file);
                return Optional.empty();
            }
            return Optional.of(List.of(written));
        }
    }

    /** About 8 pieces per thread, between 64 KiB and 4 MiB, and small enough for the heap. */
    private long pieceBytes() {
        long length;
        try {
            length = Files.size(file);
        } catch (IOException e) {
            length = MAX_PIECE;
        }
        int threads = workers.threads();
        long byFile = length / (8L * threads);
        long byHeap = Runtime.getRuntime().maxMemory() / (32L * threads);
        return Math.max(MIN_PIECE, Math.min(Math.min(MAX_PIECE, byHeap), byFile));
    }

    private void checkColumns(int width) {
        for (int c : columns) {
            if (c < 0 || c >= width) {
                throw new OklException(ErrorCode.INVALID_DATA, file + ": column " + c + " does not exist; the file has "
                        + width + " columns");
            }
        }
    }

    /** Serves every row from the cache, in blocks. */
    private void serveCache(InputRowBlockVisitor visitor) {
        int p = inputColumns.length;
        int q = outputColumns.length;
        int[] in = IntStream.range(0, p).toArray();
        int[] out = IntStream.range(p, p + q).toArray();
        for (long first = 0; first < size; first += BLOCK_ROWS) {
            int t = (int) Math.min(BLOCK_ROWS, size - first);
            Matrix inputs = Matrix.zeros(t, p);
            Matrix outputs = Matrix.zeros(t, q);
            cache.read(first, t, in, inputs.data());
            cache.read(first, t, out, outputs.data());
            visitor.accept(first, inputs, outputs);
        }
    }

    /** One pass that parses: pieces in parallel and in order when the file splits, else one reader thread. */
    private long parsePass(InputRowBlockVisitor visitor) {
        Optional<TableSplits> split = tables.split(file, pieceBytes());
        if (split.isEmpty()) {
            return readerPass(visitor, 0);
        }
        Blocks blocks = new Blocks(visitor);
        try (TableSplits pieces = split.get()) {
            checkColumns(pieces.columnNames().size());
            int count = pieces.pieces();
            int window = workers.threads() + 2;
            List<Workers.Pending<Optional<Matrix>>> pending = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                while (pending.size() < Math.min(count, k + window)) {
                    int piece = pending.size();
                    pending.add(workers.start(() -> pieces.parse(piece, columns)));
                }
                long start = System.nanoTime();
                Optional<Matrix> rows = pending.get(k).join();
                parseNanos.addAndGet(System.nanoTime() - start);
                pending.set(k, null);
                if (rows.isEmpty()) {
                    for (int later = k + 1; later < pending.size(); later++) {
                        pending.get(later).join();
                    }
                    LOG.debug("{}: a piece is left to the full parser; reading on one thread", file);
                    return readerPass(visitor, blocks.served());
                }
                blocks.add(rows.get());
            }
        }
        blocks.finish();
        return blocks.served();
    }

    /** Rows parsed in pieces of any length, served as aligned blocks of {@link #BLOCK_ROWS}. */
    private final class Blocks {
        private final InputRowBlockVisitor visitor;
        private final double[] buffer = new double[BLOCK_ROWS * columns.length];
        private int filled;
        private long served;

        Blocks(InputRowBlockVisitor visitor) {
            this.visitor = visitor;
        }

        long served() {
            return served;
        }

        void add(Matrix rows) {
            int t = rows.rows();
            double[] data = rows.data();
            int at = 0;
            while (at < t) {
                int take = Math.min(BLOCK_ROWS - filled, t - at);
                for (int c = 0; c < columns.length; c++) {
                    System.arraycopy(data, c * t + at, buffer, c * BLOCK_ROWS + filled, take);
                }
                filled += take;
                at += take;
                if (filled == BLOCK_ROWS) {
                    emit();
                }
            }
        }

        void finish() {
            if (filled > 0) {
                emit();
            }
        }

        private void emit() {
            int t = filled;
            int p = inputColumns.length;
            int q = outputColumns.length;
            double[] in = new double[t * p];
            double[] out = new double[t * q];
            for (int c = 0; c < p; c++) {
                System.arraycopy(buffer, c * BLOCK_ROWS, in, c * t, t);
            }
            for (int c = 0; c < q; c++) {
                System.arraycopy(buffer, (p + c) * BLOCK_ROWS, out, c * t, t);
            }
            long first = served;
            served += t;
            filled = 0;
            visitor.accept(first, new Matrix(t, p, in), new Matrix(t, q, out));
        }
    }

    /** One pass by a reader thread that parses ahead, the first {@code skip} rows left out. */
    private long readerPass(InputRowBlockVisitor visitor, long skip) {
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED);
        Reader reader = new Reader(queue, skip);
        Thread thread = new Thread(reader, "okl-reader " + file.getFileName());
        thread.setDaemon(true);
        thread.start();
        long rows = skip;
        try {
            while (true) {
                long start = System.nanoTime();
                Object item = queue.take();
                parseNanos.addAndGet(System.nanoTime() - start);
                if (item == END) {
                    break;
                }
                if (item instanceof Failure failure) {
                    rethrow(failure.error());
                }
                Block block = (Block) item;
                visitor.accept(block.first(), block.inputs(), block.outputs());
                rows += block.inputs().rows();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OklException(ErrorCode.INVALID_DATA, file + ": reading was interrupted", e);
        } finally {
            reader.stop();
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rows;
    }

    private static void rethrow(Throwable error) {
        if (error instanceof RuntimeException r) {
            throw r;
        }
        if (error instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(error);
    }

    private static final Object END = new Object();

    /** Per column of the file, its place among the chosen columns, or -1. */
    private static int[] columnMap(int[] chosen, int width) {
        int[] map = new int[width];
        Arrays.fill(map, -1);
        for (int k = 0; k < chosen.length; k++) {
            map[chosen[k]] = k;
        }
        return map;
    }

    /** Parsed rows. */
    private record Block(long first, InputRows inputs, Matrix outputs) {
    }

    /** What stopped the reader. */
    private record Failure(Throwable error) {
    }

    /** Parses blocks into the queue until the end of the file or {@link #stop()}. */
    private final class Reader implements Runnable {
        private final BlockingQueue<Object> queue;
        private final long skip;
        private volatile boolean stopped;

        Reader(BlockingQueue<Object> queue, long skip) {
            this.queue = queue;
            this.skip = skip;
        }

        void stop() {
            stopped = true;
        }

        @Override
        public void run() {
            try (TableStream stream = open()) {
                checkColumns(stream.columnNames().size());
                stream.project(columns);
                long first = 0;
                boolean sparseRows = stream.sparse();
                int width = stream.columnNames().size();
                int[] inputMap = columnMap(inputColumns, width);
                int[] outputMap = columnMap(outputColumns, width);
                while (!stopped) {
                    Optional<InputRows> block = sparseRows ? stream.nextRows(BLOCK_ROWS)
                            : stream.next(BLOCK_ROWS).map(m -> m);
                    if (block.isEmpty()) {
                        break;
                    }
                    int rows = block.get().rows();
                    if (first + rows > skip) {
                        // the served rows need not end on this stream's block boundaries (pieces of any length
                        // before a declined one): a block that straddles them is cut, never dropped
                        int from = (int) Math.max(0, skip - first);
                        if (block.get() instanceof SparseMatrix whole) {
                            SparseMatrix s = from == 0 ? whole : whole.rowRange(from, rows);
                            queue.put(new Block(first + from, s.remapColumns(inputMap, inputColumns.length),
                                    s.remapColumns(outputMap, outputColumns.length).toDense()));
                        } else {
                            Matrix whole = (Matrix) block.get();
                            Matrix m = from == 0 ? whole : whole.rowRange(from, rows);
                            queue.put(new Block(first + from, m.selectColumns(inputColumns),
                                    m.selectColumns(outputColumns)));
                        }
                    }
                    first += rows;
                }
                if (!stopped) {
                    queue.put(END);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                if (!stopped) {
                    try {
                        queue.put(new Failure(e));
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }
    }
}
