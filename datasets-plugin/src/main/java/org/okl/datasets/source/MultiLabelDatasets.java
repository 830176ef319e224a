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

    /**
     * Loads {@code <base>-train.arff[.gz]}, {@code <base>-test.arff[.gz]} and {@code <base>.xml} of a folder.
     *
     * @param gz whether the ARFF files are gzipped (bundled copies are)
     */
    static Dataset load(DataFolder folder, String id, String base, boolean gz, String source) {
        String xml = base + ".xml";
        List<String> labels = folder.read(xml, MulanLabels::read);
        String suffix = gz ? ".arff.gz" : ".arff";
        Table train = readArff(folder, base + "-train" + suffix, labels, xml);
        Table test = readArff(folder, base + "-test" + suffix, labels, xml);
        if (!train.columnNames().equals(test.columnNames())) {
            throw new DataFormatException(folder.describe(base + "-test" + suffix),
                    "its attributes differ from those of " + folder.describe(base + "-train" + suffix));
        }
        int[] outputs = train.outputColumns();
        int[] inputs = Columns.complement(train.values().cols(), outputs);
        return new Dataset(id, Dataset.Task.MULTI_LABEL, Columns.split(train.values(), inputs, outputs),
                Optional.of(Columns.split(test.values(), inputs, outputs)), Columns.names(train, inputs),
                Columns.names(train, outputs), source);
    }

    private static Table readArff(DataFolder folder, String file, List<String> labels, String xml) {
        ArffReader reader = new ArffReader();
        return folder.read(file, (in, name) -> reader.read(in, name, Optional.of(labels), folder.describe(xml)));
    }
}
