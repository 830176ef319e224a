package org.okl.datasets.source;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.datasets.io.CsvReader;

/**
 * scikit-learn's small classification tables ({@code iris}, {@code wine}, {@code breast-cancer}): a first line
 * {@code rows,features,class names...}, then one row per sample, its features and the class index. The first line is
 * checked against the table's known shape and class names, then replaced by a header of the features' names, so the
 * CSV reader's line numbers are the file's.
 */
final class ClassTables {
    /** The breast-cancer features: ten measurements, each as its mean, standard error and worst value. */
    private static final List<String> CELL_MEASURES = List.of("radius", "texture", "perimeter", "area", "smoothness",
            "compactness", "concavity", "concave points", "symmetry", "fractal dimension");

    /** A table: its id, file, feature names and class names as the file's first line gives them. */
    record Spec(String id, String file, List<String> features, List<String> classes) {
    }

    static final Spec IRIS = new Spec("iris", "iris.csv.gz", List.of("sepal length (cm)", "sepal width (cm)",
            "petal length (cm)", "petal width (cm)"), List.of("setosa", "versicolor", "virginica"));
    static final Spec WINE = new Spec("wine", "wine_data.csv.gz", List.of("alcohol", "malic_acid", "ash",
            "alcalinity_of_ash", "magnesium", "total_phenols", "flavanoids", "nonflavanoid_phenols",
            "proanthocyanins", "color_intensity", "hue", "od280/od315_of_diluted_wines", "proline"),
            List.of("class_0", "class_1", "class_2"));
    static final Spec BREAST_CANCER = new Spec("breast-cancer", "breast_cancer.csv.gz", cellFeatures(),
            List.of("malignant", "benign"));

    private ClassTables() {
    }

    /** Reads a table of the folder as a multi-class data set with no test split. */
    static Dataset load(DataFolder folder, Spec spec, int rows, String source) {
        return folder.read(spec.file(), (in, name) -> parse(in, name, spec, rows, source));
    }

    static Dataset parse(InputStream in, String name, Spec spec, int rows, String source) {
        String first = firstLine(in, name);
        String[] fields = first.split(",", -1);
        int p = spec.features().size();
        String expected = rows + "," + p + "," + String.join(",", spec.classes());
        if (!first.equals(expected)) {
            throw new DataFormatException(name, 1, "1", "expected the line " + UserText.quote(expected)
                    + " (rows, features, class names), found " + UserText.quote(first) + " (" + fields.length
                    + " fields)");
        }
        String header = String.join(",", spec.features()) + ",class\n";
        Table t = CsvReader.forKnownFiles().read(new SequenceInputStream(
                new ByteArrayInputStream(header.getBytes(StandardCharsets.UTF_8)), in), name);
        Matrix v = t.values();
        if (v.cols() != p + 1 || v.rows() != rows) {
            throw new DataFormatException(name, "expected " + rows + " rows x " + (p + 1) + " columns after the "
                    + "first line, found " + v.rows() + " x " + v.cols());
        }
        for (int i = 0; i < rows; i++) {
            double c = v.get(i, p);
            if (c != Math.rint(c) || c < 0 || c >= spec.classes().size()) {
                throw new DataFormatException(name, i + 2, String.valueOf(p + 1), "class " + c + " is not one of 0.."
                        + (spec.classes().size() - 1));
            }
        }
        return new Dataset(spec.id(), Dataset.Task.MULTI_CLASS, new Dataset.Split(v.columnRange(0, p),
                v.columnRange(p, p + 1)), Optional.empty(), spec.features(), List.of("class"), source);
    }

    /** The first line, without its line end (ASCII; at most 4,096 bytes: these tables' first lines are short). */
    private static String firstLine(InputStream in, String name) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new DataFormatException(name, line.size() == 0 ? "empty file" : "no data rows");
                }
                if (line.size() >= 4096) {
                    throw new DataFormatException(name, 1, "1", "the first line is longer than 4,096 bytes");
                }
                line.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    private static List<String> cellFeatures() {
        List<String> out = new ArrayList<>();
        CELL_MEASURES.forEach(m -> out.add("mean " + m));
        CELL_MEASURES.forEach(m -> out.add(m + " error"));
        CELL_MEASURES.forEach(m -> out.add("worst " + m));
        return List.copyOf(out);
    }
}
