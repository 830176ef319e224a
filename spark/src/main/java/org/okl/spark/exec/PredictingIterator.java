package org.okl.spark.exec;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.okl.api.linalg.Matrix;
import org.okl.core.pipeline.Model;
import org.okl.spark.data.ColumnLayout;

/**
 * A partition's rows with the model's decoded prediction appended, predicted by blocks of {@value #BLOCK} rows (one
 * block in memory at a time): a number for scalar predictions, else an ML dense vector.
 */
public final class PredictingIterator implements Iterator<Row> {
    /** The rows predicted together. */
    public static final int BLOCK = 4096;

    private final Iterator<Row> rows;
    private final Model model;
    private final ColumnLayout inputs;
    private final int[] fields;
    private final boolean scalar;
    private final int partition;
    private final List<Row> pending = new ArrayList<>();
    private Matrix predictions;
    private int next;
    private long read;

    /**
     * @param rows      the partition's rows
     * @param model     the model
     * @param inputs    the input columns
     * @param fields    their positions in the rows
     * @param scalar    whether to append one number (else a vector)
     * @param partition the partition, for messages
     */
    public PredictingIterator(Iterator<Row> rows, Model model, ColumnLayout inputs, int[] fields, boolean scalar,
            int partition) {
        this.rows = rows;
        this.model = model;
        this.inputs = inputs;
        this.fields = fields;
        this.scalar = scalar;
        this.partition = partition;
    }

    @Override
    public boolean hasNext() {
        return next < pending.size() || rows.hasNext();
    }

    @Override
    public Row next() {
        if (next == pending.size()) {
            fill();
        }
        Row row = pending.get(next);
        int i = next++;
        Object[] values = new Object[row.size() + 1];
        for (int k = 0; k < row.size(); k++) {
            values[k] = row.get(k);
        }
        values[row.size()] = scalar ? (Object) predictions.get(i, 0) : Vectors.dense(predictions.row(i));
        return RowFactory.create(values);
    }

    private void fill() {
        if (!rows.hasNext()) {
            throw new NoSuchElementException();
        }
        pending.clear();
        next = 0;
        while (pending.size() < BLOCK && rows.hasNext()) {
            pending.add(rows.next());
        }
        int t = pending.size();
        int width = model.inputCount();
        double[] x = new double[t * width];
        for (int i = 0; i < t; i++) {
            inputs.read(pending.get(i), fields, x, i, t, width, "row " + (read + i + 1) + " of partition "
                    + partition);
        }
        read += t;
        predictions = model.predict(new Matrix(t, width, x)).outputs();
    }
}
