package org.okl.datasets.source;

import java.util.Optional;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.datasets.io.ArffReader;
import org.okl.datasets.io.CsvReader;

/** Multi-output regression data sets: Linnerud, tecator, and Mulan's multi-target ARFF files. */
final class RegressionDatasets {

    private RegressionDatasets() {
    }

    /** Linnerud: exercise (Chins, Situps, Jumps) → physiological (Weight, Waist, Pulse), 20 men, no test split. */
    static Dataset linnerud(DataFolder folder, String source) {
        CsvReader reader = CsvReader.forKnownFiles();
        Table x = folder.read("linnerud_exercise.csv.gz", reader::read);
        Table y = folder.read("linnerud_physiological.csv.gz", reader::read);
        if (x.values().rows() != y.values().rows()) {
            throw new DataFormatException(folder.describeFile("linnerud_physiological.csv.gz"), y.values().rows()
                    + " rows, but the exercise file has " + x.values().rows());
        }
        return Columns.dataset("linnerud", Dataset.Task.REGRESSION, new Dataset.Split(x.values(), y.values()),
                x.columnNames(), y.columnNames(), source);
    }

    /**
     * Tecator (meats.csv): 100 absorbances → water, fat, protein. The StatLib split has training rows 1-129,
     * monitoring rows 130-172 and test rows 173-215; here train = rows 1-172 (training and monitoring, as commonly
     * used), test = rows 173-215.
     */
    static Dataset tecator(DataFolder folder, String source) {
        Table t = folder.read("meats.csv", CsvReader.forKnownFiles()::read);
        if (t.values().cols() != 103 || t.values().rows() != 215) {
            throw new DataFormatException(folder.describeFile("meats.csv"), "expected 215 rows x 103 columns, found "
                    + t.values().rows() + " x " + t.values().cols());
        }
        int[] inputs = Columns.range(0, 100);
        int[] outputs = Columns.range(100, 103);
        return new Dataset("tecator", Dataset.Task.REGRESSION, Columns.split(t.values(), inputs, outputs, 0, 172),
                Optional.of(Columns.split(t.values(), inputs, outputs, 172, 215)), Columns.names(t, inputs),
                Columns.names(t, outputs), source);
    }

    /**
     * A Mulan multi-target ARFF file whose targets are the last {@code targets} attributes. Nominal inputs (the
     * solar-flare sets) are read as {@link ArffReader} says: their numbers, or the index of the value.
     *
     * @param trainRows rows [0, trainRows) form the training split and the rest the test split; 0 for no test split
     */
    static Dataset multiTarget(DataFolder folder, String id, String file, int targets, int trainRows,
            String source) {
        Table t = folder.read(file, (in, name) -> new ArffReader().read(in, name, Optional.empty(), ""));
        int p = t.values().cols();
        if (p <= targets) {
            throw new DataFormatException(folder.describeFile(file), p + " attributes, but " + targets
                    + " targets expected after the inputs");
        }
        int n = t.values().rows();
        if (trainRows >= n) {
            throw new DataFormatException(folder.describeFile(file), n + " rows, expected more than " + trainRows);
        }
        int[] inputs = Columns.range(0, p - targets);
        int[] outputs = Columns.range(p - targets, p);
        Optional<Dataset.Split> test = trainRows == 0 ? Optional.empty()
                : Optional.of(Columns.split(t.values(), inputs, outputs, trainRows, n));
        return new Dataset(id, Dataset.Task.REGRESSION,
                Columns.split(t.values(), inputs, outputs, 0, trainRows == 0 ? n : trainRows), test,
                Columns.names(t, inputs), Columns.names(t, outputs), source);
    }
}
