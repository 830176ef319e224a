package org.okl.spark.data;

import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * How reproducible the rows of a source are when Spark computes a partition again (a lost executor, an evicted
 * cached block), as Spark's RDD says ({@code RDD.outputDeterministicLevel}, which its scheduler uses to decide what
 * to re-run after a fetch failure): the global row index of a fit is fixed by the reading pass, so a partition that
 * comes back in another order moves the rows of the folds and the landmarks between passes.
 *
 * <ul>
 * <li>{@link #DETERMINATE}: the same rows in the same order (files, tables, local data, narrow steps over them).
 * <li>{@link #UNORDERED}: the same rows in another order (what a shuffle gives: {@code repartition}, a join, a
 * {@code groupBy}): the rows of each partition are sorted by their content ({@link #canonical}), which makes the
 * order the same on every recomputation and in every run.
 * <li>{@link #INDETERMINATE}: other rows (an order-sensitive step after a shuffle, random sampling).
 * </ul>
 * Whatever is not determinate is also checkpointed to reliable storage when the context has a checkpoint directory
 * ({@link Keeping}); without one, an indeterminate source is refused before the first pass.
 */
public enum SourceOrder {
    /** The same rows in the same order. */
    DETERMINATE,
    /** The same rows, in an order that may differ. */
    UNORDERED,
    /** Rows that may differ. */
    INDETERMINATE;

    /** What Spark says of an RDD's output. */
    public static SourceOrder of(RDD<?> rdd) {
        return valueOf(rdd.outputDeterministicLevel().toString());
    }

    /**
     * How the blocks read from a source of this order are kept for the passes of a fit.
     *
     * @param checkpointDirectory whether the Spark context has a checkpoint directory
     * @throws OklException {@link ErrorCode#INVALID_DATA} for an indeterminate source without a checkpoint directory,
     *                      saying how to give one
     */
    public Keeping keeping(boolean checkpointDirectory) {
        if (this == INDETERMINATE && !checkpointDirectory) {
            throw new OklException(ErrorCode.INVALID_DATA, "the data set's rows are indeterminate for Spark (a "
                    + "step after a shuffle that depends on the order its rows arrive in, or random sampling): a "
                    + "partition computed again after a lost executor would hold other rows, and the fit's many "
                    + "passes need the same ones; set a checkpoint directory on a reliable file system "
                    + "(spark.sparkContext().setCheckpointDir(\"hdfs:///tmp/okl-checkpoints\")) so the rows are "
                    + "checkpointed once read, or checkpoint the data set yourself (data.checkpoint())");
        }
        return new Keeping(this == UNORDERED, this != DETERMINATE && checkpointDirectory);
    }

    /**
     * What is done to the blocks.
     *
     * @param sort       whether each partition's rows are sorted by content first ({@link #canonical})
     * @param checkpoint whether the blocks are checkpointed to the context's checkpoint directory once read
     */
    public record Keeping(boolean sort, boolean checkpoint) {
    }

    /**
     * The rows of an RDD, each partition sorted by its rows' content (two hashes of every column, 96 bits: rows that
     * tie are equal in every column, so their order does not matter), without a shuffle: the same partition gives the
     * same order whatever order its rows arrived in.
     *
     * @param spark  the session
     * @param rows   the rows
     * @param schema their schema
     */
    public static JavaRDD<Row> canonical(SparkSession spark, JavaRDD<Row> rows, StructType schema) {
        Column[] all = Arrays.stream(schema.fieldNames()).map(functions::col).toArray(Column[]::new);
        return spark.createDataFrame(rows, schema).sortWithinPartitions(functions.hash(all), functions.xxhash64(all))
                .javaRDD();
    }
}
