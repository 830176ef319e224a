package org.okl.spark;

import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.PredictingIterator;

/** Appends a model's predictions to a data set, partition by partition on the executors. */
final class SparkPredictions {
    private SparkPredictions() {
    }

    /** The schema with the prediction column added. */
    static StructType schema(StructType schema, String predictionCol, boolean scalar) {
        if (java.util.Arrays.asList(schema.fieldNames()).contains(predictionCol)) {
            throw new OklException(ErrorCode.INVALID_DATA, "the data set already has a column '" + predictionCol
                    + "': choose another predictionCol");
        }
        return schema.add(predictionCol, scalar ? DataTypes.DoubleType : SQLDataTypes.VectorType(), false);
    }

    /**
     * The rows with the prediction column added (lazily, as every transformation).
     *
     * @param sparse  whether sparse vectors may be read sparse (the inputs are one vector column)
     * @param invalid what to do with invalid rows
     */
    static Dataset<Row> transform(Dataset<?> data, Broadcast<ModelBroadcast> model, ColumnLayout inputs,
            String predictionCol, boolean scalar, boolean sparse, Invalid invalid) {
        StructType schema = data.schema();
        int[] fields = inputs.fieldsIn(schema);
        StructType out = schema(schema, predictionCol, scalar);
        MapPartitionsFunction<Row, Row> predict = rows -> new PredictingIterator(rows, model.value().model(), inputs,
                fields, scalar, sparse, invalid, TaskContext.getPartitionId());
        return data.toDF().mapPartitions(predict, Encoders.row(out));
    }
}
