package org.okl.arrow.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * An Arrow IPC file (or stream) read one record batch at a time (memory bounded by a batch): only the columns
 * {@link #project} names are decoded into numbers. A null is a missing value (NaN, as an empty CSV field); a nested,
 * decimal, date or binary column is refused by name. A text column (plain or dictionary-encoded) is nominal, as an
 * ARFF attribute with levels: its levels are its distinct texts in sorted order (with every entry of a dictionary,
 * used or not, as a pandas Categorical's categories), found by a first pass over the file that reads only the text
 * columns, and each row holds its text's 0-based index among them ({@link #levels}).
 */
final class ArrowBatches implements TableStream {
    private static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

    private final String file;
    private final FileChannel channel;
    private final BufferAllocator allocator;
    private final ArrowReader reader;
    private final VectorSchemaRoot root;
    private final List<String> names;
    private final String batchesText;
    private final Path path;
    private final boolean collect;
    private final List<Map<String, Integer>> seen = new ArrayList<>();
    private final List<List<String>> levels = new ArrayList<>();
    private int[] wanted;
    private boolean started;
    private int batch;
    private long rowsBefore;
    private double[][] values;
    private int batchRows;
    private int position;

    /** Opens a file: the IPC file format when it starts with Arrow's magic number, else the stream format. */
    ArrowBatches(Path path) {
        this(path, false);
    }

    /** @param collect whether texts are coded in the order they are first met (the first pass), else by level */
    private ArrowBatches(Path path, boolean collect) {
        this.path = path;
        this.file = path.toString();
        this.collect = collect;
        FileChannel c = null;
        BufferAllocator a = ArrowMemory.allocator();
        ArrowReader r = null;
        try {
            c = FileChannel.open(path, StandardOpenOption.READ);
            ByteBuffer head = ByteBuffer.allocate(FILE_MAGIC.length);
            while (head.hasRemaining() && c.read(head) >= 0) {
                // read the first bytes
            }
            boolean fileFormat = Arrays.equals(head.array(), FILE_MAGIC);
            c.position(0);
            if (fileFormat) {
                ArrowFileReader f = new ArrowFileReader(c, a, ArrowTableReader.CODECS);
                batchesText = " of " + f.getRecordBlocks().size();
                r = f;
            } else {
                r = new ArrowStreamReader(c, a, ArrowTableReader.CODECS);
                batchesText = "";
            }
            root = r.getVectorSchemaRoot();
        } catch (IOException | RuntimeException e) {
            closeQuietly(r, a, c);
            throw new DataFormatException(file, "not a readable Arrow IPC file (" + describe(e) + ")", e);
        }
        List<String> n = new ArrayList<>();
        for (Field field : root.getSchema().getFields()) {
            n.add(field.getName());
            seen.add(new HashMap<>());
            levels.add(List.of());
        }
        try {
            ColumnNames.requireDistinct(file, n);
        } catch (DataFormatException e) {
            closeQuietly(r, a, c);
            throw e;
        }
        channel = c;
        allocator = a;
        reader = r;
        names = List.copyOf(n);
        wanted = IntStream.range(0, names.size()).toArray();
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

    /**
     * The levels of a read text column (its distinct texts, sorted), or empty for a column of numbers; known once
     * the first block has been read.
     */
    @Override
    public List<String> levels(int column) {
        return levels.get(column);
    }

    @Override
    public Optional<Matrix> next(int maxRows) {
        if (!started) {
            start();
        }
        while (position >= batchRows) {
            if (!readBatch()) {
                return Optional.empty();
            }
        }
        int n = Math.min(Math.max(1, maxRows), batchRows - position);
        double[] data = new double[Matrix.checkedSize(n, names.size())];
        for (int j : wanted) {
            System.arraycopy(values[j], position, data, j * n, n);
        }
        position += n;
        return Optional.of(new Matrix(n, names.size(), data));
    }

    @Override
    public void close() {
        closeQuietly(reader, allocator, channel);
    }

    /**
     * Refuses the read columns that cannot be numbers before any batch is read; finds the levels of the read text
     * columns (and dictionary-encoded ones, whose dictionaries come with the batches) by a first pass over them.
     */
    private void start() {
        started = true;
        List<Integer> texts = new ArrayList<>();
        for (int j : wanted) {
            Field field = root.getSchema().getFields().get(j);
            if (field.getDictionary() == null) {
                check(field.getName(), field.getType(), "");
            }
            if (field.getDictionary() != null || field.getType() instanceof ArrowType.Utf8
                    || field.getType() instanceof ArrowType.LargeUtf8) {
                texts.add(j);
            }
        }
        if (!collect && !texts.isEmpty()) {
            try (ArrowBatches first = new ArrowBatches(path, true)) {
                first.project(texts.stream().mapToInt(Integer::intValue).toArray());
                while (first.next(Integer.MAX_VALUE).isPresent()) {
                    // collects the texts
                }
                for (int j : texts) {
                    List<String> sorted = first.seen.get(j).keySet().stream().sorted().toList();
                    levels.set(j, sorted);
                    for (int k = 0; k < sorted.size(); k++) {
                        seen.get(j).put(sorted.get(k), k);
                    }
                }
            }
        }
        values = new double[names.size()][];
    }

    private void check(String name, ArrowType type, String where) {
        String why = switch (type.getTypeID()) {
            case FloatingPoint, Int, Bool -> null;
            case Utf8, LargeUtf8 -> null;
            case Struct, List, LargeList, FixedSizeList, Map, Union, ListView, LargeListView -> "is nested ("
                    + type.getTypeID() + ")";
            default -> "holds " + type + " values, not numbers";
        };
        if (why != null) {
            throw new DataFormatException(file, where + "column " + UserText.quote(name) + " " + why
                    + "; OKL reads flat columns of numbers (double, float, integer, boolean) and text");
        }
    }

    /** Loads the next record batch and decodes its wanted columns, or false at the end. */
    private boolean readBatch() {
        rowsBefore += batchRows;
        String where = "record batch " + (batch + 1) + batchesText;
        boolean loaded;
        try {
            loaded = reader.loadNextBatch();
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(file, where + ": cannot be read (" + describe(e) + ")", e);
        }
        if (!loaded) {
            batchRows = 0;
            position = 0;
            return false;
        }
        batch++;
        batchRows = root.getRowCount();
        position = 0;
        for (int j : wanted) {
            FieldVector vector = root.getVector(j);
            try {
                values[j] = decode(j, vector, where);
            } catch (DataFormatException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new DataFormatException(file, where + ", column " + UserText.quote(names.get(j))
                        + ": corrupt data (" + describe(e) + ")", e);
            }
        }
        return true;
    }

    private double[] decode(int j, FieldVector vector, String where) {
        double[] out = new double[batchRows];
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding == null && vector instanceof Float8Vector f && batchRows > 0
                && (long) batchRows * Float8Vector.TYPE_WIDTH <= Integer.MAX_VALUE) {
            // in bulk from the data buffer; then the nulls, and the first infinite value named as below
            f.getDataBuffer().nioBuffer(0, batchRows * Float8Vector.TYPE_WIDTH).order(ByteOrder.LITTLE_ENDIAN)
                    .asDoubleBuffer().get(out, 0, batchRows);
            boolean nulls = f.getNullCount() > 0;
            for (int i = 0; i < batchRows; i++) {
                if (nulls && f.isNull(i)) {
                    out[i] = Double.NaN;
                } else if (Double.isInfinite(out[i])) {
                    value(j, vector, i, where);
                }
            }
            return out;
        }
        if (encoding == null) {
            for (int i = 0; i < batchRows; i++) {
                out[i] = vector.isNull(i) ? Double.NaN : value(j, vector, i, where);
            }
            return out;
        }
        Dictionary dictionary = reader.lookup(encoding.getId());
        FieldVector levels = dictionary.getVector();
        check(names.get(j), levels.getField().getType(), where + ", ");
        BaseIntVector indices = (BaseIntVector) vector;
        double[] byIndex = new double[levels.getValueCount()];
        boolean[] done = new boolean[byIndex.length];
        if (collect) {
            // every entry of the dictionary is a level, used or not (a pandas Categorical's categories), so files
            // written with the same categories code their texts alike
            for (int e = 0; e < byIndex.length; e++) {
                byIndex[e] = levels.isNull(e) ? Double.NaN : value(j, levels, e, where);
                done[e] = true;
            }
        }
        for (int i = 0; i < batchRows; i++) {
            if (vector.isNull(i)) {
                out[i] = Double.NaN;
                continue;
            }
            long k = indices.getValueAsLong(i);
            if (k < 0 || k >= byIndex.length) {
                throw new DataFormatException(file, where + ", row " + (rowsBefore + i + 1) + ", column "
                        + UserText.quote(names.get(j)) + ": dictionary index " + k + " outside its "
                        + byIndex.length + " entries");
            }
            int e = (int) k;
            if (!done[e]) {
                byIndex[e] = levels.isNull(e) ? Double.NaN : value(j, levels, e, where);
                done[e] = true;
            }
            out[i] = byIndex[e];
        }
        return out;
    }

    /** Entry i (not null) of a vector as a number: text is coded by the order it is first met. */
    private double value(int j, ValueVector vector, int i, String where) {
        double v;
        if (vector instanceof FloatingPointVector f) {
            v = f.getValueAsDouble(i);
        } else if (vector instanceof UInt8Vector u) {
            v = u.getObjectNoOverflow(i).doubleValue();
        } else if (vector instanceof BaseIntVector b) {
            v = b.getValueAsLong(i);
        } else if (vector instanceof BitVector b) {
            v = b.get(i);
        } else if (vector instanceof VarCharVector s) {
            return code(j, new String(s.get(i), StandardCharsets.UTF_8));
        } else if (vector instanceof LargeVarCharVector s) {
            return code(j, new String(s.get(i), StandardCharsets.UTF_8));
        } else {
            throw new IllegalStateException("a column of " + vector.getField().getType());
        }
        if (Double.isInfinite(v)) {
            throw new DataFormatException(file, where + ", row " + (rowsBefore + i + 1) + ", column "
                    + UserText.quote(names.get(j)) + ": " + v + " is not a finite number");
        }
        return v;
    }

    private double code(int j, String s) {
        Map<String, Integer> codes = seen.get(j);
        if (collect) {
            return codes.computeIfAbsent(s, k -> codes.size());
        }
        Integer code = codes.get(s);
        if (code == null) {
            throw new DataFormatException(file, "column " + UserText.quote(names.get(j)) + ": text "
                    + UserText.quote(s) + " was not met by the first pass (the file changed while read)");
        }
        return code;
    }

    private static void closeQuietly(ArrowReader r, BufferAllocator a, FileChannel c) {
        try {
            if (r != null) {
                r.close();
            }
        } catch (IOException | RuntimeException e) {
            // read-only file: nothing was written that closing could lose
        }
        try {
            if (a != null) {
                a.close();
            }
        } catch (RuntimeException e) {
            // a buffer still held at an error: the allocator's memory goes with it
        }
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // read-only file
        }
    }

    /** The library's message for one line. */
    static String describe(Throwable e) {
        return UserText.escape(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
}
