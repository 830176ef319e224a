package org.okl.arrow.io;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSink;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * Reads Apache Arrow IPC files and streams (as pyarrow, Polars, DuckDB and pandas write them: Feather v2 with LZ4 or
 * Zstandard buffers, dictionary-encoded text, nullable columns) through Apache Arrow Java; a stream reads one record
 * batch at a time and decodes only the columns it is told to ({@link TableStream#project}). A text column is a
 * nominal column (ARFF's route to {@code one-hot}): its levels are its distinct texts in sorted order and each row
 * holds its text's 0-based index among them. Core's file route ({@link #split}) decodes an IPC file's record
 * batches in parallel, double columns copied in bulk. A schema that names two columns alike is refused
 * ({@link org.okl.api.data.ColumnNames}).
 */
public final class ArrowTableReader implements TableReader {
    /** The buffer codecs, pure Java. */
    static final CompressionCodec.Factory CODECS = new PureJavaCodecs();
    private static final int BLOCK_ROWS = 65_536;
    private final boolean streamFormat;

    /**
     * @param streamFormat whether this reader names the stream format ({@code .arrows}, written as a stream) rather
     *                     than the file format ({@code .arrow}, {@code .feather}); both read either
     */
    public ArrowTableReader(boolean streamFormat) {
        this.streamFormat = streamFormat;
    }

    @Override
    public List<String> suffixes() {
        return streamFormat ? List.of(".arrows") : List.of(".arrow", ".feather");
    }

    @Override
    public Table read(Path file) {
        return read(file, null);
    }

    /** Reads only the given columns (the others are zero), batch by batch; text columns become nominal. */
    @Override
    public Table read(Path file, int[] columns) {
        try (ArrowBatches stream = new ArrowBatches(file)) {
            if (columns != null) {
                stream.project(columns);
            }
            List<Matrix> blocks = new ArrayList<>();
            long rows = 0;
            for (Optional<Matrix> b = stream.next(BLOCK_ROWS); b.isPresent(); b = stream.next(BLOCK_ROWS)) {
                blocks.add(b.get());
                rows += b.get().rows();
            }
            int cols = stream.columnNames().size();
            double[] data = new double[Matrix.checkedSize(rows, cols)];
            int n = (int) rows;
            int at = 0;
            for (Matrix b : blocks) {
                for (int j = 0; j < cols; j++) {
                    System.arraycopy(b.data(), j * b.rows(), data, j * n + at, b.rows());
                }
                at += b.rows();
            }
            List<List<String>> levels = new ArrayList<>();
            for (int j = 0; j < cols; j++) {
                levels.add(stream.levels(j));
            }
            boolean nominal = levels.stream().anyMatch(l -> !l.isEmpty());
            return new Table(new Matrix(n, cols, data), stream.columnNames(), new int[0], true,
                    nominal ? levels : List.of());
        }
    }

    /** Predictions written as an Arrow IPC file (or stream, for {@code .arrows}): one double column per name. */
    @Override
    public Optional<TableSink> sink(OutputStream out, List<String> columnNames) {
        return Optional.of(new ArrowSink(out, columnNames, streamFormat));
    }

    /** Streams the file by record batch; a text column holds its level's index (found by a first pass). */
    @Override
    public TableStream open(Path file) {
        return new ArrowBatches(file);
    }

    /**
     * Cuts an IPC file (the file format; a stream is read by {@link #open}) into its record batches, which the caller
     * decodes in parallel ({@link ArrowSplits}); {@code pieceBytes} is not used: a batch is Arrow's own unit.
     */
    @Override
    public Optional<TableSplits> split(Path file, long pieceBytes) {
        byte[] head = new byte[6];
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, head.length) < head.length) {
                return Optional.empty();
            }
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
        if (!new String(head, java.nio.charset.StandardCharsets.US_ASCII).equals("ARROW1")) {
            return Optional.empty();
        }
        return Optional.of(new ArrowSplits(file));
    }

    @Override
    public String toString() {
        return "arrow" + (streamFormat ? "-stream " : " ") + Arrays.toString(suffixes().toArray());
    }
}
