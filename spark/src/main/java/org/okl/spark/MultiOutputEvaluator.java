package org.okl.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructType;
import org.okl.api.component.ComponentSpec;
import org.okl.api.metric.Metric;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.ExecutorOkl;

/**
 * A Spark ML {@link Evaluator} of multi-output predictions, the vectors {@link OklSparkModel} writes (which Spark's
 * {@code RegressionEvaluator} cannot score), usable in {@code CrossValidator} and {@code TrainValidationSplit}:
 * the truth in {@code labelCol} (a vector, numeric array or number) or {@code outputCols}, the prediction in
 * {@code predictionCol} (a vector or a number), and {@code metricName} one of OKL's metrics as
 * docs/conventions.md defines them:
 * <ul>
 *   <li>{@code mse}, {@code rmse}, {@code arrmse} (multi-target regression; NaN true values left out, as OKL's);</li>
 *   <li>{@code hamming-loss}, {@code subset-accuracy}, {@code f1-example}, {@code f1-micro}, {@code f1-macro}
 *       (multi-label: 1 = positive, 0 or -1 = negative, other values an error).</li>
 * </ul>
 * Each partition adds up per-output sums (squared errors, sums and squares of y; per-label true and false positives
 * and negatives; per-row exact matches and F1) and {@code treeAggregate} merges them, so the value equals OKL's
 * metric on all the rows collected. Rows whose prediction is NaN ({@code handleInvalid} keep) are not scored.
 * {@code weightCol} (a numeric column, each weight finite and &gt;= 0) weighs the rows: every sum and count above
 * is weighted, so an integer weight scores its row as that many copies of it.
 *
 * <pre>{@code
 * new CrossValidator().setEstimator(okl).setEstimatorParamMaps(grid)
 *         .setEvaluator(new MultiOutputEvaluator().setOutputCols(new String[] {"y0", "y1"}).setMetricName("arrmse"))
 * }</pre>
 */
public final class MultiOutputEvaluator extends Evaluator implements DefaultParamsWritable,
        SharedParams.HasOutputColumns<MultiOutputEvaluator>, SharedParams.HasPredictionCol<MultiOutputEvaluator> {
    private static final long serialVersionUID = 1L;
    /** The metrics computed from squared-error sums. */
    private static final List<String> SQUARED = List.of("mse", "rmse", "arrmse");
    /** The multi-label metrics. */
    private static final List<String> LABELS = List.of("hamming-loss", "subset-accuracy", "f1-example", "f1-micro",
            "f1-macro");

    private final String uid;
    private final Map<String, Param<?>> shared;
    private final Param<String> metricName;
    private final Param<String> weightCol;

    /** An evaluator with a new uid. */
    public MultiOutputEvaluator() {
        this(Identifiable$.MODULE$.randomUID("oklEval"));
    }

    /** An evaluator with the given uid (Spark ML copies and loads stages this way). */
    public MultiOutputEvaluator(String uid) {
        this.uid = uid;
        this.shared = ColumnParams.shared(this, ColumnParams.LABEL_COL, ColumnParams.OUTPUT_COLS,
                ColumnParams.PREDICTION_COL);
        String[] names = java.util.stream.Stream.concat(SQUARED.stream(), LABELS.stream()).toArray(String[]::new);
        this.metricName = new Param<>(this, "metricName", "the metric: " + String.join(", ", names)
                + " (default mse)", ParamValidators.inArray(names));
        setDefault(metricName, "mse");
        this.weightCol = new Param<>(this, "weightCol", "a numeric column of row weights (finite, >= 0) the "
                + "metric weighs the rows by (default: none, every weight 1)");
    }

    /** Reads a saved evaluator (Spark ML finds this method by reflection when loading). */
    public static MLReader<MultiOutputEvaluator> read() {
        return new DefaultParamsReader<>();
    }

    /** Loads a saved evaluator. */
    public static MultiOutputEvaluator load(String path) {
        return read().load(path);
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public Param<?> sharedParam(String name) {
        return shared.get(name);
    }

    /** The metric's name. */
    public Param<String> metricName() {
        return metricName;
    }

    /** The metric's name, as set or by default. */
    public String getMetricName() {
        return getOrDefault(metricName);
    }

    /** Sets the metric ({@code mse}, {@code rmse}, {@code arrmse}, {@code hamming-loss}, ...). */
    public MultiOutputEvaluator setMetricName(String name) {
        set(metricName, name);
        return this;
    }

    /** The weight column. */
    public Param<String> weightCol() {
        return weightCol;
    }

    /** The weight column, as set (it has no default: every row weighs 1). */
    public String getWeightCol() {
        return getOrDefault(weightCol);
    }

    /** Sets the weight column (empty: none). */
    public MultiOutputEvaluator setWeightCol(String column) {
        set(weightCol, column);
        return this;
    }

    @Override
    public boolean isLargerBetter() {
        String name = getOrDefault(metricName);
        return name.equals("subset-accuracy") || name.startsWith("f1-");
    }

    @Override
    public double evaluate(Dataset<?> dataset) {
        ColumnLayout truth = ColumnParams.layout(dataset.schema(), this, outputCols(), labelCol(), "outputs");
        String prediction = getOrDefault(predictionCol());
        if (!Arrays.asList(dataset.schema().fieldNames()).contains(prediction)) {
            throw new OklException(ErrorCode.INVALID_DATA, "prediction column '" + prediction + "' is not in the "
                    + "data set; its columns: " + String.join(", ", dataset.schema().fieldNames()));
        }
        DataType type = dataset.schema().apply(prediction).dataType();
        if (!(type instanceof NumericType) && !type.equals(SQLDataTypes.VectorType())) {
            throw new OklException(ErrorCode.INVALID_DATA, "prediction column '" + prediction + "' holds "
                    + type.simpleString() + "; the evaluator reads numbers and ML vectors");
        }
        String name = getOrDefault(metricName);
        boolean labels = LABELS.contains(name);
        List<org.apache.spark.sql.Column> columns = new java.util.ArrayList<>();
        truth.names().forEach(c -> columns.add(functions.col(c)));
        columns.add(functions.col(prediction));
        String weight = weightColumn(dataset.schema());
        if (weight != null) {
            columns.add(functions.col(weight).cast(DataTypes.DoubleType));
        }
        int[] fields = truth.consecutiveFields(0);
        int predictionField = fields.length;
        Sums total;
        try {
            total = dataset.toDF().select(columns.toArray(new org.apache.spark.sql.Column[0])).javaRDD()
                    .treeAggregate(new Sums(), (Sums acc, Row row) -> acc.add(row, truth, fields, predictionField,
                            weight, labels, name), Sums::merge, 2);
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        }
        if (total.rows == 0) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": no row with a prediction to score");
        }
        if (!(total.weight > 0)) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": every scored row weighs 0 (weight column '"
                    + weight + "')");
        }
        return labels ? total.labelMetric(name) : total.squaredMetric(name);
    }

    /** The weight column, checked to be numeric, when set and not empty; else null. */
    private String weightColumn(StructType schema) {
        if (!isDefined(weightCol) || getOrDefault(weightCol).isEmpty()) {
            return null;
        }
        String name = getOrDefault(weightCol);
        if (!Arrays.asList(schema.fieldNames()).contains(name)) {
            throw new OklException(ErrorCode.INVALID_DATA, "weight column '" + name + "' is not in the data set; its "
                    + "columns: " + String.join(", ", schema.fieldNames()));
        }
        if (!(schema.apply(name).dataType() instanceof NumericType)) {
            throw new OklException(ErrorCode.INVALID_DATA, "weight column '" + name + "' holds "
                    + schema.apply(name).dataType().simpleString() + "; weights are numbers");
        }
        return name;
    }

    @Override
    public MultiOutputEvaluator copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    @Override
    public String toString() {
        return "MultiOutputEvaluator: uid=" + uid + ", metricName=" + getOrDefault(metricName);
    }

    /**
     * What the rows of a partition add up to, every sum weighted by the rows' weights (1 without weight column);
     * empty until the first row.
     */
    static final class Sums implements Serializable {
        private static final long serialVersionUID = 1L;

        private long rows;
        private double weight;
        private long[] counts;
        private double[] weights;
        private double[] errors;
        private double[] sums;
        private double[] squares;
        private double[] truePositives;
        private double[] falsePositives;
        private double[] falseNegatives;
        private double exact;
        private double wrong;
        private double exampleF1;

        /**
         * Adds a row (truth fields, the prediction, then the weight when {@code weightCol} is not null).
         *
         * @throws OklException {@link ErrorCode#INVALID_DATA} for a weight that is null, negative or not finite
         */
        Sums add(Row row, ColumnLayout truth, int[] fields, int predictionField, String weightCol, boolean labels,
                String metric) {
            if (row.isNullAt(predictionField)) {
                return this;
            }
            double w = 1.0;
            if (weightCol != null) {
                if (row.isNullAt(predictionField + 1)) {
                    throw new OklException(ErrorCode.INVALID_DATA, metric + ": weight column '" + weightCol
                            + "' has no value (null) in a row; weights must be finite and >= 0");
                }
                w = row.getDouble(predictionField + 1);
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new OklException(ErrorCode.INVALID_DATA, metric + ": weight column '" + weightCol
                            + "' holds " + w + " in a row; weights must be finite and >= 0");
                }
            }
            Object p = row.get(predictionField);
            double[] f = p instanceof Vector v ? v.toArray() : new double[] {((Number) p).doubleValue()};
            for (double v : f) {
                if (Double.isNaN(v)) {
                    return this;
                }
            }
            int q = f.length;
            double[] y = truth.values(row, fields);
            if (y == null) {
                throw new OklException(ErrorCode.INVALID_DATA, metric + ": a row's " + truth.role() + " "
                        + truth.names() + " have no value (null)");
            }
            if (y.length != q) {
                throw new OklException(ErrorCode.INVALID_DATA, metric + ": " + truth.role() + " " + truth.names()
                        + " give " + y.length + " values but the prediction " + q);
            }
            if (counts == null) {
                counts = new long[q];
                weights = new double[q];
                errors = new double[q];
                sums = new double[q];
                squares = new double[q];
                truePositives = new double[q];
                falsePositives = new double[q];
                falseNegatives = new double[q];
            } else if (counts.length != q) {
                throw new OklException(ErrorCode.INVALID_DATA, metric + ": predictions of " + q + " values where "
                        + "earlier rows had " + counts.length);
            }
            rows++;
            weight += w;
            if (labels) {
                addLabels(y, f, w, metric);
            } else {
                for (int j = 0; j < q; j++) {
                    if (!Double.isNaN(y[j])) {
                        double r = y[j] - f[j];
                        counts[j]++;
                        weights[j] += w;
                        errors[j] += w * (r * r);
                        sums[j] += w * y[j];
                        squares[j] += w * (y[j] * y[j]);
                    }
                }
            }
            return this;
        }

        private void addLabels(double[] y, double[] f, double w, String metric) {
            long tp = 0;
            long mismatches = 0;
            for (int j = 0; j < y.length; j++) {
                boolean truth = label(y[j], metric, "true");
                boolean predicted = label(f[j], metric, "predicted");
                if (truth && predicted) {
                    truePositives[j] += w;
                    tp++;
                } else if (predicted) {
                    falsePositives[j] += w;
                    mismatches++;
                } else if (truth) {
                    falseNegatives[j] += w;
                    mismatches++;
                }
            }
            wrong += w * mismatches;
            exact += mismatches == 0 ? w : 0;
            long denominator = 2 * tp + mismatches;
            exampleF1 += w * (denominator == 0 ? 1.0 : 2.0 * tp / denominator);
        }

        private static boolean label(double v, String metric, String what) {
            if (v == 1.0) {
                return true;
            }
            if (v != 0.0 && v != -1.0) {
                throw new OklException(ErrorCode.INVALID_DATA, String.format(Locale.ROOT, "%s: %s value %s is not a "
                        + "label (1 = positive, 0 or -1 = negative); decode scores with a threshold decoder first",
                        metric, what, v));
            }
            return false;
        }

        Sums merge(Sums other) {
            if (other.rows == 0) {
                return this;
            }
            if (rows == 0) {
                return other;
            }
            if (other.counts.length != counts.length) {
                throw new OklException(ErrorCode.INVALID_DATA, "predictions of " + other.counts.length + " and "
                        + counts.length + " values in one data set");
            }
            rows += other.rows;
            weight += other.weight;
            exact += other.exact;
            wrong += other.wrong;
            exampleF1 += other.exampleF1;
            for (int j = 0; j < counts.length; j++) {
                counts[j] += other.counts[j];
                weights[j] += other.weights[j];
                errors[j] += other.errors[j];
                sums[j] += other.sums[j];
                squares[j] += other.squares[j];
                truePositives[j] += other.truePositives[j];
                falsePositives[j] += other.falsePositives[j];
                falseNegatives[j] += other.falseNegatives[j];
            }
            return this;
        }

        /** OKL's metric of that name from the squared-error sums. */
        double squaredMetric(String name) {
            Metric metric = ExecutorOkl.get().create(Metric.class, ComponentSpec.of(name));
            return ((SquaredErrorMetric) metric).fromSums(new SquaredErrors(counts, errors, sums, squares, weights));
        }

        /** The multi-label metric of that name from the (weighted) counts. */
        double labelMetric(String name) {
            int q = counts.length;
            return switch (name) {
                case "hamming-loss" -> wrong / (weight * q);
                case "subset-accuracy" -> exact / weight;
                case "f1-example" -> exampleF1 / weight;
                case "f1-micro" -> f1(Arrays.stream(truePositives).sum(), Arrays.stream(falsePositives).sum()
                        + Arrays.stream(falseNegatives).sum());
                case "f1-macro" -> {
                    double sum = 0;
                    for (int j = 0; j < q; j++) {
                        sum += f1(truePositives[j], falsePositives[j] + falseNegatives[j]);
                    }
                    yield sum / q;
                }
                default -> throw new IllegalArgumentException(name);
            };
        }

        private static double f1(double tp, double wrong) {
            double denominator = 2 * tp + wrong;
            return denominator == 0 ? 1.0 : 2.0 * tp / denominator;
        }
    }
}
