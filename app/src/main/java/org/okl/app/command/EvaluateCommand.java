package org.okl.app.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BooleanSupplier;
import org.okl.api.OklVersion;
import org.okl.api.text.UserText;
import org.okl.app.data.DataLoader;
import org.okl.app.report.ReportFolder;
import org.okl.app.report.ReportHeader;
import org.okl.app.usage.UsageException;
import org.okl.core.Evaluation;
import org.okl.core.FitPlan;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.UncertaintyTally;
import org.okl.core.conformal.CalibrationSlice;
import org.okl.core.data.FileRows;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl evaluate}: scores a pipeline on a train/test split or by cross-validation. */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Score a pipeline: --train D1 --test D2, --data D --cv K, or --data D for a data set that "
                + "ships a test split. Without --pipeline, the automatic pipeline ({\"preset\": \"auto\"}), "
                + "chosen again on every training part. With a kernel sketch and squared-error metrics (mse, rmse, "
                + "arrmse), data files are streamed: constant memory whatever their length.")
public final class EvaluateCommand implements Runnable {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--pipeline", paramLabel = "P.json", description = "The pipeline file (default: the automatic "
            + "pipeline, {\"preset\": \"auto\"}).")
    private Path pipeline;

    @Option(names = "--data", paramLabel = "D", description = "A data file or data set name (with optional "
            + "parameters, related-tasks:n=40:seed=3), with --cv (or a data set with a test split).")
    private String data;

    @Option(names = "--cv", paramLabel = "K", description = "k-fold cross-validation on --data.")
    private Integer folds;

    @Option(names = "--train", paramLabel = "D1", description = "Training data (with --test).")
    private String train;

    @Option(names = "--test", paramLabel = "D2", description = "Test data (with --train).")
    private String test;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns of files.")
    private String inputs;

    @Option(names = "--outputs", paramLabel = "COLS", description = "Output columns of files.")
    private String outputs;

    @Option(names = "--unlabelled", paramLabel = "U", description = "Extra unlabelled data (inputs for manifold "
            + "regularization, outputs for OEL and candidate sets).")
    private String unlabelled;

    @Option(names = "--metrics", paramLabel = "M", description = "Metrics, e.g. mse,rbf-loss:sigma=10 (see okl "
            + "plugins --kind metric). Default: the pipeline's selection metric and the task's usual ones "
            + "(regression mse,arrmse or mse,rmse; multi-label hamming-loss,f1-micro,f1-macro; multi-class "
            + "subset-accuracy; multi-task mse,explained-variance; otherwise mse).")
    private String metrics;

    @Option(names = "--json", description = "Print one JSON object {\"metrics\": {...}, ...}.")
    private boolean json;

    @Option(names = "--intervals", paramLabel = "LEVEL", description = "Also score the model's prediction intervals "
            + "at this coverage (for example 0.9) on the held-out rows: coverage (share of row-output pairs inside "
            + "their interval), joint-coverage (share of rows inside the joint box), mean-width, joint-mean-width; for a "
            + "model of 0/1 labels with calibrated probabilities: ece and ece-raw, the expected calibration error of "
            + "the probabilities and of the raw scores clipped to [0, 1]. A sketched pipeline's fits hold out "
            + "calibration rows for split conformal intervals.")
    private Double intervals;

    @Option(names = "--report", paramLabel = "DIR", description = "Also write a report folder: index.html (one "
            + "self-contained page with charts: the intervals' held-out coverage against their nominal level at "
            + "0.5 to 0.99 per output and jointly, with the binomial band; their mean widths; for classes the "
            + "coverage and size of the class sets; for 0/1 labels the reliability diagram of calibrated and raw "
            + "probabilities) and report.json (the same numbers). DIR must not exist, or be empty.")
    private Path report;

    @Option(names = "--force", description = "With --report: replace a report folder written before (one that holds "
            + "only index.html and report.json; never a folder holding anything else).")
    private boolean force;

    @Override
    public void run() {
        if (intervals != null) {
            Model.requireLevel(intervals);
        }
        if (force && report == null) {
            throw new UsageException("--force replaces a report folder: give it with --report DIR");
        }
        if (report != null) {
            ReportFolder.check(report, force);
        }
        UncertaintyTally tally = report == null ? null : new UncertaintyTally(UncertaintyTally.REPORT_LEVELS);
        Evaluation.HeldOut heldOut = tally == null ? Evaluation.HeldOut.NONE : tally;
        OptionalDouble level = intervals == null ? OptionalDouble.empty() : OptionalDouble.of(intervals);
        Okl okl = root.okl();
        PipelineSpec pipelineSpec = pipeline == null ? PipelineSpec.auto().build() : okl.readPipeline(pipeline);
        FitPlan.Options options = FitPlan.Options.evaluation(metrics == null ? null : MetricArguments.parse(metrics));
        // a sketched pipeline's intervals are split conformal: its fits hold out calibration rows
        Pipeline p = okl.pipeline(pipelineSpec).withCalibrationRows(intervals == null && report == null ? 0
                : CalibrationSlice.DEFAULT_ROWS);
        DataLoader loader = new DataLoader(okl);
        Evaluation.Result result;
        if (train != null || test != null) {
            if (train == null || test == null || data != null || folds != null) {
                throw new UsageException("give either --train D1 --test D2, or --data D [--cv K]");
            }
            FitPlan plan = p.plan(source(loader, train, () -> Path.of(test).toFile().exists()), options);
            // the test rows' text columns coded by the training data's levels, as okl predict codes by a model's
            Optional<InputColumns> trained = plan.trainingColumns();
            if (plan.route() == FitPlan.Route.STREAMED) {
                FileRows testRows = loader.rows(test, inputs, outputs, trained).orElseThrow().rows();
                if (testRows.outputDimension() == 0) {
                    throw new UsageException(test + ": no output columns; select them with --outputs (for example "
                            + "--outputs 128:256)");
                }
                printPlan(plan, train);
                result = Evaluation.trainTest(plan, testRows, level, heldOut, okl);
            } else {
                TrainingData testData = TrainingDataArguments.of(loader.load(test, inputs, outputs, trained),
                        Optional.empty());
                printPlan(plan, "the training set");
                result = Evaluation.trainTest(plan, testData, level, heldOut, okl);
            }
        } else if (data == null) {
            throw new UsageException("give --train D1 --test D2, or --data D [--cv K]");
        } else if (folds != null) {
            if (folds < 2) {
                throw new UsageException("--cv " + folds + ": cross-validation needs at least 2 folds; use --cv 5 or "
                        + "--cv 10");
            }
            FitPlan plan = p.plan(source(loader, data, null), options);
            if (plan.route() == FitPlan.Route.STREAMED) {
                printPlan(plan, data + " (all rows; every fold chooses again on its training part)");
                result = Evaluation.crossValidate(p, plan.rows().orElseThrow(), folds, okl.context().seed(),
                        plan.metrics(), level, heldOut, okl);
            } else {
                TrainingData training = plan.data().orElseThrow();
                if (folds > training.size()) {
                    throw new UsageException("--cv " + folds + ": " + data + " has " + training.size() + " rows, too "
                            + "few for " + folds + " folds (each fold needs a row to validate on); use --cv 2 to --cv "
                            + training.size() + " (--cv " + training.size() + " is leave-one-out)");
                }
                printPlan(plan, "all " + training.size() + " rows; every fold chooses again on its training part");
                result = Evaluation.crossValidate(p, training, folds, okl.context().seed(), plan.metrics(), level,
                        heldOut, okl);
            }
        } else if (loader.hasTestSplit(data)) {
            FitPlan plan = p.plan(source(loader, data, null), options);
            TrainingData testData = TrainingDataArguments.of(loader.load(data + ":test", inputs, outputs,
                    plan.trainingColumns()), Optional.empty());
            printPlan(plan, "the training split");
            result = Evaluation.trainTest(plan, testData, level, heldOut, okl);
        } else {
            throw new UsageException(data + " has no test split: add --cv K, or use --train and --test");
        }
        print(result, pipelineSpec);
        if (tally != null) {
            writeReport(tally, result, pipelineSpec);
        }
    }

    /** Writes the report folder (atomically) and says where it went (not with --json, whose output is one object). */
    private void writeReport(UncertaintyTally tally, Evaluation.Result result, PipelineSpec pipelineSpec) {
        String described = (pipeline == null ? "the automatic pipeline: " : pipeline + ": ")
                + PipelineFiles.toJsonNode(pipelineSpec);
        String dataDescribed = train != null ? "train " + train + ", test " + test
                : folds != null ? data : data + " (its training and test splits)";
        ReportHeader header = new ReportHeader(described, result.model().map(m -> JSON.valueToTree(m.provenance()
                .chosen()).toString()), dataDescribed, result.protocol(), OklVersion.get(), result.metrics(),
                result.spread());
        ReportFolder.write(report, force, header, tally);
        if (!json) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("report written to " + UserText.escape(report.resolve("index.html").toString()));
            out.flush();
        }
    }

    /**
     * The training data: a file's rows in blocks when the plan streams them, else read whole with the extra data
     * (coded by the training data's text levels).
     */
    private FitPlan.Source source(DataLoader loader, String ref, BooleanSupplier alsoFile) {
        return TrainingDataArguments.source(loader, ref, inputs, outputs, unlabelled, alsoFile);
    }

    /**
     * What the plan says (not with --json), once the data are read or opened: the note that nothing is searched,
     * what the automatic pipeline chose on which data, the task's default metrics.
     */
    private void printPlan(FitPlan plan, String chosenOn) {
        if (!json) {
            PrintWriter out = spec.commandLine().getOut();
            plan.lines(chosenOn).forEach(out::println);
            out.flush();
        }
    }

    private void print(Evaluation.Result result, PipelineSpec pipelineSpec) {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = JSON.createObjectNode();
            root.set("metrics", JSON.valueToTree(result.metrics()));
            if (!result.spread().isEmpty()) {
                root.set("std", JSON.valueToTree(result.spread()));
            }
            root.put("protocol", result.protocol());
            result.model().ifPresent(m -> root.set("chosen", JSON.valueToTree(m.provenance().chosen())));
            result.model().map(m -> m.provenance().auto()).ifPresent(a -> root.set("auto", JSON.valueToTree(a)));
            result.model().map(m -> m.provenance().search()).ifPresent(s -> root.set("search", JSON.valueToTree(s)));
            root.set("pipeline", PipelineFiles.toJsonNode(pipelineSpec));
            out.println(root.toString());
        } else {
            out.println("protocol: " + result.protocol());
            result.model().ifPresent(m -> out.println("chosen:   " + m.provenance().chosen()));
            result.model().ifPresent(m -> AutoChoices.printSearch(out, m.provenance()));
            result.metrics().forEach((name, value) -> out.printf("%-24s %.6g%s%n", name, value,
                    result.spread().containsKey(name) ? String.format(" ± %.2g", result.spread().get(name)) : ""));
        }
        out.flush();
    }
}
