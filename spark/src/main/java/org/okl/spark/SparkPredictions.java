package org.okl.spark;

import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.attribute.AttributeGroup;
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

    /**
     * The schema with the prediction column added: a number, or an ML vector whose size is in the column's ML
     * attribute metadata (as {@code VectorAssembler} writes it), so that stages after it know the width.
     *
     * @param size the vector's size, or a negative number when it is not known yet (outputs read from a vector)
     */
    static StructType schema(StructType schema, String predictionCol, boolean scalar, int size) {
        if (java.util.Arrays.asList(schema.fieldNames()).contains(predictionCol)) {
            throw new OklException(ErrorCode.INVALID_DATA, "the data set already has a column '" + predictionCol
                    + "': choose another predictionCol");
        }
        if (scalar) {
            return schema.add(predictionCol, DataTypes.DoubleType, false);
        }
        if (size < 0) {
            return schema.add(predictionCol, SQLDataTypes.VectorType(), false);
        }
        return schema.add(new AttributeGroup(predictionCol, size).toStructField());
    }

    /**
     * The rows with the prediction column added (lazily, as every transformation).
     *
     * @param size    the prediction vector's size (the model's outputs)
     * @param sparse  whether sparse vectors may be read sparse (the inputs are one vector column)
     * @param invalid what to do with invalid rows
     */
    static Dataset<Row> transform(Dataset<?> data, Broadcast<ModelBroadcast> model, ColumnLayout inputs,
            String predictionCol, boolean scalar, int size, boolean sparse, Invalid invalid) {
        StructType schema = data.schema();
        int[] fields = inputs.fieldsIn(schema);
        StructType out = schema(schema, predictionCol, scalar, size);
        MapPartitionsFunction<Row, Row> predict = rows -> new PredictingIterator(rows, model.value().model(), inputs,
                fields, scalar, sparse, invalid, TaskContext.getPartitionId());
        // the row encoder keeps types, not column metadata: the prediction's size is put back on the column
        return data.toDF().mapPartitions(predict, Encoders.row(out)).withMetadata(predictionCol,
                out.apply(predictionCol).metadata());
    }
}
