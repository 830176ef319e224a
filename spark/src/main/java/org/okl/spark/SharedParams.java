package org.okl.spark;

import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.param.StringArrayParam;

/**
 * The parameters OKL's Spark stages share, as Spark ML's shared-parameter traits ({@code HasFeaturesCol},
 * {@code HasLabelCol}, ...): each interface gives the accessors and setters of its parameters once for every stage
 * that has them. A stage creates its parameters with itself as their owner and their defaults
 * ({@link ColumnParams#shared}) and hands them to the accessors by name ({@link Stage#sharedParam}); Spark ML finds
 * them through the accessors, as it finds the stage's own.
 */
public final class SharedParams {

    private SharedParams() {
    }

    /** Sets a parameter of a stage and returns the stage. */
    @SuppressWarnings("unchecked")
    private static <S, T> S assign(Params stage, Param<T> param, T value) {
        stage.set(param, value);
        return (S) stage;
    }

    /** A stage with shared parameters. */
    public interface Stage extends Params {

        /**
         * The shared parameter of this name ({@code featuresCol}, {@code labelCol}, ...), created with the stage; for
         * the accessors of the interfaces below.
         */
        Param<?> sharedParam(String name);
    }

    /** The stage's shared parameter of this name, as its accessor types it. */
    @SuppressWarnings("unchecked")
    private static <P extends Param<?>> P typed(Stage stage, String name) {
        return (P) stage.sharedParam(name);
    }

    /**
     * A stage that reads its inputs from one column ({@code featuresCol}) or from several ({@code inputCols}).
     *
     * @param <S> the stage, which the setters return
     */
    public interface HasInputColumns<S extends HasInputColumns<S>> extends Stage {

        /** The input column. */
        default Param<String> featuresCol() {
            return typed(this, ColumnParams.FEATURES_COL);
        }

        /** The input columns (instead of {@link #featuresCol()}). */
        default StringArrayParam inputCols() {
            return typed(this, ColumnParams.INPUT_COLS);
        }

        /** The input column's value (its default when not set). */
        default String getFeaturesCol() {
            return getOrDefault(featuresCol());
        }

        /** The input columns' value (empty when not set). */
        default String[] getInputCols() {
            return getOrDefault(inputCols());
        }

        /** Sets the input column. */
        default S setFeaturesCol(String column) {
            return assign(this, featuresCol(), column);
        }

        /** Sets several input columns. */
        default S setInputCols(String[] columns) {
            return assign(this, inputCols(), columns);
        }
    }

    /**
     * A stage that reads the true outputs from one column ({@code labelCol}) or from several ({@code outputCols}).
     *
     * @param <S> the stage, which the setters return
     */
    public interface HasOutputColumns<S extends HasOutputColumns<S>> extends Stage {

        /** The output column. */
        default Param<String> labelCol() {
            return typed(this, ColumnParams.LABEL_COL);
        }

        /** The output columns (instead of {@link #labelCol()}). */
        default StringArrayParam outputCols() {
            return typed(this, ColumnParams.OUTPUT_COLS);
        }

        /** The output column's value (its default when not set). */
        default String getLabelCol() {
            return getOrDefault(labelCol());
        }

        /** The output columns' value (empty when not set). */
        default String[] getOutputCols() {
            return getOrDefault(outputCols());
        }

        /** Sets the output column. */
        default S setLabelCol(String column) {
            return assign(this, labelCol(), column);
        }

        /** Sets several output columns. */
        default S setOutputCols(String[] columns) {
            return assign(this, outputCols(), columns);
        }
    }

    /**
     * A stage that writes or reads the prediction column ({@code predictionCol}).
     *
     * @param <S> the stage, which the setter returns
     */
    public interface HasPredictionCol<S extends HasPredictionCol<S>> extends Stage {

        /** The prediction column. */
        default Param<String> predictionCol() {
            return typed(this, ColumnParams.PREDICTION_COL);
        }

        /** The prediction column's value. */
        default String getPredictionCol() {
            return getOrDefault(predictionCol());
        }

        /** Sets the prediction column. */
        default S setPredictionCol(String column) {
            return assign(this, predictionCol(), column);
        }
    }

    /**
     * A stage that reads rows which may be invalid ({@code handleInvalid}: {@code error}, {@code skip} or
     * {@code keep}).
     *
     * @param <S> the stage, which the setter returns
     */
    public interface HasHandleInvalid<S extends HasHandleInvalid<S>> extends Stage {

        /** What to do with invalid rows: {@code error}, {@code skip} or {@code keep}. */
        default Param<String> handleInvalid() {
            return typed(this, ColumnParams.HANDLE_INVALID);
        }

        /** What to do with invalid rows, as set or by default. */
        default String getHandleInvalid() {
            return getOrDefault(handleInvalid());
        }

        /** Sets what to do with invalid rows ({@code error}, {@code skip}, {@code keep}). */
        default S setHandleInvalid(String value) {
            return assign(this, handleInvalid(), value);
        }
    }

    /**
     * A stage that reads rows into partitions of its own ({@code numPartitions}: how many, spread evenly by rows in
     * the reading pass, their order kept; 0 for automatic).
     *
     * @param <S> the stage, which the setter returns
     */
    public interface HasNumPartitions<S extends HasNumPartitions<S>> extends Stage {

        /** The partitions to spread the rows over (0: automatic). */
        default IntParam numPartitions() {
            return typed(this, ColumnParams.NUM_PARTITIONS);
        }

        /** The partitions to spread the rows over, as set or by default (0: automatic). */
        default int getNumPartitions() {
            return (Integer) getOrDefault(numPartitions());
        }

        /** Sets the partitions to spread the rows over (0: automatic). */
        default S setNumPartitions(int partitions) {
            return assign(this, numPartitions(), partitions);
        }
    }
}
