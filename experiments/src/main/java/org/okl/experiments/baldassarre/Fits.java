package org.okl.experiments.baldassarre;

import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/** The steps every experiment repeats: load a data set by name, fit a pipeline timed, score a model. */
public final class Fits {
    private Fits() {
    }

    /**
     * A fitted model and the time of {@code Pipeline.fit} (model selection over the grid and the path, then the
     * refit on all the data given).
     *
     * @param model      the model
     * @param seconds    the wall-clock fitting time
     * @param cpuSeconds the CPU time of the whole process during the fit (all threads, native BLAS included): on a
     *                   shared machine this measures the work where wall-clock time measures the contention too
     */
    public record Timed(Model model, double seconds, double cpuSeconds) {
    }

    /** The CPU time of this process so far, in nanoseconds (−1 where the JVM cannot tell). */
    static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Loads a data set (or generator) by name with parameters, through the public data-set components. */
    public static Dataset load(Okl okl, ComponentSpec spec) {
        return okl.create(DatasetSource.class, spec).load(okl.context());
    }

    /** The training data of a split (with its groups, for multi-task data). */
    public static TrainingData training(Dataset.Split split) {
        return TrainingData.builder(split.inputs(), split.outputs()).groups(split.groups().orElse(null)).build();
    }

    /** Fits a pipeline on data and measures the time. */
    public static Timed fit(Okl okl, PipelineSpec spec, TrainingData data) {
        long cpu = processCpuNanos();
        long start = System.nanoTime();
        Model model = okl.pipeline(spec).fit(data);
        return new Timed(model, (System.nanoTime() - start) / 1e9, (processCpuNanos() - cpu) / 1e9);
    }

    /** The value of a metric (by name) of the model's decoded predictions on a test split (with its tasks). */
    public static double score(Okl okl, String metric, Model model, Dataset.Split test) {
        Decoded decoded = test.groups().isPresent() ? model.predict(test.inputs(), test.groups().get())
                : model.predict(test.inputs());
        return okl.create(Metric.class, ComponentSpec.of(metric)).evaluate(test.outputs(), decoded);
    }

    /** The value of a metric (by name) of the model's decoded predictions for inputs against true outputs. */
    public static double score(Okl okl, String metric, Model model, Matrix inputs, Matrix outputs) {
        return score(okl, metric, model, new Dataset.Split(inputs, outputs));
    }

    /** The value of a metric (by name) of a multi-task model's predictions for inputs with their tasks. */
    public static double score(Okl okl, String metric, Model model, Matrix inputs, Matrix outputs, int[] tasks) {
        return score(okl, metric, model, new Dataset.Split(inputs, outputs, Optional.of(tasks)));
    }

    /** The mean squared error over every entry of predictions against true outputs. */
    public static double mse(Matrix truth, Matrix predicted) {
        if (truth.rows() != predicted.rows() || truth.cols() != predicted.cols()) {
            throw new IllegalArgumentException("truth is " + truth.rows() + " x " + truth.cols() + " but predictions"
                    + " are " + predicted.rows() + " x " + predicted.cols());
        }
        double s = 0;
        for (int k = 0; k < truth.data().length; k++) {
            double e = truth.data()[k] - predicted.data()[k];
            s += e * e;
        }
        return s / truth.data().length;
    }

    /** A chosen value recorded in the model's provenance, as a number (NaN when absent). */
    public static double chosen(Model model, String key) {
        Object v = model.provenance().chosen().get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** A number without a trailing {@code .0} for whole values, else with up to four significant digits. */
    public static String compact(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v)
                : new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** {@code count} values geometrically spaced from {@code from} to {@code to} (both included). */
    public static double[] geometric(double from, double to, int count) {
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            out[i] = count == 1 ? from : from * Math.pow(to / from, (double) i / (count - 1));
        }
        return out;
    }

    /** {@code count} values equally spaced from {@code from} to {@code to} (both included), rounded to 1e-12. */
    public static List<Object> linear(double from, double to, int count) {
        Object[] out = new Object[count];
        for (int i = 0; i < count; i++) {
            double v = count == 1 ? from : from + (to - from) * i / (count - 1);
            out[i] = Math.round(v * 1e12) / 1e12;
        }
        return List.of(out);
    }
}
