package org.okl.spark;

import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.exec.IntervalPredictor;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.RowPredictor;

/**
 * Appends a model's predictions to a data set as a column, predicted row by row on the executors; for a model with
 * prediction intervals also their bounds, as columns named after the prediction column ({@link #INTERVAL_SUFFIXES}).
 */
final class SparkPredictions {
    /**
     * The interval columns' names after the prediction column's: the per-output bounds, then the joint region's
     * corners (as {@code okl predict --intervals} names its columns).
     */
    static final List<String> INTERVAL_SUFFIXES = List.of("_lower", "_upper", "_joint_lower", "_joint_upper");

    private SparkPredictions() {
    }

    /**
     * The schema with the prediction column and the interval columns added ({@link #INTERVAL_SUFFIXES}), of the
     * prediction column's type.
     */
    static StructType intervalSchema(StructType schema, String predictionCol, boolean scalar, int size) {
        StructType out = schema(schema, predictionCol, scalar, size);
        for (String suffix : INTERVAL_SUFFIXES) {
            String name = predictionCol + suffix;
            if (java.util.Arrays.asList(schema.fieldNames()).contains(name)) {
                throw new OklException(ErrorCode.INVALID_DATA, "the data set already has a column '" + name
                        + "' (the model adds it for its prediction intervals): choose another predictionCol");
            }
            out = scalar ? out.add(name, DataTypes.DoubleType, false)
                    : out.add(new AttributeGroup(name, size).toStructField());
        }
        return out;
    }

    /**
     * The rows with the prediction column and the interval columns at the level added, predicted on the executors
     * in batches ({@link IntervalPredictor}); {@code skip} filters invalid rows out first. The arguments are those of
     * {@link #transform}.
     */
    static Dataset<Row> transformWithIntervals(Dataset<?> data, Broadcast<ModelBroadcast> model, ColumnLayout inputs,
            String predictionCol, boolean scalar, int width, int size, boolean sparse, Invalid invalid,
            double level) {
        StructType out = intervalSchema(data.schema(), predictionCol, scalar, size);
        Dataset<Row> source = data.toDF();
        Dataset<Row> rows = source;
        if (invalid == Invalid.SKIP) {
            Column in = functions.struct(inputs.names().stream().map(c -> source.col("`" + c.replace("`", "``")
                    + "`")).toArray(Column[]::new));
            rows = rows.filter(functions.udf(RowPredictor.valid(inputs, width), DataTypes.BooleanType)
                    .asNonNullable().apply(in));
        }
        return rows.sparkSession().createDataFrame(rows.javaRDD().mapPartitions(new IntervalPredictor(model, inputs,
                inputs.fieldsIn(rows.schema()), width, size, scalar, sparse, invalid, level)), out);
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
     * The rows with the prediction column added (lazily, as every transformation), as a column expression: the
     * model's prediction of the struct of the input columns ({@link RowPredictor}), so that a query that drops
     * columns reads only the ones it keeps and the inputs. {@code skip} filters invalid rows out first.
     *
     * @param width   the model's input width
     * @param size    the prediction vector's size (the model's outputs)
     * @param sparse  whether sparse vectors may be read sparse (the inputs are one vector column)
     * @param invalid what to do with invalid rows
     */
    static Dataset<Row> transform(Dataset<?> data, Broadcast<ModelBroadcast> model, ColumnLayout inputs,
            String predictionCol, boolean scalar, int width, int size, boolean sparse, Invalid invalid) {
        StructType out = schema(data.schema(), predictionCol, scalar, size);
        Dataset<Row> source = data.toDF();
        Column in = functions.struct(inputs.names().stream().map(c -> source.col("`" + c.replace("`", "``") + "`"))
                .toArray(Column[]::new));
        Dataset<Row> rows = source;
        if (invalid == Invalid.SKIP) {
            rows = rows.filter(functions.udf(RowPredictor.valid(inputs, width), DataTypes.BooleanType)
                    .asNonNullable().apply(in));
        }
        Column prediction = functions.udf(new RowPredictor(model, inputs, width, size, scalar, sparse, invalid),
                scalar ? DataTypes.DoubleType : SQLDataTypes.VectorType()).asNonNullable().apply(in);
        return rows.select(functions.col("*"), prediction.as(predictionCol, out.apply(predictionCol).metadata()));
    }
}
