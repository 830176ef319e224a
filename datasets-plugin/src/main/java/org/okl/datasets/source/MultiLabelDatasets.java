package org.okl.datasets.source;

import java.util.List;
import java.util.Optional;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.datasets.io.ArffReader;
import org.okl.datasets.io.MulanLabels;

/**
 * Mulan multi-label data sets with their shipped train/test split ({@code <id>-train.arff}, {@code <id>-test.arff},
 * labels named in {@code <id>.xml}): inputs are the non-label attributes, outputs the {0,1} labels.
 */
final class MultiLabelDatasets {

    private MultiLabelDatasets() {
    }

    /** Loads {@code <base>-train.arff}, {@code <base>-test.arff} and {@code <base>.xml} of a folder (each maybe .gz). */
    static Dataset load(DataFolder folder, String id, String base, String source) {
        String xml = base + ".xml";
        List<String> labels = folder.read(xml, MulanLabels::read);
        Table train = readArff(folder, base + "-train.arff", labels, xml);
        Table test = readArff(folder, base + "-test.arff", labels, xml);
        if (!train.columnNames().equals(test.columnNames())) {
            throw new DataFormatException(folder.describeFile(base + "-test.arff"),
                    "its attributes differ from those of " + folder.describeFile(base + "-train.arff"));
        }
        int[] outputs = train.outputColumns();
        int[] inputs = Columns.complement(train.values().cols(), outputs);
        return new Dataset(id, Dataset.Task.MULTI_LABEL, Columns.split(train.values(), inputs, outputs),
                Optional.of(Columns.split(test.values(), inputs, outputs)), Columns.names(train, inputs),
                Columns.names(train, outputs), source);
    }

    private static Table readArff(DataFolder folder, String file, List<String> labels, String xml) {
        ArffReader reader = new ArffReader();
        return folder.read(file, (in, name) -> reader.read(in, name, Optional.of(labels), folder.describeFile(xml)));
    }
}
