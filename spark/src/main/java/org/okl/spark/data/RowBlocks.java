package org.okl.spark.data;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Row;

/**
 * Reads a partition's rows (the chosen input columns, then the output columns) into {@link RowBlock}s of at most a
 * given number of rows, lazily: one block is in memory at a time. The widths come from the partition's first row.
 */
final class RowBlocks implements Iterator<RowBlock> {
    private final int partition;
    private final Iterator<Row> rows;
    private final ColumnLayout inputs;
    private final ColumnLayout outputs;
    private final int blockRows;
    private final int[] inputFields;
    private final int[] outputFields;
    private int inputWidth = -1;
    private int outputWidth;
    private long read;

    /**
     * @param partition the partition
     * @param rows      its rows: the input columns' fields, then the output columns' fields
     * @param inputs    the input columns
     * @param outputs   the output columns, or {@code null} for none
     * @param blockRows the most rows of one block
     */
    RowBlocks(int partition, Iterator<Row> rows, ColumnLayout inputs, ColumnLayout outputs, int blockRows) {
        this.partition = partition;
        this.rows = rows;
        this.inputs = inputs;
        this.outputs = outputs;
        this.blockRows = blockRows;
        this.inputFields = inputs.consecutiveFields(0);
        this.outputFields = outputs == null ? null : outputs.consecutiveFields(inputs.columns());
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
        long first = read;
        double[] x = null;
        double[] y = null;
        int t = 0;
        while (t < blockRows && rows.hasNext()) {
            Row row = rows.next();
            String where = "row " + (read + 1) + " of partition " + partition;
            if (inputWidth < 0) {
                inputWidth = inputs.width(row, inputFields, where);
                outputWidth = outputs == null ? 0 : outputs.width(row, outputFields, where);
            }
            if (x == null) {
                x = new double[blockRows * inputWidth];
                y = new double[blockRows * outputWidth];
            }
            inputs.read(row, inputFields, x, t, blockRows, inputWidth, where);
            if (outputs != null) {
                outputs.read(row, outputFields, y, t, blockRows, outputWidth, where);
            }
            t++;
            read++;
        }
        return new RowBlock(partition, first, t, inputWidth, outputWidth, trim(x, t, inputWidth),
                trim(y, t, outputWidth));
    }

    /** The first {@code t} rows of a column-major array of {@link #blockRows} rows. */
    private double[] trim(double[] a, int t, int width) {
        if (t == blockRows) {
            return a;
        }
        double[] out = new double[t * width];
        for (int j = 0; j < width; j++) {
            System.arraycopy(a, j * blockRows, out, j * t, t);
        }
        return out;
    }
}
