package org.okl.app.command;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.TableSink;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.app.data.DataLoader;
import org.okl.app.data.LoadedData;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.conformal.PredictionIntervals;
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
            + "predictions (CSV, or Parquet for a .parquet name; one row per input, under the names of the outputs "
            + "the model was fitted on, else y0, y1, ...; written atomically).")
    private Path out;

    @Option(names = "--intervals", paramLabel = "LEVEL", description = "Also write prediction intervals at this "
            + "coverage (for example 0.9): per output NAME the columns NAME_lower and NAME_upper (covering that "
            + "output), then NAME_joint_lower and NAME_joint_upper (a box covering all outputs of a row at once); "
            + "for a model of classes, NAME_in_set_CLASS per class: 1 when the class is in the row's conformal set.")
    private Double intervals;

    @Option(names = "--keep", paramLabel = "COLS", description = "Columns of the data file to copy in front of the "
            + "predictions, under their names (ids: --keep id,name); a text column of a Parquet or Arrow file is "
            + "written as its text (CSV predictions only).")
    private String keep;

    @Option(names = "--probabilities", description = "Also write each label's calibrated probability (Platt "
            + "scaling of leave-one-out scores, stored by an exact Tikhonov fit of 0/1 labels): per label NAME the "
            + "column NAME_probability after the predicted labels.")
    private boolean probabilities;

    @Mixin
    private TrustArguments trust;

    private DataLoader.Keys keys;

    private Okl okl;

    @Override
    public void run() {
        if (intervals != null) {
            Model.requireLevel(intervals);
        }
        if (intervals != null && probabilities) {
            throw new OklException(ErrorCode.USAGE, "give --intervals (regression) or --probabilities (labels), "
                    + "not both");
        }
        OutputFiles.requireDistinct("--out", out, Map.of("--model", model.toString(), "--data", data));
        okl = root.okl();
        Model fitted = trust.load(model, okl);
        DataLoader loader = new DataLoader(okl);
        keys = keep == null ? null : loader.keys(data, keep);
        Optional<DataLoader.StreamedFile> file = keys == null ? loader.rowsFor(fitted, data, inputs, outputs)
                : loader.rowsFor(fitted, data, inputs, outputs, keys);
        long written = file.isPresent() ? stream(fitted, file.get())
                : inMemory(fitted, loader.loadFor(fitted, data, inputs, outputs));
        spec.commandLine().getOut().println("wrote " + written + " predictions to " + out);
        spec.commandLine().getOut().flush();
    }

    /** Predicts a data file block by block, writing each block's predictions before reading the next. */
    private long stream(Model fitted, DataLoader.StreamedFile file) {
        FileRows rows = file.rows();
        long[] count = new long[1];
        write(sink -> rows.forEachInputRowBlock((first, block, kept) -> {
            Matrix predictions = probabilities ? located(first, block.rows(), () -> withProbabilities(fitted, block))
                    : intervals != null && fitted.hasLabelSets()
                    ? located(first, block.rows(), () -> withSets(fitted, block))
                    : intervals == null ? located(first, block.rows(), () -> fitted.predict(block)).outputs()
                    : withIntervals(located(first, block.rows(), () -> fitted.predictIntervals(block, intervals)));
            List<String> names = header(fitted, predictions.cols());
            if (keys != null) {
                names = new ArrayList<>(keys.names());
                names.addAll(header(fitted, predictions.cols()));
                predictions = kept(file.inputColumns().positions(), block, kept).stackColumns(predictions);
            }
            sink.accept(names, predictions);
            count[0] += predictions.rows();
        }));
        return count[0];
    }

    private long inMemory(Model fitted, LoadedData loaded) {
        if (probabilities) {
            if (loaded.groups().isPresent()) {
                throw new OklException(ErrorCode.USAGE, "--probabilities: a multi-task model has no label "
                        + "probabilities");
            }
            Matrix predictions = located(0, loaded.inputs().rows(), () -> withProbabilities(fitted,
                    loaded.inputs()));
            write(sink -> sink.accept(header(fitted, predictions.cols()), predictions));
            return predictions.rows();
        }
        if (intervals != null) {
            if (loaded.groups().isPresent()) {
                throw new OklException(ErrorCode.USAGE, "--intervals: a multi-task model has no prediction "
                        + "intervals");
            }
            Matrix predictions = fitted.hasLabelSets() ? located(0, loaded.inputs().rows(),
                    () -> withSets(fitted, loaded.inputs())) : withIntervals(located(0, loaded.inputs().rows(),
                    () -> fitted.predictIntervals(loaded.inputs(), intervals)));
            write(sink -> sink.accept(header(fitted, predictions.cols()), predictions));
            return predictions.rows();
        }
        Decoded decoded = located(0, loaded.inputs().rows(), () -> loaded.groups().isPresent()
                ? fitted.predict(loaded.inputs(), loaded.groups().get()) : fitted.predict(loaded.inputs()));
        Matrix predictions = decoded.outputs();
        write(sink -> sink.accept(header(fitted, predictions.cols()), predictions));
        return predictions.rows();
    }

    /**
     * The predictions of a block of rows; a data error (a value the model's transforms cannot take) names the file
     * and the block's rows, since the error's own row numbers count from the block's first row.
     */
    private <T> T located(long first, int rows, java.util.function.Supplier<T> prediction) {
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

    /** The predicted class, then per class 1 when it is in the row's conformal set at the level, else 0. */
    private Matrix withSets(Model fitted, org.okl.api.linalg.InputRows inputs) {
        return fitted.predict(inputs).outputs().stackColumns(fitted.predictLabelSets(inputs, intervals));
    }

    /** The predicted labels, then each label's calibrated probability. */
    private static Matrix withProbabilities(Model fitted, org.okl.api.linalg.InputRows inputs) {
        return fitted.predict(inputs).outputs().stackColumns(fitted.predictProbabilities(inputs));
    }

    /** The predictions, then per output its lower and upper bound, then per output its joint lower and upper. */
    private static Matrix withIntervals(PredictionIntervals p) {
        Matrix y = p.predictions();
        int q = y.cols();
        Matrix out = Matrix.zeros(y.rows(), 5 * q);
        for (int i = 0; i < y.rows(); i++) {
            for (int c = 0; c < q; c++) {
                out.set(i, c, y.get(i, c));
                out.set(i, q + 2 * c, p.lower().get(i, c));
                out.set(i, q + 2 * c + 1, p.upper().get(i, c));
                out.set(i, 3 * q + 2 * c, p.jointLower().get(i, c));
                out.set(i, 3 * q + 2 * c + 1, p.jointUpper().get(i, c));
            }
        }
        return out;
    }

    /**
     * The names of the model's output columns, or y0, y1, ... when the model does not know them; with intervals
     * (5q columns) followed by NAME_lower, NAME_upper per output, then NAME_joint_lower, NAME_joint_upper.
     */
    private List<String> header(Model fitted, int cols) {
        boolean sets = intervals != null && fitted.hasLabelSets();
        int q = probabilities ? cols / 2 : sets ? 1 : intervals == null ? cols : cols / 5;
        List<String> base = new ArrayList<>();
        if (fitted.outputNames().size() == q) {
            base.addAll(fitted.outputNames());
        } else {
            for (int j = 0; j < q; j++) {
                base.add("y" + j);
            }
        }
        if (probabilities) {
            List<String> names = new ArrayList<>(base);
            base.forEach(n -> names.add(n + "_probability"));
            return names;
        }
        if (sets) {
            List<String> names = new ArrayList<>(base);
            for (double v : fitted.classValues()) {
                names.add(base.get(0) + "_in_set_" + (v == Math.rint(v) && Math.abs(v) < 1e15
                        ? Long.toString((long) v) : Double.toString(v)));
            }
            return names;
        }
        if (intervals == null) {
            return base;
        }
        List<String> names = new ArrayList<>(base);
        base.forEach(n -> {
            names.add(n + "_lower");
            names.add(n + "_upper");
        });
        base.forEach(n -> {
            names.add(n + "_joint_lower");
            names.add(n + "_joint_upper");
        });
        return names;
    }

    /**
     * Refuses to write a file whose columns repeat a name (a kept column named like a prediction, or one kept twice):
     * OKL's readers refuse such a file ({@link ColumnNames}), so predict must not write one.
     */
    private void requireDistinct(List<String> names) {
        ColumnNames.repeated(names).ifPresent(problem -> {
            throw new OklException(ErrorCode.USAGE, out + ": the predictions' " + problem + (keys == null ? ""
                    : " (the columns kept with --keep come first, the predictions after them, under the model's "
                    + "output names)") + ", and a file whose columns repeat a name cannot be read back: keep "
                    + "another column, or each column once");
        });
    }

    /** Prints the header (when not {@code null}) and the predictions, the kept columns first. */
    private void print(CSVPrinter csv, List<String> header, Matrix predictions) {
        int kept = keys == null ? 0 : keys.names().size();
        try {
            if (header != null) {
                csv.printRecord(header);
            }
            for (int i = 0; i < predictions.rows(); i++) {
                List<String> row = new ArrayList<>(predictions.cols());
                for (int j = 0; j < predictions.cols(); j++) {
                    row.add(j < kept ? key(predictions.get(i, j), keys.levels().get(j))
                            : Double.toString(predictions.get(i, j)));
                }
                csv.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The kept columns of a block, in the order asked: those that are input columns from the inputs, the others
     * from the block's outputs (which hold them in order, each once).
     */
    private Matrix kept(int[] inputPositions, InputRows inputs, Matrix others) {
        int[] positions = keys.positions();
        int t = others.rows();
        Matrix dense = null;
        Matrix out = Matrix.zeros(t, positions.length);
        List<Integer> otherPositions = new ArrayList<>();
        for (int c = 0; c < positions.length; c++) {
            int column = positions[c];
            int input = IntStream.range(0, inputPositions.length)
                    .filter(i -> inputPositions[i] == column).findFirst().orElse(-1);
            double[] values;
            if (input >= 0) {
                if (dense == null) {
                    dense = inputs instanceof SparseMatrix s ? s.toDense() : (Matrix) inputs;
                }
                values = dense.columnValues(input);
            } else {
                if (!otherPositions.contains(column)) {
                    otherPositions.add(column);
                }
                values = others.columnValues(otherPositions.indexOf(column));
            }
            for (int i = 0; i < t; i++) {
                out.set(i, c, values[i]);
            }
        }
        return out;
    }

    /** A kept value as the file held it: its text, an integer without a fraction, empty when missing. */
    private static String key(double v, List<String> levels) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (!levels.isEmpty()) {
            return levels.get((int) v);
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Writes the predictions into a temporary file in the target folder, renamed to {@code --out} at the end: as the
     * format {@code --out}'s suffix names when a reader of it also writes it (Parquet), else as CSV. The content gets
     * each block with the columns' names.
     */
    private void write(java.util.function.Consumer<java.util.function.BiConsumer<List<String>, Matrix>> content) {
        try {
            AtomicFiles.write(out, stream -> {
                TableSink[] sink = new TableSink[1];
                Writer text = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(text, CSVFormat.DEFAULT);
                boolean[] started = new boolean[1];
                try {
                    content.accept((names, predictions) -> {
                        if (!started[0]) {
                            started[0] = true;
                            requireDistinct(names);
                            sink[0] = okl.tables().sink(out, stream, names).orElse(null);
                            if (sink[0] != null && keys != null && keys.text()) {
                                sink[0].finish();
                                throw new OklException(ErrorCode.USAGE, "--keep: a kept column holds text, which "
                                        + "OKL writes to CSV predictions only (--out pred.csv)");
                            }
                            if (sink[0] == null) {
                                print(csv, names, Matrix.zeros(0, predictions.cols()));
                            }
                        }
                        if (sink[0] != null) {
                            sink[0].write(predictions);
                        } else {
                            print(csv, null, predictions);
                        }
                    });
                    if (sink[0] != null) {
                        sink[0].finish();
                    }
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
