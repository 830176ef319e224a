package org.okl.app.command;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.okl.api.rows.RowSource;
import org.okl.app.data.DataLoader;
import org.okl.app.data.LoadedData;
import org.okl.core.FitPlan;
import org.okl.core.InputColumns;
import org.okl.core.TrainingData;

/** Builds training data from the data options shared by {@code fit} and {@code evaluate}. */
final class TrainingDataArguments {
    private TrainingDataArguments() {
    }

    /**
     * Labelled data already loaded, plus the unlabelled part; the input columns and output names are remembered for
     * prediction.
     */
    static TrainingData of(LoadedData labelled, Optional<LoadedData> extra) {
        return TrainingData.builder(labelled.inputs(), labelled.requireOutputs())
                .groups(labelled.groups().orElse(null))
                .unlabelledInputs(extra.map(LoadedData::inputs).orElse(null))
                .unlabelledOutputs(extra.flatMap(LoadedData::outputs).orElse(null))
                .inputColumns(labelled.inputColumns())
                .outputNames(labelled.outputNames())
                .build();
    }

    /**
     * The training data of a command as a plan reads them ({@link FitPlan.Source}): a data file's rows in blocks
     * (opened when the plan asks, its header read), or the data read whole with the unlabelled part. With unlabelled
     * data, or when {@code alsoFile} says the other file is not a file, the rows are not offered in blocks. The
     * unlabelled data's text input columns are coded by the levels of the labelled data's, as {@code okl predict}
     * codes a file by a model's ({@link DataLoader#load(String, String, String, Optional)}).
     *
     * @param unlabelled the unlabelled data (a file or data set), or {@code null}
     * @param alsoFile   whether the other file that must stream with these rows (the test file of a train/test
     *                   evaluation) is a file, asked after these rows are opened and only when they have outputs; or
     *                   {@code null}
     */
    static FitPlan.Source source(DataLoader loader, String data, String inputs, String outputs, String unlabelled,
            BooleanSupplier alsoFile) {
        return new FitPlan.Source() {
            private Optional<DataLoader.StreamedFile> file;

            @Override
            public Optional<RowSource> rows() {
                if (file == null) {
                    file = unlabelled != null ? Optional.empty() : loader.rows(data, inputs, outputs);
                    if (file.isPresent() && file.get().rows().outputDimension() > 0 && alsoFile != null
                            && !alsoFile.getAsBoolean()) {
                        file = Optional.empty();
                    }
                }
                return file.map(DataLoader.StreamedFile::rows);
            }

            @Override
            public Optional<InputColumns> inputColumns() {
                return file == null ? Optional.empty() : file.map(DataLoader.StreamedFile::inputColumns);
            }

            @Override
            public TrainingData load(String why) {
                LoadedData labelled = loader.load(data, inputs, outputs);
                return of(labelled, Optional.ofNullable(unlabelled)
                        .map(u -> loader.load(u, inputs, outputs, Optional.of(labelled.inputColumns()))));
            }
        };
    }
}
