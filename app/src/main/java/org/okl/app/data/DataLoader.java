package org.okl.app.data;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.Table;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.app.UsageException;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;
import org.okl.core.memory.MemoryBudget;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.datasets.io.ColumnSelection;

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
        Path file = Path.of(ref);
        if (file.toFile().exists()) {
            MemoryBudget.activity("the rows of " + ref + " read whole (" + MemoryBudget.describe(file.toFile().length())
                    + " on disk)", "stream the file instead: a pipeline with a kernel sketch (\"approximation\") "
                    + "reads data files in blocks");
            return fromTable(ref, okl.tables().read(file), inputs, outputs);
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
        return new LoadedData(ref, split.inputs(), Optional.of(split.outputs()), split.groups(), d.outputNames());
    }

    private Dataset dataset(DataRef data) {
        DatasetSource source = okl.create(DatasetSource.class, data.source());
        if (!source.isAvailable(okl.context())) {
            throw new OklException(ErrorCode.INVALID_DATA, "data set '" + data.name() + "' is not available here;"
                    + " it is expected at " + source.expectedLocation(okl.context()) + " (set --data-dir or OKL_DATA)");
        }
        return source.load(okl.context());
    }

    /**
     * The rows of a data file to read in blocks, with the selected columns, or empty when the argument is not a file
     * (a data set name is loaded whole).
     *
     * @param ref     a file path or a data set name
     * @param inputs  the input-column selection, or {@code null} for the default
     * @param outputs the output-column selection, or {@code null} for the default
     */
    public Optional<FileRows> rows(String ref, String inputs, String outputs) {
        Path file = Path.of(ref);
        if (!file.toFile().exists()) {
            return Optional.empty();
        }
        List<String> names;
        int[] marked;
        try (TableStream stream = okl.tables().open(file)) {
            names = stream.columnNames();
            marked = stream.outputColumns();
        }
        Columns columns = columns(ref, names, marked, inputs, outputs);
        return Optional.of(new FileRows(file, okl.tables(), columns.inputs(), columns.outputs()));
    }

    /** The chosen input and output columns of a file. */
    private record Columns(int[] inputs, int[] outputs, List<String> outputNames) {
    }

    private static Columns columns(String ref, List<String> names, int[] marked, String inputs, String outputs) {
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
        List<String> outNames = new ArrayList<>();
        for (int j : out) {
            outNames.add(names.get(j));
        }
        return new Columns(in, out, outNames);
    }

    private static LoadedData fromTable(String ref, Table table, String inputs, String outputs) {
        Columns columns = columns(ref, table.columnNames(), table.outputColumns(), inputs, outputs);
        Matrix values = table.values();
        int[] out = columns.outputs();
        return new LoadedData(ref, values.selectColumns(columns.inputs()),
                out.length == 0 ? Optional.empty() : Optional.of(values.selectColumns(out)), Optional.empty(),
                columns.outputNames());
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
