package org.okl.app.command;

import java.nio.file.Path;
import java.util.Map;
import org.okl.core.Model;
import org.okl.onnx.OnnxExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl export}: writes a model file as an ONNX graph ({@link OnnxExport}). */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a model file as an ONNX graph (opset " + OnnxExport.OPSET + ", standard ai.onnx "
                + "operators), for ONNX Runtime and other ONNX engines. A stage without an ONNX form is refused by "
                + "name; the file appears complete or not at all.")
public final class ExportCommand implements Runnable {
    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "The model file.")
    private Path model;

    @Option(names = "--onnx", required = true, paramLabel = "M.onnx", description = "Where to write the ONNX file.")
    private Path onnx;

    @Option(names = "--float32", description = "Write the graph in float32 (default float64, which predicts what "
            + "OKL predicts to rounding), with its error measured against OKL's float64 predictions on the model's "
            + "stored rows (or --data) and stored in the graph's metadata.")
    private boolean float32;

    @Option(names = "--data", paramLabel = "D", description = "With --float32: the rows to measure the error on (a "
            + "data file or data set name, read as okl predict reads it; at most "
            + OnnxExport.ERROR_ROWS + " evenly spaced rows are used).")
    private String data;

    @Override
    public void run() {
        OutputFiles.requireDistinct("--onnx", onnx, data == null ? Map.of("--model", model.toString())
                : Map.of("--model", model.toString(), "--data", data));
        if (data != null && !float32) {
            throw new org.okl.app.usage.UsageException("--data is for --float32 (the rows its error is measured on)");
        }
        Model fitted = Model.load(model, root.okl());
        org.okl.api.linalg.Matrix rows = data == null ? null
                : new org.okl.app.data.DataLoader(root.okl()).loadFor(fitted, data, null, null).inputs();
        OnnxExport.Result result = OnnxExport.write(fitted, onnx, float32 ? OnnxExport.Precision.FLOAT32
                : OnnxExport.Precision.FLOAT64, rows);
        var out = spec.commandLine().getOut();
        out.println("wrote " + onnx + " (" + result.bytes() + " bytes, opset " + OnnxExport.OPSET + ", "
                + result.precision().name().toLowerCase(java.util.Locale.ROOT) + "): "
                + String.join(" -> ", result.stages()));
        out.println("input '" + OnnxExport.INPUT + "' (rows x " + fitted.inputCount() + "), outputs '"
                + OnnxExport.OUTPUTS + "' (rows x " + fitted.outputCount() + ") and '" + OnnxExport.SCORES + "'");
        if (float32) {
            result.float32Error().ifPresentOrElse(e -> out.println(String.format(java.util.Locale.ROOT,
                    "float32: largest error %.2e relative to the predictions' scale (their largest magnitude, at "
                            + "least 1), on %d rows (%s): the graph's float32 arithmetic evaluated in Java against "
                            + "OKL's float64 predictions; stored in the metadata as okl.float32.max_relative_error",
                    e.maxRelativeError(), e.rows(), e.from())),
                    () -> out.println("float32: error not measured: " + result.notMeasured().orElse("no rows")));
        }
        out.flush();
    }
}
