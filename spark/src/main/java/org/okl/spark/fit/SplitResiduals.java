package org.okl.spark.fit;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Jobs;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.RowBlocks;
import org.okl.spark.data.SerializerCheck;
import org.okl.spark.exec.ModelBroadcast;

/**
 * The residuals of a fitted model on its calibration rows, computed on the executors for split conformal intervals
 * ({@link Model#calibrationResiduals}: targets through the target transforms minus the regression's predictions, as
 * one machine computes them): one pass over the calibration rows, each partition predicting its blocks with the
 * broadcast model and keeping the residuals of its rows with the smallest draws, merged by {@code treeAggregate}.
 *
 * <p>The driver receives at most {@link #cap} rows: the calibration rows with the smallest draws
 * ({@link org.okl.spark.data.CalibrationDraw}), a uniform sample of them, the same for any partitioning. The cap is
 * 100,000 rows (split conformal's coverage given the calibration rows deviates from its level by about
 * sqrt(alpha(1 - alpha)/n_cal), 0.1 points at 90 % with 100,000 rows: more rows change nothing that matters) and at
 * most 2^23 residuals (64 MB on the driver, and as much in each merge), at least 1,000 rows.
 */
public final class SplitResiduals {
    /** The most calibration rows whose residuals are kept. */
    public static final int MAX_ROWS = 100_000;
    /** The most residuals kept (rows times outputs). */
    static final long MAX_VALUES = 1L << 23;
    /** The fewest rows the cap allows whatever the outputs. */
    static final int MIN_ROWS = 1_000;

    private SplitResiduals() {
    }

    /** The most calibration rows kept for a model of this many outputs. */
    public static int cap(int outputs) {
        return (int) Math.max(MIN_ROWS, Math.min(MAX_ROWS, MAX_VALUES / Math.max(1, outputs)));
    }

    /**
     * The residuals of the calibration rows, at most {@link #cap} of them.
     *
     * @param calibration the calibration rows (the input columns, the output columns and the draw column)
     * @param drawColumn  the column of the rows' uniform draws
     * @param model       the fitted model as the executors receive it
     * @param settings    the block size and what to do with invalid rows (left out unless 'error')
     * @return the residuals (n_cal x q, in the order of the draws), or empty when no calibration row was read or
     *         the model's regression does not predict its outputs ({@link Model#calibrationResiduals})
     */
    public static Optional<Matrix> compute(Dataset<Row> calibration, ColumnLayout inputs, ColumnLayout outputs,
            String drawColumn, ModelBroadcast model, SparkRows.Settings settings) {
        SerializerCheck.require(calibration.sparkSession().sparkContext().getConf());
        int cap = cap(model.model().outputCount());
        Column[] columns = new Column[inputs.columns() + outputs.columns() + 1];
        int k = 0;
        for (String c : inputs.names()) {
            columns[k++] = functions.col(quoted(c));
        }
        for (String c : outputs.names()) {
            columns[k++] = functions.col(quoted(c));
        }
        columns[k] = functions.col(quoted(drawColumn));
        boolean sparse = inputs.isOneVector();
        int blockRows = settings.blockRows();
        org.okl.spark.data.Invalid invalid = settings.invalid();
        // the draw rides in the weight slot of the blocks: a number in [0, 1) per row
        JavaRDD<RowBlock> blocks = calibration.select(columns).javaRDD().mapPartitionsWithIndex((partition, it) ->
                new RowBlocks(partition, it, inputs, outputs, drawColumn, blockRows, sparse, invalid), true);
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(calibration.sparkSession().sparkContext());
        Broadcast<ModelBroadcast> shared = sc.broadcast(model);
        Kept kept;
        try {
            kept = Jobs.described(sc.sc(), "the residuals of the calibration rows (split conformal intervals)",
                    () -> blocks.treeAggregate(Kept.empty(cap), (acc, block) -> acc.merge(Kept.of(block,
                            shared.value().model(), cap)), Kept::merge, Math.max(1, settings.depth())));
        } finally {
            shared.destroy();
        }
        if (kept.unsupported || kept.draws.length == 0) {
            return Optional.empty();
        }
        return Optional.of(Matrix.fromRows(kept.rows));
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /**
     * The residual rows with the smallest draws seen so far (at most the cap, sorted by draw, ties by the residuals
     * themselves, so the kept set is the same whatever the order of the merges), or the mark that the model's
     * regression does not predict its outputs.
     */
    static final class Kept implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int cap;
        private final boolean unsupported;
        private final double[] draws;
        private final double[][] rows;

        private Kept(int cap, boolean unsupported, double[] draws, double[][] rows) {
            this.cap = cap;
            this.unsupported = unsupported;
            this.draws = draws;
            this.rows = rows;
        }

        static Kept empty(int cap) {
            return new Kept(cap, false, new double[0], new double[0][]);
        }

        /** The residuals of a block's rows (the draws in its weights), the smallest draws kept. */
        static Kept of(RowBlock block, Model model, int cap) {
            if (block.rows() == 0) {
                return empty(cap);
            }
            Optional<Matrix> residuals = model.calibrationResiduals(block.inputs(), block.outputs());
            if (residuals.isEmpty()) {
                return new Kept(cap, true, new double[0], new double[0][]);
            }
            Matrix r = residuals.get();
            double[] w = block.weights();
            Integer[] order = new Integer[r.rows()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            double[][] rows = new double[r.rows()][];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = r.row(i);
            }
            Arrays.sort(order, (a, b) -> compare(w[a], rows[a], w[b], rows[b]));
            int n = Math.min(cap, order.length);
            double[] d = new double[n];
            double[][] kept = new double[n][];
            for (int i = 0; i < n; i++) {
                d[i] = w[order[i]];
                kept[i] = rows[order[i]];
            }
            return new Kept(cap, false, d, kept);
        }

        /** The smallest draws of both (a merge of two sorted lists). */
        Kept merge(Kept other) {
            if (unsupported || other.unsupported) {
                return new Kept(cap, true, new double[0], new double[0][]);
            }
            int n = Math.min(cap, draws.length + other.draws.length);
            double[] d = new double[n];
            double[][] r = new double[n][];
            int i = 0;
            int j = 0;
            for (int k = 0; k < n; k++) {
                boolean mine = j >= other.draws.length || (i < draws.length
                        && compare(draws[i], rows[i], other.draws[j], other.rows[j]) <= 0);
                d[k] = mine ? draws[i] : other.draws[j];
                r[k] = mine ? rows[i++] : other.rows[j++];
            }
            return new Kept(cap, false, d, r);
        }

        private static int compare(double da, double[] a, double db, double[] b) {
            int c = Double.compare(da, db);
            return c != 0 ? c : Arrays.compare(a, b);
        }
    }
}
