package org.okl.spark.data;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.InputColumns;

/**
 * How the chosen columns of a data set's row become one row of doubles, in the order given: an ML vector column
 * (dense or sparse) gives its values, an array column of numbers its elements, a numeric column one value; read dense
 * ({@link #read}) or as the row's non-zero entries ({@link #readSparse}). A row whose value is null, not finite, or of
 * another width than the first row's is invalid: the readers say what is wrong with it, and the caller errs, skips
 * or keeps it ({@link Invalid}).
 */
public final class ColumnLayout implements Serializable {
    /** Column metadata marking a name OKL made up for a table without names (a CSV file without header). */
    public static final String GENERATED_NAME = "okl.generatedName";
    private static final long serialVersionUID = 1L;

    /** What a column holds. */
    enum Kind {
        /** One number. */
        NUMERIC,
        /** An ML vector. */
        VECTOR,
        /** An array of numbers. */
        ARRAY
    }

    private final String role;
    private final String[] names;
    private final Kind[] kinds;

    private ColumnLayout(String role, String[] names, Kind[] kinds) {
        this.role = role;
        this.names = names;
        this.kinds = kinds;
    }

    /**
     * The layout of columns of a schema.
     *
     * @param schema  the data set's schema
     * @param columns the column names, in order (at least one)
     * @param role    what they hold, for messages ({@code inputs}, {@code outputs})
     * @throws OklException {@link ErrorCode#INVALID_DATA} naming a missing column or one of another type
     */
    public static ColumnLayout of(StructType schema, List<String> columns, String role) {
        if (columns.isEmpty()) {
            throw new OklException(ErrorCode.INVALID_DATA, "no " + role + " column given");
        }
        List<String> available = Arrays.asList(schema.fieldNames());
        Kind[] kinds = new Kind[columns.size()];
        for (int i = 0; i < kinds.length; i++) {
            String name = columns.get(i);
            if (!available.contains(name)) {
                throw new OklException(ErrorCode.INVALID_DATA, role + " column '" + name + "' is not in the data set; "
                        + "its columns: " + String.join(", ", available));
            }
            StructField field = schema.apply(name);
            kinds[i] = kindOf(field.dataType()).orElseThrow(() -> new OklException(ErrorCode.INVALID_DATA, role
                    + " column '" + name + "' holds " + field.dataType().simpleString() + "; OKL reads numeric, ML "
                    + "vector and numeric array columns"));
        }
        return new ColumnLayout(role, columns.toArray(new String[0]), kinds);
    }

    private static java.util.Optional<Kind> kindOf(DataType type) {
        if (type instanceof NumericType) {
            return java.util.Optional.of(Kind.NUMERIC);
        }
        if (type.equals(SQLDataTypes.VectorType())) {
            return java.util.Optional.of(Kind.VECTOR);
        }
        if (type instanceof ArrayType array && array.elementType() instanceof NumericType) {
            return java.util.Optional.of(Kind.ARRAY);
        }
        return java.util.Optional.empty();
    }

    /** The column names. */
    public List<String> names() {
        return List.of(names);
    }

    /** The number of columns (not values: a vector column counts once). */
    public int columns() {
        return names.length;
    }

    /** What the columns hold, for messages. */
    public String role() {
        return role;
    }

    /** The number of values when every column holds one number, else empty (a vector or array column). */
    public java.util.OptionalInt numbers() {
        for (Kind k : kinds) {
            if (k != Kind.NUMERIC) {
                return java.util.OptionalInt.empty();
            }
        }
        return java.util.OptionalInt.of(names.length);
    }

    /** Whether the layout is one numeric column (predictions are then written as one number). */
    public boolean isSingleNumber() {
        return names.length == 1 && kinds[0] == Kind.NUMERIC;
    }

    /**
     * Where these columns are in a table with this schema, for the model to record ({@link InputColumns}) when each
     * gives one value (numeric columns): their positions, the schema's width, and their names unless they were made
     * up ({@link #GENERATED_NAME}); empty for vector or array columns.
     */
    public Optional<InputColumns> inputColumns(StructType schema) {
        for (Kind k : kinds) {
            if (k != Kind.NUMERIC) {
                return Optional.empty();
            }
        }
        int[] positions = fieldsIn(schema);
        boolean named = true;
        for (int p : positions) {
            Metadata m = schema.fields()[p].metadata();
            named &= !(m.contains(GENERATED_NAME) && m.getBoolean(GENERATED_NAME));
        }
        return Optional.of(new InputColumns(positions, schema.size(), named ? List.of(names) : List.of()));
    }

    /** The positions of the columns in rows of a schema. */
    public int[] fieldsIn(StructType schema) {
        int[] fields = new int[names.length];
        for (int c = 0; c < fields.length; c++) {
            fields[c] = schema.fieldIndex(names[c]);
        }
        return fields;
    }

    /** The positions {@code offset..offset + columns - 1}: the columns selected in order from {@code offset} on. */
    public int[] consecutiveFields(int offset) {
        int[] fields = new int[names.length];
        for (int c = 0; c < fields.length; c++) {
            fields[c] = offset + c;
        }
        return fields;
    }

    /**
     * The number of values of a row, or -1 when a value is missing (null).
     *
     * @param fields the positions of the columns in the row
     */
    public int width(Row row, int[] fields) {
        int width = 0;
        for (int c = 0; c < names.length; c++) {
            if (row.isNullAt(fields[c])) {
                return -1;
            }
            width += switch (kinds[c]) {
                case NUMERIC -> 1;
                case VECTOR -> ((Vector) row.get(fields[c])).size();
                case ARRAY -> row.getList(fields[c]).size();
            };
        }
        return width;
    }

    /**
     * Writes the values of a row into element {@code i} of a column-major block of {@code rows} rows: value j goes to
     * {@code into[i + j * rows]}.
     *
     * @param fields the positions of the columns in the row
     * @param width  the expected number of values
     * @return null when the row is complete and finite, else what is wrong with it (naming the column), for
     *         {@link Invalid}
     */
    public String read(Row row, int[] fields, double[] into, int i, int rows, int width) {
        String problem = check(row, fields, width);
        if (problem != null) {
            return problem;
        }
        int j = 0;
        for (int c = 0; c < names.length; c++) {
            Object value = row.get(fields[c]);
            switch (kinds[c]) {
                case NUMERIC -> into[i + j++ * rows] = ((Number) value).doubleValue();
                case VECTOR -> {
                    Vector v = (Vector) value;
                    if (v instanceof SparseVector s) {
                        for (int k = 0; k < s.size(); k++) {
                            into[i + (j + k) * rows] = 0.0;
                        }
                        int[] idx = s.indices();
                        double[] val = s.values();
                        for (int k = 0; k < idx.length; k++) {
                            into[i + (j + idx[k]) * rows] = val[k];
                        }
                        j += s.size();
                    } else {
                        for (double x : v.toArray()) {
                            into[i + j++ * rows] = x;
                        }
                    }
                }
                case ARRAY -> {
                    List<Object> list = row.getList(fields[c]);
                    for (Object x : list) {
                        into[i + j++ * rows] = ((Number) x).doubleValue();
                    }
                }
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
        return null;
    }

    /**
     * Appends the non-zero values of a row to a sparse block (columns in order: a vector's entries at its offset among
     * the chosen columns).
     *
     * @return null when the row is complete and finite, else what is wrong with it
     */
    public String readSparse(Row row, int[] fields, int width, SparseRowBuffer into) {
        String problem = check(row, fields, width);
        if (problem != null) {
            return problem;
        }
        into.startRow();
        int j = 0;
        for (int c = 0; c < names.length; c++) {
            Object value = row.get(fields[c]);
            switch (kinds[c]) {
                case NUMERIC -> into.add(j++, ((Number) value).doubleValue());
                case VECTOR -> {
                    Vector v = (Vector) value;
                    if (v instanceof SparseVector s) {
                        int[] idx = s.indices();
                        double[] val = s.values();
                        for (int k = 0; k < idx.length; k++) {
                            into.add(j + idx[k], val[k]);
                        }
                    } else {
                        double[] d = v.toArray();
                        for (int k = 0; k < d.length; k++) {
                            into.add(j + k, d[k]);
                        }
                    }
                    j += v.size();
                }
                case ARRAY -> {
                    for (Object x : row.getList(fields[c])) {
                        into.add(j++, ((Number) x).doubleValue());
                    }
                }
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
        into.endRow();
        return null;
    }

    /** Whether a row's values are all there, finite and {@code width} in number; what is wrong otherwise. */
    private String check(Row row, int[] fields, int width) {
        int got = 0;
        for (int c = 0; c < names.length; c++) {
            if (row.isNullAt(fields[c])) {
                return role + " column '" + names[c] + "' has no value (null, or text that is not a number)";
            }
            Object value = row.get(fields[c]);
            switch (kinds[c]) {
                case NUMERIC -> {
                    double v = ((Number) value).doubleValue();
                    if (!Double.isFinite(v)) {
                        return role + " column '" + names[c] + "' holds " + v;
                    }
                    got++;
                }
                case VECTOR -> {
                    Vector v = (Vector) value;
                    double[] values = v instanceof SparseVector s ? s.values() : v.toArray();
                    for (int k = 0; k < values.length; k++) {
                        if (!Double.isFinite(values[k])) {
                            int at = v instanceof SparseVector s ? s.indices()[k] : k;
                            return role + " column '" + names[c] + "' holds " + values[k] + " at element " + at;
                        }
                    }
                    got += v.size();
                }
                case ARRAY -> {
                    List<Object> list = row.getList(fields[c]);
                    for (int k = 0; k < list.size(); k++) {
                        Object x = list.get(k);
                        if (x == null) {
                            return role + " column '" + names[c] + "' has a null element at " + k;
                        }
                        double v = ((Number) x).doubleValue();
                        if (!Double.isFinite(v)) {
                            return role + " column '" + names[c] + "' holds " + v + " at element " + k;
                        }
                    }
                    got += list.size();
                }
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
        if (got != width) {
            return role + " columns " + names() + " give " + got + " values where the first row gave " + width
                    + "; every row needs the same number";
        }
        return null;
    }

    /**
     * The values of a row as they are (NaN and infinities included), or {@code null} when a value or an element is
     * null.
     */
    public double[] values(Row row, int[] fields) {
        int width = width(row, fields);
        if (width < 0) {
            return null;
        }
        double[] out = new double[width];
        int j = 0;
        for (int c = 0; c < names.length; c++) {
            Object value = row.get(fields[c]);
            switch (kinds[c]) {
                case NUMERIC -> out[j++] = ((Number) value).doubleValue();
                case VECTOR -> {
                    double[] d = ((Vector) value).toArray();
                    System.arraycopy(d, 0, out, j, d.length);
                    j += d.length;
                }
                case ARRAY -> {
                    for (Object x : row.getList(fields[c])) {
                        if (x == null) {
                            return null;
                        }
                        out[j++] = ((Number) x).doubleValue();
                    }
                }
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
        return out;
    }

    /** Whether the columns are one ML vector column (the layout sparse vectors come in). */
    public boolean isOneVector() {
        return names.length == 1 && kinds[0] == Kind.VECTOR;
    }
}
