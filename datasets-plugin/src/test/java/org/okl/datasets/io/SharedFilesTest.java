package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.datasets.Contexts;

/** The readers on the project's real benchmark files (shapes as their SOURCE.md files state). */
class SharedFilesTest {
    private static final Path DATA = Contexts.SHARED_DATA;

    @BeforeAll
    static void requireSharedData() {
        assumeTrue(Files.isDirectory(DATA), "shared data sets not present");
    }

    private static void assertShape(Table t, int rows, int cols, int outputs) {
        assertThat(t.values().rows()).isEqualTo(rows);
        assertThat(t.values().cols()).isEqualTo(cols);
        assertThat(t.outputColumns()).hasSize(outputs);
        assertThat(t.values().isFinite()).isTrue();
    }

    @Test
    void yeastMulanWithLabelFileOfTheBaseName() {
        Table train = Readers.read(DATA.resolve("yeast/yeast-train.arff"));
        assertShape(train, 1500, 117, 14);
        assertThat(train.outputColumns()).containsExactly(103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
                114, 115, 116);
        assertThat(train.columnNames().get(103)).isEqualTo("Class1");
        assertShape(Readers.read(DATA.resolve("yeast/yeast-test.arff")), 917, 117, 14);
    }

    @Test
    void enronSparse() {
        Table t = Readers.read(DATA.resolve("enron/enron-train.arff"));
        assertShape(t, 1123, 1054, 53);
        // labels are listed in the order of enron.xml, which differs from the attribute order
        assertThat(Arrays.stream(t.outputColumns()).sorted().toArray()).isEqualTo(
                java.util.stream.IntStream.range(1001, 1054).toArray());
        assertThat(t.columnNames().get(t.outputColumns()[0])).isEqualTo("A.A1");
        // first row starts {1 1,4 1,5 1,7 1,...}
        assertThat(Arrays.copyOf(t.values().row(0), 8)).containsExactly(0, 1, 0, 0, 1, 1, 0, 1);
        assertShape(Readers.read(DATA.resolve("enron/enron-test.arff")), 579, 1054, 53);
    }

    @Test
    void emotionsAndScene() {
        assertShape(Readers.read(DATA.resolve("emotions/emotions-train.arff")), 391, 78, 6);
        assertShape(Readers.read(DATA.resolve("emotions/emotions-test.arff")), 202, 78, 6);
        assertShape(Readers.read(DATA.resolve("scene/scene-train.arff")), 1211, 300, 6);
        assertShape(Readers.read(DATA.resolve("scene/scene-test.arff")), 1196, 300, 6);
    }

    @Test
    void uspsEslFiles() {
        Table train = Readers.read(DATA.resolve("usps/zip.train.gz"));
        assertShape(train, 7291, 257, 1);
        // first line: 6 -1 -1 -1 -1 -1 -1 -1 -0.631 0.862 ...
        assertThat(Arrays.copyOf(train.values().row(0), 10)).containsExactly(6, -1, -1, -1, -1, -1, -1, -1,
                -0.631, 0.862);
        Table test = Readers.read(DATA.resolve("usps/zip.test.gz"));
        assertShape(test, 2007, 257, 1);
        assertThat(test.values().get(0, 0)).isEqualTo(9);
    }

    @Test
    void csvFiles() {
        Table mnist = Readers.read(DATA.resolve("mnist-10k/mnist10k.csv.gz"));
        assertShape(mnist, 10000, 785, 0);
        assertThat(mnist.columnNames().get(0)).isEqualTo("label");
        assertThat(mnist.columnNames().get(784)).isEqualTo("p783");
        Table digits = Readers.read(DATA.resolve("sklearn-digits/digits.csv.gz"));
        assertShape(digits, 1797, 65, 0);
        assertThat(digits.columnNames().get(0)).isEqualTo("c0");
        Table meats = Readers.read(DATA.resolve("tecator/meats.csv"));
        assertShape(meats, 215, 103, 0);
        assertThat(meats.columnNames().subList(100, 103)).containsExactly("water", "fat", "protein");
        Table linnerud = Readers.read(DATA.resolve("linnerud/linnerud_exercise.csv"));
        assertShape(linnerud, 20, 3, 0);
        assertThat(linnerud.values().row(0)).containsExactly(5, 162, 60);
    }

    @Test
    void multiTargetArffWithNominalInputs() {
        Table jura = Readers.read(DATA.resolve("jura/jura.arff"));
        assertShape(jura, 359, 18, 0);
        assertThat(jura.values().row(0)).containsExactly(2.386, 3.077, 0, 0, 1, 0, 0, 0, 1, 0, 0, 38.32, 21.32,
                77.36, 92.56, 1.74, 9.32, 25.72);
        Table sf1 = Readers.read(DATA.resolve("mtr-uci/sf1.arff"));
        assertShape(sf1, 323, 13, 0);
        // first row "C, S, O, 1, 2, 1, 1, 2, 1, 2, 0, 0, 0": C is index 2 of {A,B,C,...}, S index 2 of {X,R,S,...}
        assertThat(sf1.values().row(0)).containsExactly(2, 2, 1, 1, 2, 1, 1, 2, 1, 2, 0, 0, 0);
    }

    @Test
    void categoricalCsvIsRejectedWithLineAndField() {
        assertThatThrownBy(() -> Readers.read(DATA.resolve("school-exam/exam.csv")))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("exam.csv:2: field 3 ('schgend'): not a number: 'mixed'");
    }
}
