package org.okl.core.data;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.core.memory.MemoryBudget;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.stream.RowSource;

/**
 * The rows of a data file, read again for every pass in blocks of {@link #BLOCK_ROWS}: a reader thread parses the
 * next blocks (at most {@value #QUEUED} ahead) while the caller computes on the current one, so memory stays at a few
 * blocks whatever the file's length. Inputs and outputs are the chosen columns of each row. A format that stores rows
 * sparse (LIBSVM) gives sparse input blocks ({@link #forEachInputRowBlock}); {@link #forEachRowBlock} makes them
 * dense, block by block, within the memory budget.
 */
public final class FileRows implements RowSource {
    /** The rows of one block. */
    public static final int BLOCK_ROWS = 8192;
    /** The blocks parsed ahead of the consumer. */
    static final int QUEUED = 2;

    private final Path file;
    private final TableFiles tables;
    private final int[] inputColumns;
    private final int[] outputColumns;
    private long size = -1;
    private Boolean sparse;
    private final java.util.concurrent.atomic.AtomicLong parseNanos = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @param file          the data file
     * @param tables        the readers
     * @param inputColumns  the input columns (0-based)
     * @param outputColumns the output columns (0-based; may be empty)
     */
    public FileRows(Path file, TableFiles tables, int[] inputColumns, int[] outputColumns) {
        this.file = file;
        this.tables = tables;
        this.inputColumns = inputColumns.clone();
        this.outputColumns = outputColumns.clone();
    }

    /** The number of rows; counted by a pass when no pass has run yet. */
    @Override
    public long size() {
        if (size < 0) {
            forEachInputRowBlock((first, inputs, outputs) -> { });
        }
        return size;
    }

    /** The seconds the reader threads spent reading and parsing, over every pass so far (overlapped with work). */
    public double parseSeconds() {
        return parseNanos.get() * 1e-9;
    }

    @Override
    public int dimension() {
        return inputColumns.length;
    }

    @Override
    public int outputDimension() {
        return outputColumns.length;
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
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED);
        Reader reader = new Reader(queue);
        Thread thread = new Thread(reader, "okl-reader " + file.getFileName());
        thread.setDaemon(true);
        thread.start();
        long rows = 0;
        try {
            while (true) {
                Object item = queue.take();
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
        if (rows == 0) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no data rows");
        }
        size = rows;
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
        java.util.Arrays.fill(map, -1);
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
        private volatile boolean stopped;

        Reader(BlockingQueue<Object> queue) {
            this.queue = queue;
        }

        void stop() {
            stopped = true;
        }

        @Override
        public void run() {
            try (TableStream stream = tables.open(file)) {
                int width = stream.columnNames().size();
                for (int[] columns : new int[][] {inputColumns, outputColumns}) {
                    for (int c : columns) {
                        if (c < 0 || c >= width) {
                            throw new OklException(ErrorCode.INVALID_DATA, file + ": column " + c
                                    + " does not exist; the file has " + width + " columns");
                        }
                    }
                }
                long first = 0;
                boolean sparseRows = stream.sparse();
                int[] inputMap = columnMap(inputColumns, width);
                int[] outputMap = columnMap(outputColumns, width);
                while (!stopped) {
                    long start = System.nanoTime();
                    Optional<InputRows> block = sparseRows ? stream.nextRows(BLOCK_ROWS)
                            : stream.next(BLOCK_ROWS).map(m -> m);
                    parseNanos.addAndGet(System.nanoTime() - start);
                    if (block.isEmpty()) {
                        break;
                    }
                    if (block.get() instanceof SparseMatrix s) {
                        queue.put(new Block(first, s.remapColumns(inputMap, inputColumns.length),
                                s.remapColumns(outputMap, outputColumns.length).toDense()));
                    } else {
                        Matrix m = (Matrix) block.get();
                        queue.put(new Block(first, m.selectColumns(inputColumns), m.selectColumns(outputColumns)));
                    }
                    first += block.get().rows();
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
