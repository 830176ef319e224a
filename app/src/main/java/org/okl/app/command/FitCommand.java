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
import org.okl.core.Okl;
import org.okl.core.parallel.Workers;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.Pipeline;
import org.okl.core.pipeline.StreamingFit;
import org.okl.core.pipeline.TrainingData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl fit}: fits a pipeline and writes the model file. */
@Command(name = "fit", mixinStandardHelpOptions = true, description = "Fit a pipeline on data and write a model file. With a kernel sketch (\"approximation\") a data "
                + "file is read in blocks, in constant memory, with model selection in the same pass.")
public final class FitCommand implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(FitCommand.class);

    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--pipeline", required = true, paramLabel = "P.json", description = "The pipeline file.")
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

    @Override
    public void run() {
        Map<String, String> read = new LinkedHashMap<>();
        read.put("--pipeline", pipeline.toString());
        read.put("--data", data);
        read.put("--unlabelled", unlabelled);
        OutputFiles.requireDistinct("--model", model, read);
        Okl okl = root.okl();
        Pipeline pipe = okl.pipeline(okl.readPipeline(pipeline));
        DataLoader loader = new DataLoader(okl);
        PrintWriter out = spec.commandLine().getOut();
        Optional<DataLoader.StreamedFile> file = streamable(pipe, loader);
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
            fitted = pipe.fit(training);
            out.println("fitted on " + training.size() + " samples; chosen "
                    + UserText.escape(String.valueOf(fitted.provenance().chosen())) + " by "
                    + UserText.escape(fitted.provenance().selection()));
        }
        fitted.save(model);
        out.println("model written to " + UserText.escape(model.toString()));
        out.flush();
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
