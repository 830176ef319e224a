package org.okl.spark.data;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.okl.core.pipeline.InputColumns;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * How the chosen columns of a data set's row become one row of doubles, in the order given: an ML vector column
 * (dense or sparse) gives its values, an array column of numbers its elements, a numeric column one value. Vectors
 * and arrays must have the same length in every row; no value may be null.
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
     * The number of values of a row.
     *
     * @param fields the positions of the columns in the row
     * @param where  the row's place, for messages ({@code row 3 of partition 0})
     */
    public int width(Row row, int[] fields, String where) {
        int width = 0;
        for (int c = 0; c < names.length; c++) {
            Object value = value(row, fields[c], c, where);
            width += switch (kinds[c]) {
                case NUMERIC -> 1;
                case VECTOR -> ((Vector) value).size();
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
     * @param width  the expected number of values (from the first row)
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a null value or a vector of another length
     */
    public void read(Row row, int[] fields, double[] into, int i, int rows, int width, String where) {
        int j = 0;
        for (int c = 0; c < names.length; c++) {
            Object value = value(row, fields[c], c, where);
            switch (kinds[c]) {
                case NUMERIC -> {
                    requireRoom(row, fields, j + 1, width, where);
                    into[i + j++ * rows] = ((Number) value).doubleValue();
                }
                case VECTOR -> {
                    Vector v = (Vector) value;
                    requireRoom(row, fields, j + v.size(), width, where);
                    double[] d = v.toArray();
                    for (double x : d) {
                        into[i + j++ * rows] = x;
                    }
                }
                case ARRAY -> {
                    List<Object> list = row.getList(fields[c]);
                    requireRoom(row, fields, j + list.size(), width, where);
                    for (int k = 0; k < list.size(); k++) {
                        Object x = list.get(k);
                        if (x == null) {
                            throw new OklException(ErrorCode.INVALID_DATA, where + ": " + role + " column '"
                                    + names[c] + "' has a null element at " + k);
                        }
                        into[i + j++ * rows] = ((Number) x).doubleValue();
                    }
                }
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
        if (j != width) {
            throw widthMismatch(j, width, where);
        }
    }

    private Object value(Row row, int field, int c, String where) {
        Object value = row.get(field);
        if (value == null) {
            throw new OklException(ErrorCode.INVALID_DATA, where + ": " + role + " column '" + names[c] + "' has no "
                    + "value (null, or text that is not a number); OKL needs complete rows: drop or impute them "
                    + "(Dataset.na())");
        }
        return value;
    }

    private void requireRoom(Row row, int[] fields, int end, int width, String where) {
        if (end > width) {
            throw widthMismatch(width(row, fields, where), width, where);
        }
    }

    private OklException widthMismatch(int got, int width, String where) {
        return new OklException(ErrorCode.INVALID_DATA, where + ": " + role + " columns " + names() + " give " + got
                + " values where the first row gave " + width + "; every row needs the same number");
    }
}
