package org.okl.app.data;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.api.data.TableStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.app.usage.UsageException;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.data.ColumnSelection;
import org.okl.core.data.FileRows;
import org.okl.core.data.LevelCodes;
import org.okl.core.plugin.ComponentKind;
import org.okl.linalg.memory.MemoryBudget;

/**
 * Resolves a data argument: a file read by the reader its suffix names, with columns chosen by {@code --inputs} and
 * {@code --outputs}, or a data set name with optional parameters and split ({@code digits-halves},
 * {@code yeast:test}, {@code related-tasks:perTask=40:seed=3}; see {@link DataRef}).
 */
public final class DataLoader {
    private final Okl okl;

    /** A loader using the registry of {@code okl}. */
    public DataLoader(Okl okl) {
        this.okl = okl;
    }

    /**
     * Loads a data argument.
     *
     * @param ref     a file path, or a data set name with optional parameters and split (see {@link DataRef})
     * @param inputs  the input-column selection, or {@code null} for the default
     * @param outputs the output-column selection, or {@code null} for the default
     */
    public LoadedData load(String ref, String inputs, String outputs) {
        return load(ref, inputs, outputs, Optional.empty());
    }

    /**
     * Loads a data argument given beside training data (an evaluation's test file, unlabelled rows), its text input
     * columns coded by the levels of the training data's input columns, as a prediction codes a file by a model's
     * ({@link LevelCodes}): the k-th input column's texts by the k-th training column's levels. Without levels on
     * either side the codes are the file's own, as {@link #load(String, String, String)}.
     *
     * @param trained the training data's input columns ({@link org.okl.core.FitPlan#trainingColumns()}), or empty
     * @throws org.okl.api.data.DataFormatException naming the file, row, column and level of a text the training
     *                                              data never had
     */
    public LoadedData load(String ref, String inputs, String outputs, Optional<InputColumns> trained) {
        Path file = Path.of(ref);
        if (file.toFile().exists()) {
            MemoryBudget.activity("the rows of " + ref + " read whole (" + MemoryBudget.describe(file.toFile().length())
                    + " on disk)", "stream the file instead: a pipeline with a kernel sketch (\"approximation\") "
                    + "reads data files in blocks");
            Table header = header(file);
            int[][] chosen = columns(ref, header.columnNames(), header.outputColumns(), inputs, outputs);
            int[] used = IntStream.concat(Arrays.stream(chosen[0]), Arrays.stream(chosen[1]))
                    .toArray();
            Table table = okl.tables().read(file, used);
            return select(ref, trained.map(t -> coded(ref, table, chosen[0], t)).orElse(table), chosen[0],
                    chosen[1]);
        }
        DataRef data = DataRef.parse(ref);
        if (!okl.registry().components(ComponentKind.DATASET).containsKey(data.name())) {
            throw new OklException(ErrorCode.INVALID_DATA, ref + ": neither a file nor a data set; data sets: "
                    + String.join(", ", okl.registry().components(ComponentKind.DATASET).keySet()));
        }
        if (inputs != null || outputs != null) {
            throw new UsageException("--inputs and --outputs apply to files; data set '" + data.name()
                    + "' has its inputs and outputs already");
        }
        return fromDataset(ref, data);
    }

    /**
     * Loads the inputs to apply a model to. The input columns are those {@code inputs} selects, else the columns the
     * model was fitted on: by name when the model and the file both have column names, else by position (in a file
     * as wide as the model's training file, or in a file holding just the input columns). When names are known on
     * both sides they must agree.
     *
     * @param ref     a file path, or a data set name with optional parameters and split (see {@link DataRef})
     * @param inputs  the input-column selection, or {@code null} for the model's columns
     * @param outputs columns to leave out as outputs (used only when neither {@code inputs} nor the model names the
     *                input columns), or {@code null}
     * @param model   the model the inputs are for
     * @throws OklException {@link ErrorCode#INVALID_DATA} naming the file and the missing or mismatched column
     */
    public LoadedData loadFor(Model model, String ref, String inputs, String outputs) {
        Optional<InputColumns> fitted = model.inputColumns();
        Path file = Path.of(ref);
        LoadedData loaded;
        if (file.toFile().exists() && inputs == null && fitted.isPresent()) {
            int[] positions = ModelColumns.positions(ref, header(file), fitted.get());
            Table table = okl.tables().read(file, positions);
            loaded = select(ref, coded(ref, table, positions, fitted.get()), positions, new int[0]);
        } else {
            loaded = load(ref, inputs, outputs, fitted);
        }
        fitted.ifPresent(f -> ModelColumns.checkNames(loaded, f));
        return loaded;
    }

    /**
     * A data file to read in blocks, with its chosen columns.
     *
     * @param rows         the rows, inputs and outputs as selected
     * @param inputColumns where the input columns are in the file (recorded in models)
     */
    public record StreamedFile(FileRows rows, InputColumns inputColumns) {
    }

    /**
     * The rows of a data file to read in blocks, with the columns {@code inputs} and {@code outputs} select (as
     * {@link #load}), or empty when the argument is not a file (a data set is loaded whole). Only the file's first
     * lines are read here.
     */
    public Optional<StreamedFile> rows(String ref, String inputs, String outputs) {
        return rows(ref, inputs, outputs, Optional.empty());
    }

    /**
     * As {@link #rows(String, String, String)} for a data file read beside training data (an evaluation's test
     * file): its text input columns coded, block by block, by the levels of the training data's input columns, as
     * {@link #load(String, String, String, Optional)} codes a file read whole.
     *
     * @param trained the training data's input columns ({@link org.okl.core.FitPlan#trainingColumns()}), or empty
     */
    public Optional<StreamedFile> rows(String ref, String inputs, String outputs, Optional<InputColumns> trained) {
        Path file = Path.of(ref);
        if (!file.toFile().exists()) {
            return Optional.empty();
        }
        Table header = header(file);
        int[][] columns = columns(ref, header.columnNames(), header.outputColumns(), inputs, outputs);
        Optional<LevelCodes> codes = trained.flatMap(t -> codes(ref, columns[0], header.columnNames(), t));
        StreamedFile streamed = streamed(file, header, columns[0], columns[1], true, codes.orElse(null));
        List<List<String>> levels = codes.isPresent() ? trained.orElseThrow().levels() : levels(file, columns[0]);
        if (levels.stream().anyMatch(l -> !l.isEmpty())) {
            InputColumns c = streamed.inputColumns();
            streamed = new StreamedFile(streamed.rows(), new InputColumns(c.positions(), c.width(), c.names(), levels));
        }
        return Optional.of(streamed);
    }

    /**
     * The rows of a data file to apply a model to, read in blocks: the input columns as {@link #loadFor} finds them;
     * empty when the argument is not a file.
     */
    public Optional<StreamedFile> rowsFor(Model model, String ref, String inputs, String outputs) {
        Path file = Path.of(ref);
        if (!file.toFile().exists()) {
            return Optional.empty();
        }
        Table header = header(file);
        Optional<InputColumns> fitted = model.inputColumns();
        int[] in = inputs == null && fitted.isPresent() ? ModelColumns.positions(ref, header, fitted.get())
                : columns(ref, header.columnNames(), header.outputColumns(), inputs, outputs)[0];
        LevelCodes codes = fitted.flatMap(f -> codes(ref, in, header.columnNames(), f)).orElse(null);
        StreamedFile streamed = streamed(file, header, in, new int[0], false, codes);
        fitted.ifPresent(f -> ModelColumns.checkNames(ref, streamed.inputColumns(), f));
        return Optional.of(streamed);
    }

    /**
     * Columns of a data file copied beside its predictions ({@code okl predict --keep}).
     *
     * @param positions their 0-based positions in the file, in the order asked
     * @param names     their names (c0, c1, ... when the file has none)
     * @param levels    per column the levels of a text column (a row holds its text's index), else empty
     */
    public record Keys(int[] positions, List<String> names, List<List<String>> levels) {

        /** Whether any kept column holds text. */
        public boolean text() {
            return levels.stream().anyMatch(l -> !l.isEmpty());
        }
    }

    /**
     * The key columns {@code keep} selects in a data file, with the levels of those that hold text (found by
     * opening the file and reading its first block of those columns).
     *
     * @throws UsageException when the argument is not a file or a column is not in it
     */
    public Keys keys(String ref, String keep) {
        Path file = Path.of(ref);
        if (!file.toFile().exists()) {
            throw new UsageException("--keep applies to data files; " + ref + " is not one");
        }
        Table header = header(file);
        int[] positions = select("--keep", keep, header.columnNames());
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        try (TableStream stream = okl.tables().open(file)) {
            stream.project(positions);
            stream.next(1);
            for (int j : positions) {
                names.add(header.columnNames().get(j));
                levels.add(stream.levels(j));
            }
        }
        return new Keys(positions, names, levels);
    }

    /**
     * As {@link #rowsFor(Model, String, String, String)}, the rows' outputs being the key columns to copy beside
     * the predictions that are not input columns (each once; a parser reads a column once per block).
     */
    public Optional<StreamedFile> rowsFor(Model model, String ref, String inputs, String outputs, Keys keys) {
        Path file = Path.of(ref);
        Table header = header(file);
        Optional<InputColumns> fitted = model.inputColumns();
        int[] in = inputs == null && fitted.isPresent() ? ModelColumns.positions(ref, header, fitted.get())
                : columns(ref, header.columnNames(), header.outputColumns(), inputs, outputs)[0];
        int[] out = Arrays.stream(keys.positions()).filter(j -> !contains(in, j)).distinct().toArray();
        LevelCodes codes = fitted.flatMap(f -> codes(ref, in, header.columnNames(), f)).orElse(null);
        StreamedFile streamed = streamed(file, header, in, out, false, codes);
        fitted.ifPresent(f -> ModelColumns.checkNames(ref, streamed.inputColumns(), f));
        return Optional.of(streamed);
    }

    /** The file's column names and marks, without its rows (a table of no row). */
    private Table header(Path file) {
        try (TableStream stream = okl.tables().open(file)) {
            List<String> names = stream.columnNames();
            return new Table(Matrix.zeros(0, names.size()), names, stream.outputColumns(), stream.namedColumns());
        }
    }

    /**
     * The levels of a file's text input columns (one list per column, empty for a column of numbers), found by
     * opening the file and reading its first block of those columns.
     */
    private List<List<String>> levels(Path file, int[] in) {
        List<List<String>> levels = new ArrayList<>();
        try (TableStream stream = okl.tables().open(file)) {
            stream.project(in);
            stream.next(1);
            for (int j : in) {
                levels.add(stream.levels(j));
            }
        }
        return levels;
    }

    /**
     * How the model's text columns are coded in a file whose input columns are at {@code in}: by the levels the model
     * kept (empty when it kept none, or the given columns are not the fitted ones).
     */
    private static Optional<LevelCodes> codes(String ref, int[] in, List<String> names, InputColumns fitted) {
        if (fitted.levels().isEmpty() || fitted.levels().size() != in.length) {
            return Optional.empty();
        }
        return LevelCodes.of(ref, in, names, fitted.levels());
    }

    /**
     * A table read whole with its text columns at {@code in} coded by the levels of {@code trained}'s columns (the
     * k-th by the k-th), those columns' levels then being the trained ones; the table as read when there is nothing
     * to code.
     */
    private static Table coded(String ref, Table table, int[] in, InputColumns trained) {
        Optional<LevelCodes> codes = codes(ref, in, table.columnNames(), trained);
        if (codes.isEmpty() || table.levels().isEmpty()) {
            return table;
        }
        codes.get().recode(table);
        List<List<String>> levels = new ArrayList<>(table.levels());
        for (int k = 0; k < in.length; k++) {
            if (!levels.get(in[k]).isEmpty() && !trained.levels().get(k).isEmpty()) {
                levels.set(in[k], trained.levels().get(k));
            }
        }
        return new Table(table.values(), table.columnNames(), table.outputColumns(), table.namedColumns(), levels);
    }

    /**
     * The rows of a file; {@code cached} when a fit reads them several times (a prediction reads them once), coded by
     * a model's levels when {@code codes} is not {@code null}.
     */
    private StreamedFile streamed(Path file, Table header, int[] in, int[] out, boolean cached, LevelCodes codes) {
        List<String> names = new ArrayList<>();
        if (header.namedColumns()) {
            for (int j : in) {
                names.add(header.columnNames().get(j));
            }
        }
        return new StreamedFile(new FileRows(file, okl.tables(), in, out, cached, okl.workers(), codes),
                new InputColumns(in, header.columnNames().size(), names));
    }

    /** Whether a data argument names a data set that ships a test split. */
    public boolean hasTestSplit(String ref) {
        if (Path.of(ref).toFile().exists()) {
            return false;
        }
        DataRef data = DataRef.parse(ref);
        return okl.registry().components(ComponentKind.DATASET).containsKey(data.name())
                && dataset(data).test().isPresent();
    }

    private LoadedData fromDataset(String ref, DataRef data) {
        Dataset d = dataset(data);
        String train = ref.replaceFirst(":(train|test)$", "");
        Dataset.Split split = data.test() ? d.test().orElseThrow(() -> new UsageException(
                "data set '" + data.name() + "' has no test split; use " + train + " with --cv")) : d.train();
        int p = split.inputs().cols();
        List<String> names = d.inputNames().size() == p ? d.inputNames() : List.of();
        List<String> outputNames = d.outputNames().size() == split.outputs().cols() ? d.outputNames() : List.of();
        return new LoadedData(ref, split.inputs(), Optional.of(split.outputs()), split.groups(), outputNames,
                new InputColumns(IntStream.range(0, p).toArray(), p, names));
    }

    private Dataset dataset(DataRef data) {
        return okl.dataset(data.source());
    }

    /** The input and output columns {@code inputs} and {@code outputs} select among a file's columns. */
    private static int[][] columns(String ref, List<String> names, int[] marked, String inputs, String outputs) {
        int[] out = outputs != null ? select("--outputs", outputs, names) : marked;
        int[] in;
        if (inputs != null) {
            in = select("--inputs", inputs, names);
        } else {
            List<Integer> rest = new ArrayList<>();
            for (int j = 0; j < names.size(); j++) {
                if (!contains(out, j)) {
                    rest.add(j);
                }
            }
            in = rest.stream().mapToInt(Integer::intValue).toArray();
        }
        if (in.length == 0) {
            throw new UsageException(ref + ": no input columns selected");
        }
        for (int j : in) {
            if (contains(out, j)) {
                throw new UsageException(ref + ": column " + names.get(j) + " is selected as input and output");
            }
        }
        return new int[][] {in, out};
    }

    /** The rows of a table with the given input and output columns. */
    private static LoadedData select(String ref, Table table, int[] in, int[] out) {
        List<String> names = table.columnNames();
        Matrix values = table.values();
        List<String> outNames = new ArrayList<>();
        for (int j : out) {
            if (table.namedColumns()) {
                outNames.add(names.get(j));
            }
        }
        List<String> inNames = new ArrayList<>();
        List<List<String>> inLevels = new ArrayList<>();
        for (int j : in) {
            if (table.namedColumns()) {
                inNames.add(names.get(j));
            }
            if (!table.levels().isEmpty()) {
                inLevels.add(table.levels().get(j));
            }
        }
        boolean nominal = inLevels.stream().anyMatch(l -> !l.isEmpty());
        return new LoadedData(ref, values.selectColumns(in),
                out.length == 0 ? Optional.empty() : Optional.of(values.selectColumns(out)), Optional.empty(),
                outNames, new InputColumns(in, names.size(), inNames, nominal ? inLevels : List.of()));
    }

    private static int[] select(String option, String text, List<String> names) {
        try {
            return ColumnSelection.parse(text).resolve(names);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }
}
