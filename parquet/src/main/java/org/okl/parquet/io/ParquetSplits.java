package org.okl.parquet.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableSplits;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * A Parquet file cut into its row groups, which decode independently, so that every core decodes a row group of
 * one file at once ({@link ParquetReader#split}): each piece opens the file on its own (the footer is read once,
 * here) and decodes only the wanted columns, numbers in bulk where the pages allow ({@link BulkColumn}), else through
 * Parquet's column reader, value for value as {@link ParquetStream} reads them. A piece declines (empty) whenever a
 * wanted column is one the stream must read (text, whose codes need the whole file's levels; a column the stream
 * refuses) or anything fails or is not a finite number: the caller then reads the file with {@link ParquetStream},
 * whose error names the file, the row group and the column.
 */
final class ParquetSplits implements TableSplits {
    private final InputFile input;
    private final ParquetMetadata footer;
    private final MessageType schema;
    private final List<String> names;
    private final String createdBy;
    private final int groups;

    /**
     * Reads the file's footer.
     *
     * @throws DataFormatException when the file is not a readable Parquet file
     */
    ParquetSplits(Path file) {
        input = new LocalInputFile(file);
        try (ParquetFileReader reader = new ParquetFileReader(input, ParquetStream.OPTIONS)) {
            footer = reader.getFooter();
            groups = reader.getRowGroups().size();
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(UserText.escape(file.toString()), "not a readable Parquet file ("
                    + ParquetStream.describe(e) + ")", e);
        }
        schema = footer.getFileMetaData().getSchema();
        createdBy = footer.getFileMetaData().getCreatedBy();
        List<String> n = new ArrayList<>();
        for (Type field : schema.getFields()) {
            n.add(field.getName());
        }
        ColumnNames.requireDistinct(UserText.escape(file.toString()), n);
        names = List.copyOf(n);
    }

    @Override
    public List<String> columnNames() {
        return names;
    }

    @Override
    public boolean namedColumns() {
        return true;
    }

    /** One piece per row group. */
    @Override
    public int pieces() {
        return groups;
    }

    @Override
    public Optional<Matrix> parse(int piece, int[] columns) {
        int[] wanted = Arrays.stream(columns).distinct().sorted().toArray();
        for (int j : wanted) {
            Type field = schema.getType(j);
            if (ParquetStream.unsupported(field) != null || ParquetStream.isText(field.asPrimitiveType())) {
                return Optional.empty();
            }
        }
        MessageType requested = new MessageType(schema.getName(),
                Arrays.stream(wanted).mapToObj(schema::getType).toList());
        SeekableInputStream stream = null;
        try {
            stream = input.newStream();
            try (ParquetFileReader reader = new ParquetFileReader(input, footer, ParquetStream.OPTIONS, stream)) {
                stream = null;
                reader.setRequestedSchema(requested);
                PageReadStore pages = reader.readRowGroup(piece);
                if (pages == null || pages.getRowCount() > Integer.MAX_VALUE - 8) {
                    return Optional.empty();
                }
                int rows = (int) pages.getRowCount();
                double[] data = new double[Matrix.checkedSize(rows, columns.length)];
                int[] at = new int[names.size()];
                Arrays.fill(at, -1);
                for (int k = 0; k < columns.length; k++) {
                    int j = columns[k];
                    if (at[j] >= 0) {
                        System.arraycopy(data, at[j] * rows, data, k * rows, rows);
                        continue;
                    }
                    ColumnDescriptor column = schema.getColumnDescription(new String[] {names.get(j)});
                    if (!decode(pages, column, schema.getType(j), rows, data, k * rows)) {
                        return Optional.empty();
                    }
                    at[j] = k;
                }
                return Optional.of(new Matrix(rows, columns.length, data));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        } finally {
            if (stream != null) {
                try {
                    stream.close();
                } catch (IOException e) {
                    // read-only file
                }
            }
        }
    }

    /** One column chunk into {@code out}: in bulk, else through Parquet's column reader; false to decline. */
    private boolean decode(PageReadStore pages, ColumnDescriptor column, Type field, int rows, double[] out,
            int offset) throws IOException {
        BufferedPages buffered = new BufferedPages(pages.getPageReader(column));
        if (BulkColumn.decode(buffered, column, rows, out, offset)) {
            return true;
        }
        PageReader replay = buffered.replay();
        PageReadStore one = new PageReadStore() {
            @Override
            public PageReader getPageReader(ColumnDescriptor descriptor) {
                return replay;
            }

            @Override
            public long getRowCount() {
                return rows;
            }
        };
        ColumnReader in = new ColumnReadStoreImpl(one, ParquetStream.NO_CONVERTER,
                new MessageType(schema.getName(), List.of(field)), createdBy).getColumnReader(column);
        int defined = column.getMaxDefinitionLevel();
        PrimitiveType.PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
        for (int i = 0; i < rows; i++) {
            double v;
            if (in.getCurrentDefinitionLevel() < defined) {
                v = Double.NaN;
            } else {
                v = switch (type) {
                    case DOUBLE -> in.getDouble();
                    case FLOAT -> in.getFloat();
                    case INT32 -> in.getInteger();
                    case INT64 -> in.getLong();
                    case BOOLEAN -> in.getBoolean() ? 1 : 0;
                    default -> throw new IllegalStateException(type.toString());
                };
                if (Double.isInfinite(v)) {
                    return false;
                }
            }
            out[offset + i] = v;
            in.consume();
        }
        return true;
    }

    @Override
    public void close() {
        // every piece closes the file it opened
    }
}
