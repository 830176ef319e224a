package org.okl.spark.data;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Row;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;

/**
 * Reads a partition's rows (the chosen input columns, then the output columns, then the weight column) into
 * {@link RowBlock}s, lazily: one block is in memory at a time. A block holds at most {@code blockRows} rows and about
 * {@value #BLOCK_BYTES} bytes, counted in long arithmetic (dense rows of p = 2^18 columns: 16 rows a block); sparse
 * inputs stay sparse. The widths come from the partition's first complete row. Invalid rows (a null, NaN or infinite
 * value, a negative weight, another width) are reported with their place and column, or left out and counted
 * ({@link Invalid}).
 */
public final class RowBlocks implements Iterator<RowBlock> {
    /** The most bytes of one block's arrays (a block of one row may exceed it). */
    static final long BLOCK_BYTES = 32L << 20;

    private final int partition;
    private final Iterator<Row> rows;
    private final ColumnLayout inputs;
    private final ColumnLayout outputs;
    private final String weightColumn;
    private final int blockRows;
    private final boolean sparse;
    private final Invalid invalid;
    private final int[] inputFields;
    private final int[] outputFields;
    private final int weightField;
    private int inputWidth = -1;
    private int outputWidth;
    private int capacity;
    private long kept;
    private long read;

    /**
     * @param partition    the partition
     * @param rows         its rows: the input columns' fields, the output columns' fields, then the weight
     * @param inputs       the input columns
     * @param outputs      the output columns, or {@code null} for none
     * @param weightColumn the weight column's name, or {@code null} for none
     * @param blockRows    the most rows of one block
     * @param sparse       whether to keep the inputs sparse
     * @param invalid      what to do with invalid rows
     */
    public RowBlocks(int partition, Iterator<Row> rows, ColumnLayout inputs, ColumnLayout outputs, String weightColumn,
            int blockRows, boolean sparse, Invalid invalid) {
        this.partition = partition;
        this.rows = rows;
        this.inputs = inputs;
        this.outputs = outputs;
        this.weightColumn = weightColumn;
        this.blockRows = blockRows;
        this.sparse = sparse;
        this.invalid = invalid;
        this.inputFields = inputs.consecutiveFields(0);
        this.outputFields = outputs == null ? new int[0] : outputs.consecutiveFields(inputs.columns());
        this.weightField = weightColumn == null ? -1 : inputs.columns() + outputFields.length;
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public RowBlock next() {
        if (!rows.hasNext()) {
            throw new NoSuchElementException();
        }
        long first = kept;
        long skipped = 0;
        double[] x = null;
        double[] y = null;
        double[] w = null;
        SparseRowBuffer s = null;
        int t = 0;
        while (rows.hasNext() && (inputWidth < 0 || t < capacity) && (s == null || s.bytes()
                + 8L * t * (outputWidth + 1) < BLOCK_BYTES)) {
            Row row = rows.next();
            read++;
            if (inputWidth < 0) {
                widths(row);
            }
            if (inputWidth >= 0 && y == null) {
                y = new double[capacity * outputWidth];
                w = weightField < 0 ? null : new double[capacity];
                if (sparse) {
                    s = new SparseRowBuffer(inputWidth);
                } else {
                    x = new double[capacity * inputWidth];
                }
            }
            String problem = inputWidth < 0 ? missing(row) : readRow(row, x, y, w, s, t);
            if (problem == null) {
                t++;
                kept++;
            } else if (invalid == Invalid.ERROR) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + read + " of partition " + partition + ": "
                        + problem + "; drop or impute such rows, or set handleInvalid to 'skip' to leave them out");
            } else {
                skipped++;
            }
        }
        int p = Math.max(inputWidth, 0);
        Matrix outs = new Matrix(t, outputWidth, trim(y, t, outputWidth));
        double[] weights = weightField < 0 ? null : w == null ? new double[0] : java.util.Arrays.copyOf(w, t);
        if (sparse && s != null) {
            return RowBlock.sparse(partition, first, s.build(), outs, weights, skipped);
        }
        return RowBlock.dense(partition, first, new Matrix(t, p, trim(x, t, p)), outs, weights, skipped);
    }

    /** Learns the widths from a row whose values are all there; sizes the blocks by bytes. */
    private void widths(Row row) {
        int p = inputs.width(row, inputFields);
        int q = outputs == null ? 0 : outputs.width(row, outputFields);
        if (p < 0 || q < 0) {
            return;
        }
        inputWidth = p;
        outputWidth = q;
        long perRow = 8L * ((sparse ? 0 : p) + q + 1);
        capacity = (int) Math.max(1, Math.min(blockRows, BLOCK_BYTES / perRow));
    }

    /** What is wrong with a row read before any row gave the widths: one of its values is null. */
    private String missing(Row row) {
        for (ColumnLayout layout : outputs == null ? new ColumnLayout[] {inputs}
                : new ColumnLayout[] {inputs, outputs}) {
            int[] fields = layout == inputs ? inputFields : outputFields;
            for (int c = 0; c < fields.length; c++) {
                if (row.isNullAt(fields[c])) {
                    return layout.role() + " column '" + layout.names().get(c) + "' has no value (null, or text that "
                            + "is not a number)";
                }
            }
        }
        return "its values are missing";
    }

    /** Reads row t of the block; returns what is wrong with the row, or null. Inputs last (a sparse row is kept). */
    private String readRow(Row row, double[] x, double[] y, double[] w, SparseRowBuffer s, int t) {
        String problem = outputs == null ? null : outputs.read(row, outputFields, y, t, capacity, outputWidth);
        if (problem == null && weightField >= 0) {
            problem = weight(row, w, t);
        }
        if (problem == null) {
            problem = sparse ? inputs.readSparse(row, inputFields, inputWidth, s)
                    : inputs.read(row, inputFields, x, t, capacity, inputWidth);
        }
        return problem;
    }

    private String weight(Row row, double[] w, int t) {
        if (row.isNullAt(weightField)) {
            return "weight column '" + weightColumn + "' has no value";
        }
        double v = ((Number) row.get(weightField)).doubleValue();
        if (!(v >= 0) || Double.isInfinite(v)) {
            return "weight column '" + weightColumn + "' holds " + v + " (weights must be finite and >= 0)";
        }
        w[t] = v;
        return null;
    }

    /** The first {@code t} rows of a column-major array of {@link #capacity} rows. */
    private double[] trim(double[] a, int t, int width) {
        if (a == null || width == 0) {
            return new double[0];
        }
        if (t == capacity) {
            return a;
        }
        double[] out = new double[t * width];
        for (int j = 0; j < width; j++) {
            System.arraycopy(a, j * capacity, out, j * t, t);
        }
        return out;
    }
}
