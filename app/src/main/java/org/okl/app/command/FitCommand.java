package org.okl.app.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.okl.app.OklCommand;
import org.okl.app.data.DataLoader;
import org.okl.core.Okl;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.TrainingData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code okl fit}: fits a pipeline and writes the model file. */
@Command(name = "fit", mixinStandardHelpOptions = true, description = "Fit a pipeline on data and write a model file.")
public final class FitCommand implements Runnable {
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
        Okl okl = root.okl();
        var pipelineSpec = okl.readPipeline(pipeline);
        TrainingData training = TrainingDataArguments.build(new DataLoader(okl), data, inputs, outputs, unlabelled);
        Model fitted = okl.pipeline(pipelineSpec).fit(training);
        fitted.save(model);
        PrintWriter out = spec.commandLine().getOut();
        out.println("fitted on " + training.size() + " samples; chosen " + fitted.provenance().chosen()
                + " by " + fitted.provenance().selection());
        out.println("model written to " + model);
        out.flush();
    }
}
