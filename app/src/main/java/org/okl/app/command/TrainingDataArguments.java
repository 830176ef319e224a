package org.okl.app.command;

import java.util.Optional;
import org.okl.app.data.DataLoader;
import org.okl.app.data.LoadedData;
import org.okl.core.TrainingData;

/** Builds training data from the data options shared by {@code fit} and {@code evaluate}. */
final class TrainingDataArguments {
    private TrainingDataArguments() {
    }

    /** Labelled data from {@code data}, plus unlabelled inputs and outputs from {@code unlabelled} if given. */
    static TrainingData build(DataLoader loader, String data, String inputs, String outputs, String unlabelled) {
        LoadedData labelled = loader.load(data, inputs, outputs);
        Optional<LoadedData> extra = Optional.ofNullable(unlabelled).map(u -> loader.load(u, inputs, outputs));
        return of(labelled, extra);
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
}
