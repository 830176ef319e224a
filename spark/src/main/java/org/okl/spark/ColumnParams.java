package org.okl.spark;

import java.util.List;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.sql.types.StructType;
import org.okl.spark.data.ColumnLayout;

/**
 * The column parameters the estimator and its model share, defined once: one input column ({@code featuresCol}, an
 * ML vector, a numeric array or a number) or several ({@code inputCols}, which win when set), the same for outputs
 * ({@code labelCol}, {@code outputCols}), and the prediction column.
 */
final class ColumnParams {
    static final String FEATURES_COL = "featuresCol";
    static final String INPUT_COLS = "inputCols";
    static final String LABEL_COL = "labelCol";
    static final String OUTPUT_COLS = "outputCols";
    static final String PREDICTION_COL = "predictionCol";

    private ColumnParams() {
    }

    static Param<String> featuresCol(Params owner) {
        return new Param<>(owner, FEATURES_COL, "the input column: an ML vector, a numeric array or a number "
                + "(default 'features'; inputCols, when set, is used instead)");
    }

    static StringArrayParam inputCols(Params owner) {
        return new StringArrayParam(owner, INPUT_COLS, "the input columns, their values concatenated in this order "
                + "(instead of featuresCol)");
    }

    static Param<String> labelCol(Params owner) {
        return new Param<>(owner, LABEL_COL, "the output column: an ML vector, a numeric array or a number "
                + "(default 'label'; outputCols, when set, is used instead)");
    }

    static StringArrayParam outputCols(Params owner) {
        return new StringArrayParam(owner, OUTPUT_COLS, "the output columns, their values concatenated in this "
                + "order (instead of labelCol)");
    }

    static Param<String> predictionCol(Params owner) {
        return new Param<>(owner, PREDICTION_COL, "the column transform adds: a number for a model fitted on one "
                + "numeric output column, else an ML vector (default 'prediction')");
    }

    /** The chosen columns: the several when set, else the one. */
    static List<String> chosen(Params owner, StringArrayParam several, Param<String> one) {
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
