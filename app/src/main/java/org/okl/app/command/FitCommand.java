package org.okl.app.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.okl.api.text.UserText;
import org.okl.app.OklCommand;
import org.okl.app.data.DataLoader;
import org.okl.core.AutoPipeline;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineSpec;
import org.okl.core.StreamingFit;
import org.okl.core.TrainingData;
import org.okl.linalg.parallel.Workers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl fit}: fits a pipeline and writes the model file. */
@Command(name = "fit", mixinStandardHelpOptions = true, description = "Fit a pipeline on data and write a model file. "
        + "Without --pipeline, OKL chooses one for the task the data describe ({\"preset\": \"auto\"}) and says "
        + "what it chose and why. With a kernel sketch (\"approximation\") a data file is read in blocks, in "
        + "constant memory, with model selection in the same pass.")
public final class FitCommand implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(FitCommand.class);

    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--pipeline", paramLabel = "P.json", description = "The pipeline file (default: the automatic "
            + "pipeline, {\"preset\": \"auto\"}).")
    private Path pipeline;

    @Option(names = "--data", required = true, paramLabel = "D", description = "A data file, or a data set name with optional "
            + "parameters and split (yeast:test, related-tasks:n=40:seed=3).")
    private String data;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns of a file, e.g. 0:128 or a,b,c "
            + "(default: every column that is not an output).")
    private String inputs;

    @Option(names = "--outputs", paramLabel = "COLS", description = "Output columns of a file, e.g. 128:256 "
            + "(default: the columns the format marks as outputs).")
    private String outputs;

    @Option(names = "--unlabelled", paramLabel = "U", description = "Extra data without labels: inputs for "
            + "manifold regularization, outputs for OEL and candidate sets (same column selection).")
    private String unlabelled;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "Where to write the model.")
    private Path model;

    private boolean autoPrinted;

    @Override
    public void run() {
        Map<String, String> read = new LinkedHashMap<>();
        read.put("--pipeline", pipeline == null ? null : pipeline.toString());
        read.put("--data", data);
        read.put("--unlabelled", unlabelled);
        OutputFiles.requireDistinct("--model", model, read);
        Okl okl = root.okl();
        Pipeline pipe = okl.pipeline(pipeline == null ? PipelineSpec.auto().build() : okl.readPipeline(pipeline));
        DataLoader loader = new DataLoader(okl);
        PrintWriter out = spec.commandLine().getOut();
        AutoChoices.printFixed(out, pipe);
        Optional<DataLoader.StreamedFile> file = pipe.spec().isAuto() ? streamableAuto(pipe, loader, out)
                : streamable(pipe, loader);
        Model fitted;
        if (file.isPresent()) {
            StreamingFit.Result result = pipe.fit(file.get().rows(), file.get().inputColumns());
            fitted = result.model();
            out.println("fitted on " + result.timings().rows() + " samples streamed from " + UserText.escape(data)
                    + "; chosen " + UserText.escape(String.valueOf(fitted.provenance().chosen())) + " by "
                    + UserText.escape(fitted.provenance().selection()));
            out.println("streamed: " + result.timings() + String.format(Locale.ROOT, "; %d thread%s",
                    Workers.shared().threads(), Workers.shared().threads() == 1 ? "" : "s"));
        } else {
            TrainingData training = TrainingDataArguments.build(loader, data, inputs, outputs, unlabelled);
            if (pipe.spec().isAuto() && !autoPrinted) {
                AutoChoices.print(out, pipe.chooseFor(training));
            }
            fitted = pipe.fit(training);
            out.println("fitted on " + training.size() + " samples; chosen "
                    + UserText.escape(String.valueOf(fitted.provenance().chosen())) + " by "
                    + UserText.escape(fitted.provenance().selection()));
        }
        AutoChoices.printSearch(out, fitted.provenance());
        fitted.save(model);
        out.println("model written to " + UserText.escape(model.toString()));
        out.flush();
    }

    /**
     * For the automatic pipeline: the data file in blocks when what it chooses for the file's rows streams (the
     * choice is printed); otherwise empty, and the data are loaded whole.
     */
    private Optional<DataLoader.StreamedFile> streamableAuto(Pipeline pipe, DataLoader loader, PrintWriter out) {
        if (unlabelled != null) {
            return Optional.empty();
        }
        Optional<DataLoader.StreamedFile> file = loader.rows(data, inputs, outputs);
        if (file.isEmpty() || file.get().rows().outputDimension() == 0) {
            return Optional.empty();
        }
        AutoPipeline.Choice choice = pipe.chooseFor(file.get().rows());
        AutoChoices.print(out, choice);
        autoPrinted = true;
        Pipeline chosen = root.okl().pipeline(choice.spec());
        if (choice.spec().approximation().isEmpty()) {
            return Optional.empty();
        }
        Optional<String> obstacle = chosen.streamingObstacle();
        obstacle.ifPresent(why -> LOG.info("reading {} whole: the pipeline cannot stream: {}", data, why));
        return obstacle.isPresent() ? Optional.empty() : file;
    }

    /**
     * The data file in blocks when the pipeline can be fitted over streamed rows (a kernel sketch, see
     * {@link StreamingFit}); otherwise empty (the data are loaded whole) and the reason is logged.
     */
    private Optional<DataLoader.StreamedFile> streamable(Pipeline pipe, DataLoader loader) {
        if (unlabelled != null || pipe.spec().approximation().isEmpty()) {
            return Optional.empty();
        }
        Optional<String> obstacle = pipe.streamingObstacle();
        if (obstacle.isPresent()) {
            LOG.info("reading {} whole: the pipeline cannot stream: {}", data, obstacle.get());
            return Optional.empty();
        }
        return loader.rows(data, inputs, outputs);
    }
}
