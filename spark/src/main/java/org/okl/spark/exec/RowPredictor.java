package org.okl.spark.exec;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.SparseRowBuffer;

/**
 * The model's decoded prediction of one row, as a Spark SQL function of the struct of the input columns (so the
 * prediction is a column expression and Spark prunes the columns a query does not use): a number for scalar
 * predictions, else an ML dense vector. The model is the executor's one copy ({@link ModelBroadcast#model}), looked
 * up once per task. A row whose inputs are one sparse vector is predicted sparse (the model's features take it as it
 * is when its kernel does). An invalid row (a null, NaN or infinite value, another width than the model's) is an
 * error naming its place (the n-th row this task predicted, of its partition) and column, or gets a NaN prediction
 * ({@link Invalid#KEEP}); {@link Invalid#SKIP} leaves such rows out before they get here ({@link #valid}).
 */
public final class RowPredictor implements UDF1<Row, Object> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<ModelBroadcast> broadcast;
    private final ColumnLayout inputs;
    private final int width;
    private final int outputs;
    private final boolean scalar;
    private final boolean oneVector;
    private final Invalid invalid;
    private transient Model model;
    private transient int[] fields;
    private transient long read;

    /**
     * @param broadcast the model's broadcast
     * @param inputs    the input columns (the fields of the struct this function is called with, in order)
     * @param width     the model's input width
     * @param outputs   the model's outputs (the width of a vector prediction)
     * @param scalar    whether to return one number (else a vector)
     * @param oneVector whether the inputs are one vector column (then sparse vectors are read sparse)
     * @param invalid   what to do with invalid rows
     */
    public RowPredictor(Broadcast<ModelBroadcast> broadcast, ColumnLayout inputs, int width, int outputs,
            boolean scalar, boolean oneVector, Invalid invalid) {
        this.broadcast = broadcast;
        this.inputs = inputs;
        this.width = width;
        this.outputs = outputs;
        this.scalar = scalar;
        this.oneVector = oneVector;
        this.invalid = invalid;
    }

    @Override
    public Object call(Row row) {
        if (model == null) {
            model = broadcast.value().model();
            fields = inputs.consecutiveFields(0);
        }
        read++;
        InputRows x;
        String problem;
        if (oneVector && !row.isNullAt(0) && row.get(0) instanceof SparseVector) {
            SparseRowBuffer s = new SparseRowBuffer(width);
            problem = inputs.readSparse(row, fields, width, s);
            x = problem == null ? s.build() : null;
        } else {
            double[] values = new double[width];
            problem = inputs.read(row, fields, values, 0, 1, width);
            x = problem == null ? new Matrix(1, width, values) : null;
        }
        if (problem != null) {
            if (invalid == Invalid.ERROR) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + read + " of partition "
                        + TaskContext.getPartitionId() + ": " + problem + "; drop or impute such rows, or set "
                        + "handleInvalid to 'skip' (leave them out) or 'keep' (predict NaN)");
            }
            double[] none = new double[scalar ? 1 : outputs];
            Arrays.fill(none, Double.NaN);
            return scalar ? (Object) none[0] : Vectors.dense(none);
        }
        double[] p = model.predict(x).outputs().data();
        return scalar ? (Object) p[0] : Vectors.dense(p);
    }

    /**
     * Whether a row's inputs (the struct of the input columns) are all there, finite and of the model's width: the
     * filter {@link Invalid#SKIP} puts before the prediction.
     */
    public static UDF1<Row, Boolean> valid(ColumnLayout inputs, int width) {
        return new Check(inputs, width);
    }

    /** Whether a row's inputs are valid; one scratch row per task. */
    private static final class Check implements UDF1<Row, Boolean>, Serializable {
        private static final long serialVersionUID = 1L;
        private final ColumnLayout inputs;
        private final int width;
        private transient double[] scratch;
        private transient int[] fields;

        Check(ColumnLayout inputs, int width) {
            this.inputs = inputs;
            this.width = width;
        }

        @Override
        public Boolean call(Row row) {
            if (scratch == null) {
                scratch = new double[width];
                fields = inputs.consecutiveFields(0);
            }
            return inputs.read(row, fields, scratch, 0, 1, width) == null;
        }
    }
}
