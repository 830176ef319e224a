package org.okl.app.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.text.UserText;
import org.okl.app.OklCommand;
import org.okl.app.UsageException;
import org.okl.app.data.DataLoader;
import org.okl.app.data.LoadedData;
import org.okl.core.AutoPipeline;
import org.okl.core.Evaluation;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.data.FileRows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
    private static final Logger LOG = LoggerFactory.getLogger(EvaluateCommand.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParentCommand
    private OklCommand root;

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

    /** The metrics to report: parsed from --metrics, or the task's defaults once the task is known. */
    private Map<String, ComponentSpec> metricSpecs;

    @Override
    public void run() {
        Okl okl = root.okl();
        PipelineSpec pipelineSpec = pipeline == null ? PipelineSpec.auto().build() : okl.readPipeline(pipeline);
        if (metrics != null) {
            metricSpecs = MetricArguments.parse(metrics);
        }
        Pipeline p = okl.pipeline(pipelineSpec);
        if (!json) {
            AutoChoices.printFixed(spec.commandLine().getOut(), p);
        }
        DataLoader loader = new DataLoader(okl);
        Optional<LoadedData> extra = Optional.ofNullable(unlabelled).map(u -> loader.load(u, inputs, outputs));
        Evaluation.Result result;
        if (train != null || test != null) {
            if (train == null || test == null || data != null || folds != null) {
                throw new UsageException("give either --train D1 --test D2, or --data D [--cv K]");
            }
            Optional<FileRows[]> streamed = streamed(p, loader, okl, train, test);
            if (streamed.isPresent()) {
                result = Evaluation.trainTest(p, streamed.get()[0], streamed.get()[1], metricSpecs, okl);
            } else {
                LoadedData trainData = loader.load(train, inputs, outputs);
                prepare(p, TrainingDataArguments.of(trainData, extra), "the training set");
                result = trainTest(p, trainData, loader.load(test, inputs, outputs), extra, metricSpecs, okl);
            }
        } else if (data == null) {
            throw new UsageException("give --train D1 --test D2, or --data D [--cv K]");
        } else if (folds != null) {
            if (folds < 2) {
                throw new UsageException("--cv " + folds + ": cross-validation needs at least 2 folds; use --cv 5 or "
                        + "--cv 10");
            }
            Optional<FileRows[]> streamed = streamed(p, loader, okl, data);
            if (streamed.isPresent()) {
                result = Evaluation.crossValidate(p, streamed.get()[0], folds, okl.context().seed(), metricSpecs, okl);
            } else {
                TrainingData training = TrainingDataArguments.of(loader.load(data, inputs, outputs), extra);
                if (folds > training.size()) {
                    throw new UsageException("--cv " + folds + ": " + data + " has " + training.size() + " rows, too "
                            + "few for " + folds + " folds (each fold needs a row to validate on); use --cv 2 to --cv "
                            + training.size() + " (--cv " + training.size() + " is leave-one-out)");
                }
                prepare(p, training, "all " + training.size() + " rows; every fold chooses again on its "
                        + "training part");
                result = Evaluation.crossValidate(p, training, folds, okl.context().seed(), metricSpecs, okl);
            }
        } else if (loader.hasTestSplit(data)) {
            LoadedData trainData = loader.load(data, inputs, outputs);
            prepare(p, TrainingDataArguments.of(trainData, extra), "the training split");
            result = trainTest(p, trainData, loader.load(data + ":test", inputs, outputs), extra, metricSpecs, okl);
        } else {
            throw new UsageException(data + " has no test split: add --cv K, or use --train and --test");
        }
        print(result, pipelineSpec);
    }

    /**
     * Before the work on data held in memory: for the automatic pipeline (not with --json), prints what it chooses on
     * the given data; without --metrics, settles the task's default metrics.
     */
    private void prepare(Pipeline p, TrainingData data, String onWhat) {
        if (json && metricSpecs != null) {
            return;
        }
        AutoPipeline.Choice choice = p.spec().isAuto() ? p.chooseFor(data) : null;
        if (choice != null && !json) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("auto: chosen on " + onWhat);
            AutoChoices.print(out, choice);
        }
        if (metricSpecs == null) {
            String task = choice != null ? choice.record().task() : AutoPipeline.task(data).id();
            useDefaults(task, TaskMetrics.defaults(task, data.outputs().cols(), choice != null ? choice.spec()
                    : p.spec()));
        }
    }

    /** Reports the task's default metrics (--metrics not given) and says which they are (not with --json). */
    private void useDefaults(String task, Map<String, ComponentSpec> defaults) {
        metricSpecs = defaults;
        if (!json) {
            spec.commandLine().getOut().println("metrics: " + UserText.escape(String.join(",", metricSpecs.keySet()))
                    + " (the defaults for " + task + "; choose others with --metrics)");
        }
    }

    /**
     * The rows of the data files when they can be streamed: files (not data set names), a pipeline that fits over
     * streamed rows, squared-error metrics and no unlabelled data; otherwise empty (the data are loaded whole) and
     * the reason is logged. Without --metrics, the task's default metrics are settled here when the rows stream.
     */
    private Optional<FileRows[]> streamed(Pipeline p, DataLoader loader, Okl okl, String... files) {
        if (unlabelled != null) {
            return Optional.empty();
        }
        Pipeline chosen = p;
        AutoPipeline.Choice choice = null;
        if (p.spec().isAuto()) {
            Optional<DataLoader.StreamedFile> first = loader.rows(files[0], inputs, outputs);
            if (first.isEmpty() || first.get().rows().outputDimension() == 0) {
                return Optional.empty();
            }
            choice = p.chooseFor(first.get().rows());
            chosen = okl.pipeline(choice.spec());
        }
        if (chosen.spec().approximation().isEmpty()) {
            return Optional.empty();
        }
        Optional<String> obstacle = chosen.streamingObstacle();
        if (obstacle.isPresent()) {
            LOG.info("reading the data whole: {}", obstacle.get());
            return Optional.empty();
        }
        FileRows[] rows = new FileRows[files.length];
        for (int i = 0; i < files.length; i++) {
            Optional<FileRows> file = loader.rows(files[i], inputs, outputs).map(DataLoader.StreamedFile::rows);
            if (file.isEmpty()) {
                return Optional.empty();
            }
            if (file.get().outputDimension() == 0) {
                throw new UsageException(files[i] + ": no output columns; select them with --outputs (for example "
                        + "--outputs 128:256)");
            }
            rows[i] = file.get();
        }
        String task = null;
        Map<String, ComponentSpec> toReport = metricSpecs;
        if (toReport == null) {
            task = choice != null ? choice.record().task() : AutoPipeline.task(rows[0]).id();
            toReport = TaskMetrics.defaults(task, rows[0].outputDimension(), chosen.spec());
        }
        obstacle = Evaluation.streamingObstacle(toReport, okl);
        if (obstacle.isPresent()) {
            LOG.info("reading the data whole: {}", obstacle.get());
            return Optional.empty();
        }
        if (choice != null && !json) {
            spec.commandLine().getOut().println("auto: chosen on " + files[0] + (files.length == 1
                    ? " (all rows; every fold chooses again on its training part)" : ""));
            AutoChoices.print(spec.commandLine().getOut(), choice);
        }
        if (metricSpecs == null) {
            useDefaults(task, toReport);
        }
        return Optional.of(rows);
    }

    private static Evaluation.Result trainTest(Pipeline p, LoadedData trainData, LoadedData testData,
            Optional<LoadedData> extra, Map<String, ComponentSpec> metricSpecs, Okl okl) {
        return Evaluation.trainTest(p, TrainingDataArguments.of(trainData, extra),
                TrainingDataArguments.of(testData, Optional.empty()), metricSpecs, okl);
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
