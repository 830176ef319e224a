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
            + "OKL predicts to rounding).")
    private boolean float32;

    @Override
    public void run() {
        OutputFiles.requireDistinct("--onnx", onnx, Map.of("--model", model.toString()));
        Model fitted = Model.load(model, root.okl());
        OnnxExport.Result result = OnnxExport.write(fitted, onnx, float32 ? OnnxExport.Precision.FLOAT32
                : OnnxExport.Precision.FLOAT64);
        var out = spec.commandLine().getOut();
        out.println("wrote " + onnx + " (" + result.bytes() + " bytes, opset " + OnnxExport.OPSET + ", "
                + result.precision().name().toLowerCase(java.util.Locale.ROOT) + "): "
                + String.join(" -> ", result.stages()));
        out.println("input '" + OnnxExport.INPUT + "' (rows x " + fitted.inputCount() + "), outputs '"
                + OnnxExport.OUTPUTS + "' (rows x " + fitted.outputCount() + ") and '" + OnnxExport.SCORES + "'");
        if (float32) {
            out.println("float32: not measured by this command (that needs an ONNX engine); OKL's tests measure it in "
                    + "ONNX Runtime, about 6e-7 of the predictions' scale for a standardized Gaussian model: compare "
                    + "with the float64 graph on your own rows before relying on it");
        }
        out.flush();
    }
}
