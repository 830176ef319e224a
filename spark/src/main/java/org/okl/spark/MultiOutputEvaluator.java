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
import org.apache.spark.sql.types.NumericType;
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
        int[] fields = truth.consecutiveFields(0);
        int predictionField = fields.length;
        Sums total;
        try {
            total = dataset.toDF().select(columns.toArray(new org.apache.spark.sql.Column[0])).javaRDD()
                    .treeAggregate(new Sums(), (Sums acc, Row row) -> acc.add(row, truth, fields, predictionField,
                            labels, name), Sums::merge, 2);
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        }
        if (total.rows == 0) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": no row with a prediction to score");
        }
        return labels ? total.labelMetric(name) : total.squaredMetric(name);
    }

    @Override
    public MultiOutputEvaluator copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    @Override
    public String toString() {
        return "MultiOutputEvaluator: uid=" + uid + ", metricName=" + getOrDefault(metricName);
    }

    /** What the rows of a partition add up to; empty until the first row. */
    static final class Sums implements Serializable {
        private static final long serialVersionUID = 1L;

        private long rows;
        private long[] counts;
        private double[] errors;
        private double[] sums;
        private double[] squares;
        private long[] truePositives;
        private long[] falsePositives;
        private long[] falseNegatives;
        private long exact;
        private long wrong;
        private double exampleF1;

        Sums add(Row row, ColumnLayout truth, int[] fields, int predictionField, boolean labels, String metric) {
            if (row.isNullAt(predictionField)) {
                return this;
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
                errors = new double[q];
                sums = new double[q];
                squares = new double[q];
                truePositives = new long[q];
                falsePositives = new long[q];
                falseNegatives = new long[q];
            } else if (counts.length != q) {
                throw new OklException(ErrorCode.INVALID_DATA, metric + ": predictions of " + q + " values where "
                        + "earlier rows had " + counts.length);
            }
            rows++;
            if (labels) {
                addLabels(y, f, metric);
            } else {
                for (int j = 0; j < q; j++) {
                    if (!Double.isNaN(y[j])) {
                        double r = y[j] - f[j];
                        counts[j]++;
                        errors[j] += r * r;
                        sums[j] += y[j];
                        squares[j] += y[j] * y[j];
                    }
                }
            }
            return this;
        }

        private void addLabels(double[] y, double[] f, String metric) {
            long tp = 0;
            long mismatches = 0;
            for (int j = 0; j < y.length; j++) {
                boolean truth = label(y[j], metric, "true");
                boolean predicted = label(f[j], metric, "predicted");
                if (truth && predicted) {
                    truePositives[j]++;
                    tp++;
                } else if (predicted) {
                    falsePositives[j]++;
                    mismatches++;
                } else if (truth) {
                    falseNegatives[j]++;
                    mismatches++;
                }
            }
            wrong += mismatches;
            exact += mismatches == 0 ? 1 : 0;
            long denominator = 2 * tp + mismatches;
            exampleF1 += denominator == 0 ? 1.0 : 2.0 * tp / denominator;
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
            exact += other.exact;
            wrong += other.wrong;
            exampleF1 += other.exampleF1;
            for (int j = 0; j < counts.length; j++) {
                counts[j] += other.counts[j];
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
            return ((SquaredErrorMetric) metric).fromSums(new SquaredErrors(counts, errors, sums, squares));
        }

        /** The multi-label metric of that name from the counts. */
        double labelMetric(String name) {
            int q = counts.length;
            return switch (name) {
                case "hamming-loss" -> (double) wrong / (rows * q);
                case "subset-accuracy" -> (double) exact / rows;
                case "f1-example" -> exampleF1 / rows;
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

        private static double f1(long tp, long wrong) {
            long denominator = 2 * tp + wrong;
            return denominator == 0 ? 1.0 : 2.0 * tp / denominator;
        }
    }
}
