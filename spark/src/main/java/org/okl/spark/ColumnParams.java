package org.okl.spark;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;

/**
 * The column parameters the estimator and its model share, defined once: one input column ({@code featuresCol}, an
 * ML vector, a numeric array or a number) or several ({@code inputCols}; setting both is an error), the same for
 * outputs ({@code labelCol}, {@code outputCols}), the prediction column, and what to do with invalid rows
 * ({@code handleInvalid}), and the partitions the estimator spreads the rows over ({@code numPartitions}).
 */
final class ColumnParams {
    static final String FEATURES_COL = "featuresCol";
    static final String INPUT_COLS = "inputCols";
    static final String LABEL_COL = "labelCol";
    static final String OUTPUT_COLS = "outputCols";
    static final String PREDICTION_COL = "predictionCol";
    static final String HANDLE_INVALID = "handleInvalid";
    static final String NUM_PARTITIONS = "numPartitions";

    private ColumnParams() {
    }

    /**
     * The named shared parameters of a stage ({@link SharedParams}), created with the stage as their owner and given
     * their defaults ({@code featuresCol} 'features', {@code labelCol} 'label', {@code predictionCol} 'prediction',
     * {@code handleInvalid} 'error'; the column lists none), by name.
     */
    static Map<String, Param<?>> shared(Params owner, String... names) {
        Map<String, Param<?>> out = new HashMap<>();
        for (String name : names) {
            out.put(name, switch (name) {
                case FEATURES_COL -> defaulted(owner, featuresCol(owner), "features");
                case INPUT_COLS -> inputCols(owner);
                case LABEL_COL -> defaulted(owner, labelCol(owner), "label");
                case OUTPUT_COLS -> outputCols(owner);
                case PREDICTION_COL -> defaulted(owner, predictionCol(owner), "prediction");
                case HANDLE_INVALID -> defaulted(owner, handleInvalid(owner), "error");
                case NUM_PARTITIONS -> numPartitions(owner);
                default -> throw new IllegalArgumentException("no shared parameter '" + name + "'");
            });
        }
        return out;
    }

    private static Param<String> defaulted(Params owner, Param<String> param, String value) {
        owner.setDefault(param, value);
        return param;
    }

    static Param<String> featuresCol(Params owner) {
        return new Param<>(owner, FEATURES_COL, "the input column: an ML vector, a numeric array or a number "
                + "(default 'features'; or set inputCols instead, not both)");
    }

    static StringArrayParam inputCols(Params owner) {
        return new StringArrayParam(owner, INPUT_COLS, "the input columns, their values concatenated in this order "
                + "(instead of featuresCol)");
    }

    static Param<String> labelCol(Params owner) {
        return new Param<>(owner, LABEL_COL, "the output column: an ML vector, a numeric array or a number "
                + "(default 'label'; or set outputCols instead, not both)");
    }

    static StringArrayParam outputCols(Params owner) {
        return new StringArrayParam(owner, OUTPUT_COLS, "the output columns, their values concatenated in this "
                + "order (instead of labelCol)");
    }

    static Param<String> predictionCol(Params owner) {
        return new Param<>(owner, PREDICTION_COL, "the column transform adds: a number for a model fitted on one "
                + "numeric output column, else an ML vector (default 'prediction')");
    }

    static Param<String> handleInvalid(Params owner) {
        return new Param<>(owner, HANDLE_INVALID, "what to do with a row that has a null, NaN or infinite value, a "
                + "negative weight or another width: 'error' (stop, naming the row and column; the default), 'skip' "
                + "(leave it out), 'keep' (predict NaN; a fit leaves it out)",
                ParamValidators.inArray(Invalid.IDS));
    }

    static IntParam numPartitions(Params owner) {
        IntParam param = new IntParam(owner, NUM_PARTITIONS, "the partitions the rows are spread over in the "
                + "reading pass, evenly by rows and in their order, so that every pass after it runs that many tasks "
                + "(0, the default: over every core, defaultParallelism, when the data set has fewer partitions, as "
                + "one gzipped file has one)", ParamValidators.gtEq(0));
        owner.setDefault(param, 0);
        return param;
    }

    /**
     * The chosen columns: the several when set, else the one.
     *
     * @throws OklException {@link ErrorCode#INVALID_PARAMETER} when both are set
     */
    static List<String> chosen(Params owner, StringArrayParam several, Param<String> one) {
        if (owner.isSet(several) && owner.isSet(one)) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, "both " + one.name() + " ('"
                    + owner.getOrDefault(one) + "') and " + several.name() + " " + List.of(owner.getOrDefault(several))
                    + " are set: set one of them (clear the other with clear(" + one.name() + "()))");
        }
        if (owner.isSet(several) && owner.getOrDefault(several).length > 0) {
            return List.of(owner.getOrDefault(several));
        }
        return List.of(owner.getOrDefault(one));
    }

    /** The layout of the chosen columns in a schema. */
    static ColumnLayout layout(StructType schema, Params owner, StringArrayParam several, Param<String> one,
            String role) {
        return ColumnLayout.of(schema, chosen(owner, several, one), role);
    }
}
