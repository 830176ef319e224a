package org.okl.spark.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.SparseRowBuffer;

/**
 * A partition's rows with the model's prediction and prediction intervals appended ({@link Model#predictIntervals}):
 * the prediction, then the per-output lower and upper bounds, then the joint region's lower and upper corners
 * (numbers for scalar predictions, else ML dense vectors). Rows are predicted in batches of {@link #BATCH}, so the
 * intervals' quantiles are computed once per batch rather than per row. The model is the executor's one copy
 * ({@link ModelBroadcast#model}). An invalid row is an error naming its place, or gets NaN everywhere
 * ({@link Invalid#KEEP}); {@link Invalid#SKIP} leaves such rows out before they get here.
 */
public final class IntervalPredictor implements FlatMapFunction<Iterator<Row>, Row> {
    private static final long serialVersionUID = 1L;
    /** The rows predicted at once. */
    static final int BATCH = 1024;

    private final Broadcast<ModelBroadcast> broadcast;
    private final ColumnLayout inputs;
    private final int[] fields;
    private final int width;
    private final int outputs;
    private final boolean scalar;
    private final boolean oneVector;
    private final Invalid invalid;
    private final double level;

    /**
     * @param broadcast the model's broadcast
     * @param inputs    the input columns
     * @param fields    their positions in the rows
     * @param width     the model's input width
     * @param outputs   the model's outputs
     * @param scalar    whether to write numbers (else vectors)
     * @param oneVector whether the inputs are one vector column (then sparse vectors are read sparse)
     * @param invalid   what to do with invalid rows
     * @param level     the intervals' coverage level
     */
    public IntervalPredictor(Broadcast<ModelBroadcast> broadcast, ColumnLayout inputs, int[] fields, int width,
            int outputs, boolean scalar, boolean oneVector, Invalid invalid, double level) {
        this.broadcast = broadcast;
        this.inputs = inputs;
        this.fields = fields.clone();
        this.width = width;
        this.outputs = outputs;
        this.scalar = scalar;
        this.oneVector = oneVector;
        this.invalid = invalid;
        this.level = level;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> rows) {
        Model model = broadcast.value().model();
        return new Iterator<>() {
            private final List<Row> done = new ArrayList<>();
            private int next;
            private long read;

            @Override
            public boolean hasNext() {
                if (next < done.size()) {
                    return true;
                }
                done.clear();
                next = 0;
                if (!rows.hasNext()) {
                    return false;
                }
                batch(model, rows);
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return done.get(next++);
            }

            private void batch(Model model, Iterator<Row> rows) {
                List<Row> taken = new ArrayList<>();
                List<Integer> valid = new ArrayList<>();
                SparseRowBuffer sparse = oneVector ? new SparseRowBuffer(width) : null;
                double[] dense = oneVector ? null : new double[BATCH * width];
                while (rows.hasNext() && taken.size() < BATCH) {
                    Row row = rows.next();
                    read++;
                    String problem = sparse != null ? inputs.readSparse(row, fields, width, sparse)
                            : inputs.read(row, fields, dense, valid.size(), BATCH, width);
                    if (problem != null && invalid == Invalid.ERROR) {
                        throw new OklException(ErrorCode.INVALID_DATA, "row " + read + " of partition "
                                + TaskContext.getPartitionId() + ": " + problem + "; drop or impute such rows, or "
                                + "set handleInvalid to 'skip' (leave them out) or 'keep' (predict NaN)");
                    }
                    if (problem == null) {
                        valid.add(taken.size());
                    }
                    taken.add(row);
                }
                int n = valid.size();
                PredictionIntervals p = null;
                if (n > 0) {
                    InputRows x = sparse != null ? sparse.build() : denseRows(dense, n);
                    p = model.predictIntervals(x, level);
                }
                int v = 0;
                for (int i = 0; i < taken.size(); i++) {
                    boolean ok = v < n && valid.get(v) == i;
                    done.add(appended(taken.get(i), ok ? p : null, ok ? v : -1));
                    if (ok) {
                        v++;
                    }
                }
            }
        };
    }

    /** The first n rows of a column-major batch. */
    private Matrix denseRows(double[] batch, int n) {
        double[] x = new double[n * width];
        for (int c = 0; c < width; c++) {
            System.arraycopy(batch, c * BATCH, x, c * n, n);
        }
        return new Matrix(n, width, x);
    }

    /** The row with the prediction, bounds and joint corners of batch row r appended (NaN when r < 0). */
    private Row appended(Row row, PredictionIntervals p, int r) {
        Object[] values = new Object[row.size() + 5];
        for (int i = 0; i < row.size(); i++) {
            values[i] = row.get(i);
        }
        Matrix[] parts = p == null ? null
                : new Matrix[] {p.predictions(), p.lower(), p.upper(), p.jointLower(), p.jointUpper()};
        for (int k = 0; k < 5; k++) {
            double[] out = new double[outputs];
            if (parts == null) {
                Arrays.fill(out, Double.NaN);
            } else {
                for (int c = 0; c < outputs; c++) {
                    out[c] = parts[k].get(r, c);
                }
            }
            values[row.size() + k] = scalar ? (Object) out[0] : Vectors.dense(out);
        }
        return RowFactory.create(values);
    }
}
