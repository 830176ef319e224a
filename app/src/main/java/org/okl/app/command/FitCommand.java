package org.okl.app.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.okl.api.text.UserText;
import org.okl.app.data.DataLoader;
import org.okl.app.usage.UsageException;
import org.okl.core.FitPlan;
import org.okl.core.IntervalSpec;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineSpec;
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
    @ParentCommand
    private CommandRoot root;

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

    @Option(names = "--calibration-rows", paramLabel = "N", description = "With a kernel sketch, hold out about N "
            + "rows (at most a fifth) from the fit and store the model's residuals on them, for split conformal "
            + "prediction intervals (okl predict --intervals). Ignored on the exact route, whose models keep "
            + "leave-one-out residuals. Default: 0 (none).")
    private int calibrationRows;

    @Option(names = "--intervals-method", paramLabel = "METHOD", description = "How the model's prediction "
            + "intervals are computed (the pipeline's \"intervals\": {\"method\": ...}): auto (jackknife+ on the "
            + "exact route, split conformal with a kernel sketch), jackknife+, cv+ (from the fold models of the "
            + "chosen fit: cheaper per predicted row than jackknife+) or split. Default: the pipeline's, else auto.")
    private String intervalsMethod;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "Where to write the model.")
    private Path model;

    @Override
    public void run() {
        Map<String, String> read = new LinkedHashMap<>();
        read.put("--pipeline", pipeline == null ? null : pipeline.toString());
        read.put("--data", data);
        read.put("--unlabelled", unlabelled);
        OutputFiles.requireDistinct("--model", model, read);
        IntervalSpec.Method method = null;
        if (intervalsMethod != null) {
            try {
                method = IntervalSpec.Method.of(intervalsMethod);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--intervals-method: " + e.getMessage());
            }
        }
        Okl okl = root.okl();
        if (calibrationRows < 0) {
            throw new UsageException("--calibration-rows " + calibrationRows + ": give a number of rows, 0 or more");
        }
        PipelineSpec asked = pipeline == null ? PipelineSpec.auto().build() : okl.readPipeline(pipeline);
        if (method != null) {
            asked = asked.withIntervals(asked.intervals().orElseGet(IntervalSpec::auto).withMethod(method));
        }
        Pipeline pipe = okl.pipeline(asked).withCalibrationRows(calibrationRows);
        DataLoader loader = new DataLoader(okl);
        PrintWriter out = spec.commandLine().getOut();
        FitPlan plan = pipe.plan(TrainingDataArguments.source(loader, data, inputs, outputs, unlabelled, null),
                FitPlan.Options.fit());
        plan.lines().forEach(out::println);
        out.flush();
        FitPlan.Result result = plan.fit();
        Model fitted = result.model();
        String chosen = "; chosen " + UserText.escape(String.valueOf(fitted.provenance().chosen())) + " by "
                + UserText.escape(fitted.provenance().selection());
        if (result.timings().isPresent()) {
            out.println("fitted on " + result.rows() + " samples streamed from " + UserText.escape(data) + chosen);
            out.println("streamed: " + result.timings().get() + String.format(Locale.ROOT, "; %d thread%s",
                    okl.workers().threads(), okl.workers().threads() == 1 ? "" : "s"));
        } else {
            out.println("fitted on " + result.rows() + " samples" + chosen);
        }
        AutoChoices.printSearch(out, fitted.provenance());
        fitted.save(model);
        out.println("model written to " + UserText.escape(model.toString()));
        out.flush();
    }
}
