package org.okl.parquet.io;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSink;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * Reads Apache Parquet files (as pandas, Polars, DuckDB and Spark write them: Snappy, Zstandard, gzip or no
 * compression, dictionary pages, nullable columns) through Apache Parquet for Java without Hadoop; a stream reads one
 * row group at a time and decodes only the columns it is told to ({@link TableStream#project}). A text column is a
 * nominal column (ARFF's route to {@code one-hot}): its levels are its distinct texts, sorted, and each row holds its
 * text's 0-based index among them. Core's file route ({@link #split}) decodes a file's row groups in parallel,
 * numbers in bulk where their pages allow. A schema that names two columns alike is refused
 * ({@link org.okl.api.data.ColumnNames}).
 */
public final class ParquetReader implements TableReader {
    private static final int BLOCK_ROWS = 65_536;

    @Override
    public List<String> suffixes() {
        return List.of(".parquet");
    }

    @Override
    public Table read(Path file) {
        return read(file, null);
    }

    /** Reads only the given columns (the others are zero), row group by row group. */
    @Override
    public Table read(Path file, int[] columns) {
        try (TableStream stream = open(file)) {
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
                levels.add(stream instanceof FolderStream f ? f.levels(j) : ((ParquetStream) stream).levels(j));
            }
            boolean nominal = levels.stream().anyMatch(l -> !l.isEmpty());
            return new Table(new Matrix(n, cols, data), stream.columnNames(), new int[0], true,
                    nominal ? levels : List.of());
        }
    }

    /** Predictions written as Parquet: one double column per name, Snappy pages. */
    @Override
    public Optional<TableSink> sink(OutputStream out, List<String> columnNames) {
        return Optional.of(new ParquetSink(out, columnNames));
    }

    /** A folder of {@code .parquet} files (Spark's, Dask's, DuckDB's) is one table, its files in name order. */
    @Override
    public boolean readsFolders() {
        return true;
    }

    /**
     * Cuts a file (not a folder) into its row groups, which the caller decodes in parallel ({@link ParquetSplits});
     * {@code pieceBytes} is not used: a row group is Parquet's own unit of independent decoding.
     */
    @Override
    public Optional<TableSplits> split(Path file, long pieceBytes) {
        return Files.isDirectory(file) ? Optional.empty() : Optional.of(new ParquetSplits(file));
    }

    @Override
    public TableStream open(Path file) {
        return Files.isDirectory(file) ? new FolderStream(file) : new ParquetStream(file);
    }
}
