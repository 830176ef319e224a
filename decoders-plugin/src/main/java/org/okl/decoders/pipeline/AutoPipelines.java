package org.okl.decoders.pipeline;

import java.util.List;
import org.okl.api.plugin.PipelineTemplate;

/**
 * The pipelines {@code {"preset": "auto"}} starts from, one per task (OKL picks by the data: {@code auto-regression},
 * {@code auto-multi-label}, {@code auto-multi-class}, {@code auto-multi-task}, {@code auto-structured}), and
 * {@code auto-large}, regression with a kernel sketch, whose {@code approximation} every task's pipeline takes above
 * the number of rows where an exact fit stops being sensible. Each is also a preset of its own.
 *
 * <p>What they search, and why: inputs without constant columns and standardized (nominal ARFF columns one-hot
 * coded), so that one width suits every column; a Gaussian and a Laplacian kernel, each at widths from 1/8 to 8
 * times the median distance between training rows (the median heuristic alone misses by a factor of 2-8 on many
 * data sets), every width at the cost of one eigendecomposition per fold; the whole Tikhonov path from 1 to 1e-11 (half decades);
 * for several outputs, independent outputs (omega 0) against the common-similarity coupling (omega 0.25 to 0.9),
 * independent kept unless coupling wins by more than one standard error over the folds; regression targets
 * standardized (the kernel expansion has no intercept) and the decoded predictions put back on their scale;
 * multi-label thresholds tuned for the selection metric on the out-of-fold predictions, one common threshold or one
 * per label, whichever scores better cross-fitted.
 */
public final class AutoPipelines {
    private static final String LAMBDAS = "[1.0, 0.31622776601683794, 0.1, 0.03162277660168379, 0.01, "
            + "0.0031622776601683794, 0.001, 0.00031622776601683794, 0.0001, "
            + "3.1622776601683795e-05, 1e-05, 3.162277660168379e-06, 1e-06, "
            + "3.162277660168379e-07, 1e-07, 3.162277660168379e-08, 1e-08, "
            + "3.1622776601683795e-09, 1e-09, 3.1622776601683795e-10, 1e-10, "
            + "3.1622776601683794e-11, 1e-11]";
    private static final String INPUTS = "[{\"name\": \"one-hot\"}, {\"name\": \"drop-constant\"}, "
            + "{\"name\": \"standardize\"}]";
    private static final String KERNELS = "[{\"name\": \"gaussian\", \"bandwidth\": \"median\"}, "
            + "{\"name\": \"laplacian\", \"bandwidth\": \"median\"}]";
    private static final String FACTORS = "[0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0]";
    private static final String OMEGAS = "[0.0, 0.25, 0.5, 0.75, 0.9]";
    /**
     * The landmarks of {@code auto-large}'s sketch. On the 7,291 USPS training digits (top half to bottom half,
     * 3-fold cross-validation of the training rows only, fits on 4,860 rows), 2000 uniform landmarks gave an MSE 2.6 %
     * lower than 1000 (0.2059 against 0.2114) at four times the search time (7:53 against 1:57 on 2 cores); 1000
     * drawn by leverage scores gave 0.2165 (BENCHMARKS.md).
     */
    static final int LANDMARKS = 2000;

    private AutoPipelines() {
    }

    /** Every automatic template. */
    public static List<PipelineTemplate> all() {
        return List.of(
                new PipelineTemplate("auto-regression", "automatic pipeline for regression with one or several "
                        + "outputs: standardized inputs and targets, Gaussian or Laplacian kernel and width, "
                        + "independent or coupled outputs, Tikhonov path, by 5-fold cross-validation on arrmse",
                        separable("{\"name\": \"vector\"}", "{\"name\": \"identity\"}", "arrmse", true)),
                new PipelineTemplate("auto-multi-label", "automatic pipeline for multi-label outputs (0/1 columns): "
                        + "as auto-regression on the labels, thresholds tuned for the Hamming loss on "
                        + "out-of-fold predictions (common or per label, by cross-fitted score)",
                        separable("{\"name\": \"labels\"}", "{\"name\": \"threshold\", \"per-label\": true, "
                                + "\"objective\": \"metric\"}", "hamming-loss", false)),
                new PipelineTemplate("auto-multi-class", "automatic pipeline for multi-class outputs (one column of "
                        + "classes): one-hot class coding, argmax decisions, chosen for accuracy",
                        separable("{\"name\": \"one-hot\"}", "{\"name\": \"argmax\"}", "subset-accuracy", false)),
                new PipelineTemplate("auto-multi-task", "automatic pipeline for multi-task data (a task per row): "
                        + "task-indexed kernel, independent or common-similarity tasks, chosen on mse",
                        separable("{\"name\": \"vector\"}", "{\"name\": \"identity\"}", "mse", true)),
                new PipelineTemplate("auto-structured", "automatic pipeline for structured outputs with a candidate "
                        + "set (IOKR): Gaussian input and output kernels with searched widths, pre-image over the "
                        + "training and unlabelled outputs, chosen on mse",
                        """
                        {"inputs": %s,
                         "kernel": {"name": "gaussian", "bandwidth": "median"},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "kernel", "kernel": {"name": "gaussian", "bandwidth": "median"}},
                         "filter": {"name": "tikhonov", "lambda": %s},
                         "decoder": {"name": "candidates", "from": "train+unlabelled"},
                         "selection": {"method": "kfold", "folds": 5, "metric": "mse",
                                       "grid": {"kernel.factor": [0.25, 0.5, 1.0, 2.0, 4.0],
                                                "output.kernel.factor": [0.5, 1.0, 2.0]}}}
                        """.formatted(INPUTS, LAMBDAS)),
                new PipelineTemplate("auto-large", "auto-regression with a Nystrom sketch of " + LANDMARKS
                        + " landmarks (one streamed pass per kernel and width); above the rows where an exact fit is "
                        + "sensible, the automatic pipeline of every task takes its approximation",
                        "{\"approximation\": {\"name\": \"nystrom\", \"rank\": " + LANDMARKS + "},\n " + separable(
                                "{\"name\": \"vector\"}", "{\"name\": \"identity\"}", "arrmse", true)
                                .substring(1)));
    }

    private static String separable(String output, String decoder, String metric, boolean standardizeTargets) {
        return """
                {"inputs": %s,%s
                 "kernel": {"name": "gaussian", "bandwidth": "median"},
                 "operator": {"name": "separable", "matrix": {"name": "common-similarity", "omega": 0.0}},
                 "output": %s,
                 "filter": {"name": "tikhonov", "lambda": %s},
                 "decoder": %s,
                 "selection": {"method": "kfold", "folds": 5, "metric": "%s",
                               "grid": {"kernel": %s, "kernel.factor": %s, "operator.matrix.omega": %s},
                               "prefer": {"operator.matrix.omega": 0.0}}}
                """.formatted(INPUTS, standardizeTargets ? "\n \"targets\": [{\"name\": \"standardize\"}]," : "",
                output, LAMBDAS, decoder, metric, KERNELS, FACTORS, OMEGAS);
    }
}
