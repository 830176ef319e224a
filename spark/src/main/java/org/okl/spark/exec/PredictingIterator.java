package org.okl.spark.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.SparseRowBuffer;

/**
 * A partition's rows with the model's decoded prediction appended, predicted by blocks of at most {@value #BLOCK}
 * rows and about 32 MiB of inputs (one block in memory at a time): a number for scalar predictions, else an ML dense vector. When the inputs are one
 * vector column and a partition's first row holds a sparse vector, the partition's inputs stay sparse (the model's
 * features take them as they are when its kernel does). An invalid row (a null, NaN or infinite value,
 * another width) is an error naming its place and column, is left out, or gets a NaN prediction
 * ({@link Invalid}).
 */
public final class PredictingIterator implements Iterator<Row> {
    /** The most rows predicted together. */
    public static final int BLOCK = 4096;
    /** The most bytes of one block of inputs (wide dense rows: fewer rows). */
    static final long BLOCK_BYTES = 32L << 20;

    private final Iterator<Row> rows;
    private final Model model;
    private final ColumnLayout inputs;
    private final int[] fields;
    private final boolean scalar;
    private final boolean oneVector;
    private Boolean sparse;
    private final Invalid invalid;
    private final int partition;
    private final List<Row> pending = new ArrayList<>();
    private double[][] predictions;
    private int next;
    private long read;

    /**
     * @param rows      the partition's rows
     * @param model     the model
     * @param inputs    the input columns
     * @param fields    their positions in the rows
     * @param scalar    whether to append one number (else a vector)
     * @param oneVector whether the inputs are one vector column (then sparse vectors are read sparse)
     * @param invalid   what to do with invalid rows
     * @param partition the partition, for messages
     */
    public PredictingIterator(Iterator<Row> rows, Model model, ColumnLayout inputs, int[] fields, boolean scalar,
            boolean oneVector, Invalid invalid, int partition) {
        this.rows = rows;
        this.model = model;
        this.inputs = inputs;
        this.fields = fields;
        this.scalar = scalar;
        this.oneVector = oneVector;
        this.invalid = invalid;
        this.partition = partition;
    }

    @Override
    public boolean hasNext() {
        while (next == pending.size() && rows.hasNext()) {
            fill();
        }
        return next < pending.size();
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Row row = pending.get(next);
        double[] p = predictions[next++];
        Object[] values = new Object[row.size() + 1];
        for (int k = 0; k < row.size(); k++) {
            values[k] = row.get(k);
        }
        values[row.size()] = scalar ? (Object) p[0] : Vectors.dense(p);
        return RowFactory.create(values);
    }

    /** Reads the next block (which may turn out empty when every row is left out) and predicts it. */
    private void fill() {
        pending.clear();
        next = 0;
        int width = model.inputCount();
        Row first = rows.next();
        if (sparse == null) {
            sparse = oneVector && !first.isNullAt(fields[0]) && first.get(fields[0]) instanceof SparseVector;
        }
        int capacity = (int) Math.max(1, Math.min(BLOCK, BLOCK_BYTES / (8L * Math.max(1, width))));
        double[] x = sparse ? null : new double[capacity * width];
        SparseRowBuffer s = sparse ? new SparseRowBuffer(width) : null;
        List<Integer> valid = new ArrayList<>();
        int t = 0;
        for (Row row = first; row != null; row = pending.size() < capacity && (s == null
                || s.bytes() < BLOCK_BYTES) && rows.hasNext() ? rows.next() : null) {
            read++;
            String problem = sparse ? inputs.readSparse(row, fields, width, s)
                    : inputs.read(row, fields, x, t, capacity, width);
            if (problem == null) {
                valid.add(pending.size());
                pending.add(row);
                t++;
            } else if (invalid == Invalid.ERROR) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + read + " of partition " + partition + ": "
                        + problem + "; drop or impute such rows, or set handleInvalid to 'skip' (leave them out) "
                        + "or 'keep' (predict NaN)");
            } else if (invalid == Invalid.KEEP) {
                pending.add(row);
            }
        }
        int outputs = model.outputCount();
        predictions = new double[pending.size()][];
        double[] none = new double[scalar ? 1 : outputs];
        Arrays.fill(none, Double.NaN);
        Arrays.fill(predictions, none);
        if (t > 0) {
            InputRows block = sparse ? s.build() : new Matrix(t, width, trim(x, t, width, capacity));
            Matrix out = model.predict(block).outputs();
            for (int i = 0; i < t; i++) {
                predictions[valid.get(i)] = out.row(i);
            }
        }
    }

    private static double[] trim(double[] a, int t, int width, int capacity) {
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
