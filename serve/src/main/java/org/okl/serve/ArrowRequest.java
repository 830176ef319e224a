package org.okl.serve;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.okl.api.error.ErrorCode;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * Reads a predict request sent as an Apache Arrow IPC stream ({@value #MEDIA_TYPE}) with Arrow Java's
 * {@link ArrowStreamReader} straight into the column-major layout of a {@link Matrix}: each column's values are
 * copied from its Arrow buffer into the matrix's column (a float64 column without nulls in one bulk copy), with no
 * row arrays and no transposition. Columns are matched to the model's request columns by name, as the keys of JSON
 * objects and a CSV header are, under the same rules: every request column once, no other column. A column of
 * float64, float32, float16, a signed or unsigned integer type or booleans is read as numbers; nulls, other types, a
 * damaged or truncated stream are an {@link ErrorCode#INVALID_DATA} error (400) naming the column (and the row);
 * values that are numbers but not finite are passed on, for the model to refuse. Several record batches are
 * concatenated. Each request reads under its own allocator, closed with the reader, also on errors.
 */
final class ArrowRequest {
    /** The IANA media type of the Arrow IPC stream format. */
    static final String MEDIA_TYPE = "application/vnd.apache.arrow.stream";

    /** The JVM option Arrow's memory layer needs. */
    static final String OPTION = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    /**
     * A request's rows, column-major.
     *
     * @param inputs the model's input columns, one row per request row
     * @param tasks  each row's task for a multi-task model, else {@code null}
     */
    record Block(Matrix inputs, int[] tasks) {
    }

    private final List<String> columns;
    private final int maxRows;
    /** Column j of the request at {@code data[j * capacity]}, the first {@code rows} values. */
    private double[] data;
    private int capacity;
    private int rows;

    private ArrowRequest(List<String> columns, int maxRows) {
        this.columns = columns;
        this.maxRows = maxRows;
    }

    /** Whether a Content-Type header names the Arrow IPC stream format. */
    static boolean isArrow(String contentType) {
        return contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).startsWith(MEDIA_TYPE);
    }

    /**
     * The rows of an Arrow IPC stream body.
     *
     * @param columns   the request's columns (the model's inputs, then {@value ServedModel#TASK} when
     *                  {@code multiTask})
     * @param multiTask whether the last column holds each row's task
     * @param maxRows   the most rows a request may hold
     * @param memory    the most bytes of Arrow buffers the request may allocate while read
     */
    static Block read(byte[] body, List<String> columns, boolean multiTask, int maxRows, long memory) {
        ArrowRequest request = new ArrowRequest(columns, maxRows);
        request.readStream(body, memory);
        int inputs = multiTask ? columns.size() - 1 : columns.size();
        double[] values = request.data;
        if (request.capacity != request.rows) {
            values = new double[request.rows * columns.size()];
            for (int j = 0; j < columns.size(); j++) {
                System.arraycopy(request.data, j * request.capacity, values, j * request.rows, request.rows);
            }
        }
        int n = request.rows;
        int[] tasks = null;
        if (multiTask) {
            tasks = new int[n];
            int at = inputs * n;
            for (int i = 0; i < n; i++) {
                tasks[i] = RequestRows.task(values[at + i], i);
            }
            values = values.length == inputs * n ? values : java.util.Arrays.copyOf(values, inputs * n);
        }
        return new Block(new Matrix(n, inputs, values), tasks);
    }

    private void readStream(byte[] body, long memory) {
        try (BufferAllocator allocator = allocator(memory);
             ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(body), allocator)) {
            VectorSchemaRoot root;
            try {
                root = reader.getVectorSchemaRoot();
            } catch (IOException | RuntimeException e) {
                throw invalid("not a readable Arrow IPC stream (" + describe(e) + ")");
            }
            int[] target = match(root.getSchema().getFields());
            int batch = 0;
            while (true) {
                boolean loaded;
                try {
                    loaded = reader.loadNextBatch();
                } catch (IOException | RuntimeException e) {
                    throw invalid("the Arrow stream's record batch " + (batch + 1) + " cannot be read ("
                            + describe(e) + ")");
                }
                if (!loaded) {
                    break;
                }
                batch++;
                int batchRows = root.getRowCount();
                if ((long) rows + batchRows > maxRows) {
                    throw RequestRows.tooMany((long) rows + batchRows, maxRows);
                }
                grow(batchRows);
                for (int k = 0; k < target.length; k++) {
                    FieldVector vector = root.getVector(k);
                    try {
                        copy(vector, batchRows, target[k]);
                    } catch (ServeException e) {
                        throw e;
                    } catch (RuntimeException e) {
                        throw invalid("the Arrow stream's record batch " + batch + ", column "
                                + UserText.quote(columns.get(target[k])) + ": corrupt data (" + describe(e) + ")");
                    }
                }
                rows += batchRows;
            }
            if (rows == 0) {
                throw RequestRows.tooMany(0, maxRows);
            }
        } catch (IOException e) {
            // closing a reader of bytes in memory: nothing is lost
            throw invalid("the Arrow stream could not be closed (" + describe(e) + ")");
        }
    }

    /** A new allocator of at most {@code memory} bytes, with one clear error when Arrow cannot run here. */
    private static BufferAllocator allocator(long memory) {
        try {
            BufferAllocator root = new RootAllocator(memory);
            // the first NIO view of a buffer initialises Arrow's MemoryUtil, which is what needs java.nio opened
            try (ArrowBuf probe = root.buffer(8)) {
                probe.nioBuffer();
            }
            return root;
        } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new ServeException(500, ErrorCode.PLUGIN_FAILURE, "Arrow request bodies need the JVM option "
                    + OPTION + " (the okl launcher and the app JAR's manifest give it; a program embedding OKL's "
                    + "server adds it itself); send JSON or CSV");
        }
    }

    /** For each field of the stream, the request column it fills; refuses other, repeated and missing columns. */
    private int[] match(List<Field> fields) {
        Map<String, Integer> positions = new HashMap<>();
        for (int j = 0; j < columns.size(); j++) {
            positions.put(columns.get(j), j);
        }
        int[] target = new int[fields.size()];
        boolean[] seen = new boolean[columns.size()];
        for (int k = 0; k < fields.size(); k++) {
            Field field = fields.get(k);
            Integer j = positions.get(field.getName());
            if (j == null || seen[j]) {
                throw invalid("the Arrow stream's column " + (k + 1) + " is " + UserText.quote(field.getName())
                        + (j == null ? ", which the model was not fitted on" : ", a second time")
                        + "; the stream's columns name the model's input columns " + RequestRows.quoted(columns));
            }
            String why = field.getDictionary() != null ? "is dictionary-encoded (text)" : switch (
                    field.getType().getTypeID()) {
                case FloatingPoint, Int, Bool -> null;
                default -> "holds " + field.getType() + " values, not numbers";
            };
            if (why != null) {
                throw invalid("the Arrow stream's column " + UserText.quote(field.getName()) + " " + why
                        + "; send float64, float32, integer or boolean columns");
            }
            seen[j] = true;
            target[k] = j;
        }
        for (int j = 0; j < columns.size(); j++) {
            if (!seen[j]) {
                throw invalid("the Arrow stream has no column " + UserText.quote(columns.get(j))
                        + "; the model's input columns are " + RequestRows.quoted(columns));
            }
        }
        return target;
    }

    /** Room for {@code more} rows after the {@code rows} read. */
    private void grow(int more) {
        if (rows + more <= capacity) {
            return;
        }
        int wanted = rows == 0 ? more : (int) Math.min(maxRows, Math.max(2L * capacity, (long) rows + more));
        double[] bigger = new double[Matrix.checkedSize(wanted, columns.size())];
        for (int j = 0; rows > 0 && j < columns.size(); j++) {
            System.arraycopy(data, j * capacity, bigger, j * wanted, rows);
        }
        data = bigger;
        capacity = wanted;
    }

    /** Copies a batch's column into request column {@code j}, after the rows read. */
    private void copy(FieldVector vector, int batchRows, int j) {
        int at = j * capacity + rows;
        if (vector.getNullCount() > 0) {
            for (int i = 0; i < batchRows; i++) {
                if (vector.isNull(i)) {
                    throw invalid("row " + (rows + i + 1) + ", column " + UserText.quote(columns.get(j))
                            + ": a null where a number is expected");
                }
            }
        }
        if (batchRows == 0) {
            return;
        }
        if (vector instanceof Float8Vector f) {
            f.getDataBuffer().nioBuffer(0, batchRows * Float8Vector.TYPE_WIDTH).order(ByteOrder.LITTLE_ENDIAN)
                    .asDoubleBuffer().get(data, at, batchRows);
        } else if (vector instanceof Float4Vector f) {
            for (int i = 0; i < batchRows; i++) {
                data[at + i] = f.get(i);
            }
        } else if (vector instanceof FloatingPointVector f) {
            for (int i = 0; i < batchRows; i++) {
                data[at + i] = f.getValueAsDouble(i);
            }
        } else if (vector instanceof UInt8Vector u) {
            for (int i = 0; i < batchRows; i++) {
                data[at + i] = u.getObjectNoOverflow(i).doubleValue();
            }
        } else if (vector instanceof BaseIntVector b) {
            for (int i = 0; i < batchRows; i++) {
                data[at + i] = b.getValueAsLong(i);
            }
        } else if (vector instanceof BitVector b) {
            for (int i = 0; i < batchRows; i++) {
                data[at + i] = b.get(i);
            }
        } else {
            throw invalid("the Arrow stream's column " + UserText.quote(columns.get(j)) + " holds "
                    + vector.getField().getType() + " values, not numbers");
        }
    }

    /** The library's message for one line. */
    private static String describe(Throwable e) {
        return UserText.escape(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }

    private static ServeException invalid(String message) {
        return new ServeException(400, ErrorCode.INVALID_DATA, message);
    }
}
