package org.okl.parquet.io;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetMetricsCallback;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * A Parquet file read one row group at a time (memory bounded by a row group of the read columns): only the columns
 * {@link #project} names are decoded. A null is a missing value (NaN, as an empty CSV field); a nested, repeated or
 * decimal column is refused by name when it is read. A text column (UTF-8 strings or enums, dictionary pages or
 * plain) is nominal, as an ARFF attribute with levels: its levels are its distinct texts in sorted order, found by a
 * first pass that reads only the text columns ({@link #texts}), and each row holds its text's 0-based index.
 */
final class ParquetStream implements TableStream {
    /** A converter that converts nothing: OKL reads values from the column readers themselves. */
    static final GroupConverter NO_CONVERTER = new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
            return new PrimitiveConverter() { };
        }

        @Override
        public void start() {
        }

        @Override
        public void end() {
        }
    };

    /**
     * Parquet's reading options with {@link PureJavaCodecs}: its option builders read their defaults through Hadoop
     * classes (ParquetInputFormat), so the options are made through their constructor, with page checksums checked
     * where the writer stored them. Set once; the options hold no state of a read.
     */
    static final ParquetReadOptions OPTIONS = options();

    private final Path file;
    private final String shown;
    private final ParquetFileReader reader;
    private final MessageType schema;
    private final List<String> names;
    private final int groups;
    private final String createdBy;
    private int[] wanted;
    private List<List<String>> levels;
    private final List<Map<String, Integer>> codes = new ArrayList<>();
    private boolean started;
    private int group;
    private long rowsBefore;
    private double[][] values;
    private int groupRows;
    private int position;

    ParquetStream(Path file) {
        this.file = file;
        this.shown = UserText.escape(file.toString());
        try {
            reader = new ParquetFileReader(new LocalInputFile(file), OPTIONS);
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(shown, "not a readable Parquet file (" + describe(e) + ")", e);
        }
        schema = reader.getFooter().getFileMetaData().getSchema();
        createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
        groups = reader.getRowGroups().size();
        List<String> n = new ArrayList<>();
        for (Type field : schema.getFields()) {
            n.add(field.getName());
        }
        try {
            ColumnNames.requireDistinct(shown, n);
        } catch (DataFormatException e) {
            try {
                reader.close();
            } catch (IOException | RuntimeException ignored) {
                // the names are the error
            }
            throw e;
        }
        names = List.copyOf(n);
        wanted = java.util.stream.IntStream.range(0, names.size()).toArray();
        levels = new ArrayList<>(java.util.Collections.nCopies(names.size(), List.of()));
    }

    /**
     * The levels of a read text column (its distinct texts, sorted), or empty for a column of numbers; known once
     * the first block has been read.
     */
    @Override
    public List<String> levels(int column) {
        return levels.get(column);
    }

    /** The read text columns among {@code columns} (UTF-8 strings or enums). */
    List<Integer> textColumns(int[] columns) {
        List<Integer> texts = new ArrayList<>();
        for (int j : columns) {
            if (unsupported(schema.getType(j)) == null && isText(schema.getType(j).asPrimitiveType())) {
                texts.add(j);
            }
        }
        return texts;
    }

    /**
     * Codes the text columns by these levels (a folder's, over all its files) rather than this file's own. Call
     * before the first {@link #next}.
     */
    void useLevels(List<List<String>> all) {
        levels = new ArrayList<>(all);
    }

    /**
     * The distinct texts of the given columns (one sorted set per column, in the order given), read row group by
     * row group, only those columns decoded.
     */
    List<java.util.TreeSet<String>> texts(List<Integer> columns) {
        List<java.util.TreeSet<String>> out = new ArrayList<>();
        columns.forEach(c -> out.add(new java.util.TreeSet<>()));
        MessageType requested = new MessageType(schema.getName(), columns.stream().map(schema::getType).toList());
        int g = 0;
        try (ParquetFileReader first = new ParquetFileReader(new LocalInputFile(file), OPTIONS)) {
            first.setRequestedSchema(requested);
            for (PageReadStore pages = first.readNextRowGroup(); pages != null; pages = first.readNextRowGroup()) {
                g++;
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_CONVERTER, requested, createdBy);
                for (int k = 0; k < columns.size(); k++) {
                    ColumnDescriptor column = schema.getColumnDescription(new String[] {names.get(columns.get(k))});
                    ColumnReader in = store.getColumnReader(column);
                    for (long i = 0; i < pages.getRowCount(); i++) {
                        if (in.getCurrentDefinitionLevel() == column.getMaxDefinitionLevel()) {
                            out.get(k).add(in.getBinary().toStringUsingUTF8());
                        }
                        in.consume();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(shown, "row group " + (g + 1) + " of " + groups + ": cannot be read ("
                    + describe(e) + ")", e);
        }
        return out;
    }

    @Override
    public List<String> columnNames() {
        return names;
    }

    @Override
    public int[] outputColumns() {
        return new int[0];
    }

    /** Decodes only these columns from now on; the others read as zeros. Call before the first {@link #next}. */
    @Override
    public void project(int[] columns) {
        if (started) {
            throw new IllegalStateException("project before reading");
        }
        wanted = Arrays.stream(columns).distinct().sorted().toArray();
    }

    @Override
    public Optional<Matrix> next(int maxRows) {
        if (!started) {
            start();
        }
        while (position >= groupRows) {
            if (!readGroup()) {
                return Optional.empty();
            }
        }
        int n = Math.min(Math.max(1, maxRows), groupRows - position);
        double[] data = new double[Matrix.checkedSize(n, names.size())];
        for (int j : wanted) {
            System.arraycopy(values[j], position, data, j * n, n);
        }
        position += n;
        return Optional.of(new Matrix(n, names.size(), data));
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // read-only file: nothing was written that closing could lose
        }
    }

    /** Checks the read columns' types and asks the reader for those columns only. */
    private void start() {
        started = true;
        List<Type> fields = new ArrayList<>();
        for (int j : wanted) {
            Type field = schema.getType(j);
            String why = unsupported(field);
            if (why != null) {
                throw new DataFormatException(shown, "column " + UserText.quote(field.getName()) + " " + why
                        + "; OKL reads flat columns of numbers (double, float, integer, boolean) and text");
            }
            fields.add(field);
        }
        reader.setRequestedSchema(new MessageType(schema.getName(), fields));
        List<Integer> texts = textColumns(wanted);
        if (!texts.isEmpty() && texts.stream().allMatch(j -> levels.get(j).isEmpty())) {
            List<java.util.TreeSet<String>> found = texts(texts);
            for (int k = 0; k < texts.size(); k++) {
                levels.set(texts.get(k), List.copyOf(found.get(k)));
            }
        }
        for (int j = 0; j < names.size(); j++) {
            Map<String, Integer> c = new java.util.HashMap<>();
            for (int k = 0; k < levels.get(j).size(); k++) {
                c.put(levels.get(j).get(k), k);
            }
            codes.add(c);
        }
        values = new double[names.size()][];
    }

    static boolean isText(PrimitiveType p) {
        return p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY;
    }

    /** Why OKL does not read a column of this type, or null when it does. */
    static String unsupported(Type field) {
        if (!field.isPrimitive()) {
            return "is a nested group";
        }
        if (field.isRepetition(Type.Repetition.REPEATED)) {
            return "is a repeated (list) column";
        }
        PrimitiveType p = field.asPrimitiveType();
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        boolean text = logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
        if (logical != null && !(logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) && !text) {
            return "holds " + UserText.escape(logical.toString()) + " values, not numbers";
        }
        if (p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
            return text ? null : "holds binary values that are not marked as UTF-8 text";
        }
        return switch (p.getPrimitiveTypeName()) {
            case DOUBLE, FLOAT, INT32, INT64, BOOLEAN -> null;
            default -> "holds " + p.getPrimitiveTypeName() + " values, not numbers";
        };
    }

    /** Reads the next row group's wanted columns, or false at the end. */
    private boolean readGroup() {
        rowsBefore += groupRows;
        if (group >= groups) {
            groupRows = 0;
            position = 0;
            return false;
        }
        group++;
        String where = "row group " + group + " of " + groups;
        PageReadStore pages;
        try {
            pages = reader.readNextRowGroup();
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(shown, where + blame(group - 1) + ": cannot be read (" + describe(e)
                    + ")", e);
        }
        if (pages == null) {
            throw new DataFormatException(shown, where + ": missing (the footer promises " + groups + ")");
        }
        long rows = pages.getRowCount();
        if (rows > Integer.MAX_VALUE - 8) {
            throw new DataFormatException(shown, where + ": " + rows + " rows, more than OKL reads in one group");
        }
        groupRows = (int) rows;
        position = 0;
        MessageType requested = new MessageType(schema.getName(),
                Arrays.stream(wanted).mapToObj(schema::getType).toList());
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_CONVERTER, requested, createdBy);
        for (int j : wanted) {
            ColumnDescriptor column = schema.getColumnDescription(new String[] {names.get(j)});
            String name = UserText.quote(names.get(j));
            try {
                values[j] = decode(j, store.getColumnReader(column), column, where, name);
            } catch (DataFormatException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new DataFormatException(shown, where + ", column " + name + ": corrupt data (" + describe(e)
                        + ")", e);
            }
        }
        return true;
    }

    /**
     * Which read column of a row group that failed to load is corrupt: each is loaded alone from a fresh reader (on
     * the error path only), and the first that fails is named ({@code , column 'x'}); empty when none fails alone.
     */
    private String blame(int index) {
        for (int j : wanted) {
            try (ParquetFileReader alone = new ParquetFileReader(new LocalInputFile(file), OPTIONS)) {
                alone.setRequestedSchema(new MessageType(schema.getName(), List.of(schema.getType(j))));
                for (int g = 0; g < index; g++) {
                    alone.skipNextRowGroup();
                }
                PageReadStore pages = alone.readNextRowGroup();
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_CONVERTER,
                        new MessageType(schema.getName(), List.of(schema.getType(j))), createdBy);
                ColumnReader in = store.getColumnReader(schema.getColumnDescription(new String[] {names.get(j)}));
                for (long i = 0; i < pages.getRowCount(); i++) {
                    in.consume();
                }
            } catch (IOException | RuntimeException e) {
                return ", column " + UserText.quote(names.get(j));
            }
        }
        return "";
    }

    private double[] decode(int j, ColumnReader in, ColumnDescriptor column, String where, String name) {
        double[] out = new double[groupRows];
        int defined = column.getMaxDefinitionLevel();
        PrimitiveType.PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
        for (int i = 0; i < groupRows; i++) {
            if (in.getCurrentDefinitionLevel() < defined) {
                out[i] = Double.NaN;
            } else {
                double v = switch (type) {
                    case DOUBLE -> in.getDouble();
                    case FLOAT -> in.getFloat();
                    case INT32 -> in.getInteger();
                    case INT64 -> in.getLong();
                    case BOOLEAN -> in.getBoolean() ? 1 : 0;
                    case BINARY -> code(j, in.getBinary().toStringUsingUTF8(), where, name);
                    default -> throw new IllegalStateException(type.toString());
                };
                if (Double.isInfinite(v)) {
                    throw new DataFormatException(shown, where + ", row " + (rowsBefore + i + 1) + ", column "
                            + name + ": " + v + " is not a finite number");
                }
                out[i] = v;
            }
            in.consume();
        }
        return out;
    }

    private double code(int j, String text, String where, String name) {
        Integer code = codes.get(j).get(text);
        if (code == null) {
            throw new DataFormatException(shown, where + ", column " + name + ": text " + UserText.quote(text)
                    + " was not met by the first pass (the file changed while read)");
        }
        return code;
    }

    private static ParquetReadOptions options() {
        try {
            Constructor<ParquetReadOptions> c = ParquetReadOptions.class.getDeclaredConstructor(boolean.class,
                    boolean.class, boolean.class, boolean.class, boolean.class, boolean.class, boolean.class,
                    boolean.class, boolean.class, FilterCompat.Filter.class,
                    ParquetMetadataConverter.MetadataFilter.class, CompressionCodecFactory.class,
                    ByteBufferAllocator.class, int.class, Map.class, FileDecryptionProperties.class,
                    ParquetMetricsCallback.class, ParquetConfiguration.class);
            c.setAccessible(true);
            // signed min/max, stats, dictionary, record, column-index filters; page checksums; bloom filter;
            // off-heap decryption; vectored I/O
            return c.newInstance(false, false, false, false, false, true, false, false, false, FilterCompat.NOOP,
                    ParquetMetadataConverter.NO_FILTER, new PureJavaCodecs(), new HeapByteBufferAllocator(),
                    8 << 20, Map.of(), null, null, new PlainParquetConfiguration());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this build of Apache Parquet has no reading options OKL knows", e);
        }
    }

    /** The library's message for one line, its name for the file (an object's identity) replaced. */
    static String describe(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getMessage().replaceAll("org\\.apache\\.parquet\\.io\\.LocalInputFile@[0-9a-f]+", "the file");
        return UserText.escape(message);
    }
}
