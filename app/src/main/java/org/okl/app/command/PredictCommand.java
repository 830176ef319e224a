package org.okl.app.command;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.app.data.DataLoader;
import org.okl.app.data.LoadedData;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.IoErrors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl predict}: predicts outputs for new inputs with a model file and writes them as CSV. */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Predict outputs with a model file; write them as CSV. A data file is read and predicted "
                + "block by block, in constant memory; the output appears complete or not at all.")
public final class PredictCommand implements Runnable {
    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "The model file.")
    private Path model;

    @Option(names = "--data", required = true, paramLabel = "D", description = "A data file, or a data set name with optional "
            + "parameters and split (yeast:test, related-tasks:n=40:seed=3).")
    private String data;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns of a file (default: the columns the "
            + "model was fitted on, by name when the files have a header, else by position).")
    private String inputs;

    @Option(names = "--outputs", paramLabel = "COLS", description = "Columns of a file to leave out as outputs (for "
            + "models that do not record their input columns).")
    private String outputs;

    @Option(names = "--out", required = true, paramLabel = "pred.csv", description = "Where to write the "
            + "predictions (one row per input, under the names of the outputs the model was fitted on, else y0, "
            + "y1, ...; written atomically).")
    private Path out;

    @Mixin
    private TrustArguments trust;

    @Override
    public void run() {
        OutputFiles.requireDistinct("--out", out, Map.of("--model", model.toString(), "--data", data));
        Okl okl = root.okl();
        Model fitted = trust.load(model, okl);
        DataLoader loader = new DataLoader(okl);
        Optional<DataLoader.StreamedFile> file = loader.rowsFor(fitted, data, inputs, outputs);
        long written = file.isPresent() ? stream(fitted, file.get().rows())
                : inMemory(fitted, loader.loadFor(fitted, data, inputs, outputs));
        spec.commandLine().getOut().println("wrote " + written + " predictions to " + out);
        spec.commandLine().getOut().flush();
    }

    /** Predicts a data file block by block, writing each block's predictions before reading the next. */
    private long stream(Model fitted, FileRows rows) {
        long[] count = new long[1];
        write(csv -> rows.forEachInputRowBlock((first, block, ignored) -> {
            Matrix predictions = located(first, block.rows(), () -> fitted.predict(block)).outputs();
            print(csv, first == 0 ? header(fitted, predictions.cols()) : null, predictions);
            count[0] += predictions.rows();
        }));
        return count[0];
    }

    private long inMemory(Model fitted, LoadedData loaded) {
        Decoded decoded = located(0, loaded.inputs().rows(), () -> loaded.groups().isPresent()
                ? fitted.predict(loaded.inputs(), loaded.groups().get()) : fitted.predict(loaded.inputs()));
        Matrix predictions = decoded.outputs();
        write(csv -> print(csv, header(fitted, predictions.cols()), predictions));
        return predictions.rows();
    }

    /**
     * The predictions of a block of rows; a data error (a value the model's transforms cannot take) names the file
     * and the block's rows, since the error's own row numbers count from the block's first row.
     */
    private Decoded located(long first, int rows, java.util.function.Supplier<Decoded> prediction) {
        try {
            return prediction.get();
        } catch (OklException e) {
            if (e.errorCode() != ErrorCode.INVALID_DATA) {
                throw e;
            }
            String message = e.getMessage().substring(e.getMessage().indexOf(']') + 2);
            throw new OklException(ErrorCode.INVALID_DATA, data + (first == 0 && rows > 0 ? "" : ", rows "
                    + (first + 1) + "-" + (first + rows) + " (row numbers below count from the first of them)")
                    + ": " + message, e);
        }
    }

    /** The names of the model's output columns, or y0, y1, ... when the model does not know them. */
    private static List<String> header(Model fitted, int cols) {
        if (fitted.outputNames().size() == cols) {
            return fitted.outputNames();
        }
        List<String> names = new ArrayList<>();
        for (int j = 0; j < cols; j++) {
            names.add("y" + j);
        }
        return names;
    }

    /** Prints the header (when not {@code null}) and the predictions. */
    private static void print(CSVPrinter csv, List<String> header, Matrix predictions) {
        try {
            if (header != null) {
                csv.printRecord(header);
            }
            for (int i = 0; i < predictions.rows(); i++) {
                List<String> row = new ArrayList<>(predictions.cols());
                for (int j = 0; j < predictions.cols(); j++) {
                    row.add(Double.toString(predictions.get(i, j)));
                }
                csv.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the predictions into a temporary file in the target folder, renamed to {@code --out} at the end. */
    private void write(java.util.function.Consumer<CSVPrinter> content) {
        try {
            AtomicFiles.writeText(out, w -> {
                CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT);
                try {
                    content.accept(csv);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                csv.flush();
            });
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, out + ": cannot write predictions: " + IoErrors.describe(e),
                    e);
        }
    }
}
