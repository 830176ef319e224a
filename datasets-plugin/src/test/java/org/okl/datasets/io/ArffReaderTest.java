package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;

class ArffReaderTest {
    private static final String HEADER = """
            % a comment
            @relation 'toy'
            @attribute 'first x' numeric
            @attribute shape {A,B,C}
            @attribute level {1,2}
            @attribute l1 {0,1}
            @attribute l2 {0,1}
            @data
            """;
    private static final String LABELS_XML = """
            <?xml version="1.0" encoding="utf-8"?>
            <labels xmlns="http://mulan.sourceforge.net/labels">
            <label name="l1"></label>
            <label name="l2"></label>
            </labels>
            """;

    @TempDir
    Path dir;

    private final ArffReader reader = new ArffReader();

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsDenseRowsWithNominalValuesAndMissing() throws IOException {
        Table t = reader.read(write("toy.arff", HEADER + "1.5,B,2,1,0\n\n% comment\n?, 'C', 1, 0, 1\n"));
        assertThat(t.columnNames()).containsExactly("first x", "shape", "level", "l1", "l2");
        // nominal {A,B,C} -> index 0,1,2; nominal {1,2} -> the numbers themselves; {0,1} -> 0/1
        assertThat(t.values().row(0)).containsExactly(1.5, 1, 2, 1, 0);
        assertThat(t.values().get(1, 0)).isNaN();
        assertThat(t.values().get(1, 1)).isEqualTo(2);
        assertThat(t.outputColumns()).isEmpty();
    }

    @Test
    void readsSparseRowsZeroBased() throws IOException {
        Table t = reader.read(write("sparse.arff", HEADER + "{0 2.5,3 1}\n{}\n{1 C,2 2,4 1}\n"));
        assertThat(t.values().row(0)).containsExactly(2.5, 0, 1, 1, 0);
        // absent nominal attribute = its first declared value: shape A -> 0, level 1 -> 1
        assertThat(t.values().row(1)).containsExactly(0, 0, 1, 0, 0);
        assertThat(t.values().row(2)).containsExactly(0, 2, 2, 0, 1);
    }

    @Test
    void mulanLabelsFromSiblingXml() throws IOException {
        write("toy.xml", LABELS_XML);
        Table t = reader.read(write("toy-train.arff", HEADER + "1,A,1,1,1\n"));
        assertThat(t.outputColumns()).containsExactly(3, 4);
        Table same = reader.read(write("toy.arff", HEADER + "1,A,1,1,1\n"));
        assertThat(same.outputColumns()).containsExactly(3, 4);
    }

    @Test
    void gzippedMulanFileFindsItsLabelFile() throws IOException {
        write("Toy.xml", LABELS_XML);
        Path p = dir.resolve("Toy-test.arff.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(p))) {
            out.write((HEADER + "1,A,1,0,1\n").getBytes(StandardCharsets.UTF_8));
        }
        Table t = Readers.read(p);
        assertThat(t.outputColumns()).containsExactly(3, 4);
        assertThat(t.values().row(0)).containsExactly(1, 0, 1, 0, 1);
    }

    @Test
    void mekaLabelsFirstOrLast() throws IOException {
        String first = HEADER.replace("@relation 'toy'", "@relation 'Toy: -C 2 -R'");
        assertThat(reader.read(write("m1.arff", first + "1,A,1,1,1\n")).outputColumns()).containsExactly(0, 1);
        String last = HEADER.replace("@relation 'toy'", "@relation 'Toy: -C -3'");
        assertThat(reader.read(write("m2.arff", last + "1,A,1,1,1\n")).outputColumns()).containsExactly(2, 3, 4);
    }

    @Test
    void readMulanNeedsTheLabelFile() throws IOException {
        Path arff = write("x.arff", HEADER + "1,A,1,1,1\n");
        assertThatThrownBy(() -> reader.readMulan(arff, dir.resolve("x.xml"))).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("x.xml: file not found");
        Path bad = write("bad.xml", LABELS_XML.replace("\"l2\"", "\"nope\""));
        assertThatThrownBy(() -> reader.readMulan(arff, bad)).hasMessageContaining("bad.xml")
                .hasMessageContaining("label 'nope' is not an attribute");
        Path notXml = write("junk.xml", "not xml");
        assertThatThrownBy(() -> reader.readMulan(arff, notXml)).hasMessageContaining("junk.xml: not a valid Mulan");
    }

    @Test
    void reportsWrongValueCounts() throws IOException {
        Path p = write("short.arff", HEADER + "1,A,1,1,1\n1,A,1,1\n");
        assertThatThrownBy(() -> reader.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("short.arff:10: field 5 ('l2')")
                .hasMessageContaining("4 values, but the header declares 5 attributes");
    }

    @Test
    void reportsBadValues() throws IOException {
        assertThatThrownBy(() -> reader.read(write("v.arff", HEADER + "x,A,1,1,1\n")))
                .hasMessageContaining("v.arff:9: field 1 ('first x'): not a number: 'x'");
        assertThatThrownBy(() -> reader.read(write("nan.arff", HEADER + "NaN,A,1,1,1\n")))
                .hasMessageContaining("nan.arff:9: field 1 ('first x')").hasMessageContaining("non-finite");
        assertThatThrownBy(() -> reader.read(write("nom.arff", HEADER + "1,D,1,1,1\n")))
                .hasMessageContaining("nom.arff:9: field 2 ('shape')")
                .hasMessageContaining("'D' is not one of the declared nominal values");
    }

    @Test
    void reportsSparseIndexOutOfRange() throws IOException {
        Path p = write("s.arff", HEADER + "{0 1,5 1}\n");
        assertThatThrownBy(() -> reader.read(p)).hasMessageContaining("s.arff:9: field entry 2")
                .hasMessageContaining("sparse index 5 out of range");
        assertThatThrownBy(() -> reader.read(write("s2.arff", HEADER + "{3 1,1 B}\n")))
                .hasMessageContaining("s2.arff:9: field entry 2").hasMessageContaining("does not increase");
        assertThatThrownBy(() -> reader.read(write("s3.arff", HEADER + "{x 1}\n")))
                .hasMessageContaining("s3.arff:9: field entry 1").hasMessageContaining("not a whole number");
    }

    @Test
    void reportsHeaderProblems() throws IOException {
        assertThatThrownBy(() -> reader.read(write("t.arff", "@relation r\n@attribute a foo\n@data\n1\n")))
                .hasMessageContaining("t.arff:2: field attribute 1 ('a'): unknown attribute type 'foo'");
        assertThatThrownBy(() -> reader.read(write("str.arff", "@relation r\n@attribute a string\n@data\nx\n")))
                .hasMessageContaining("str.arff:2:").hasMessageContaining("not numeric");
        assertThatThrownBy(() -> reader.read(write("nodata.arff", "@relation r\n@attribute a numeric\n")))
                .hasMessageContaining("nodata.arff:2: field @data: the header has no @data line");
        assertThatThrownBy(() -> reader.read(write("rows.arff", "@relation r\n@attribute a numeric\n@data\n")))
                .hasMessageContaining("rows.arff: no data rows");
        assertThatThrownBy(() -> reader.read(write("empty.arff", "")))
                .hasMessageContaining("empty.arff: empty file");
        assertThatThrownBy(() -> reader.read(write("junk.arff", "hello\n")))
                .hasMessageContaining("junk.arff:1: field 1: expected @relation");
        assertThatThrownBy(() -> reader.read(dir.resolve("none.arff"))).hasMessageContaining("none.arff: file not found");
    }
    @Test
    void twoAttributesOfOneNameAreRefused() throws IOException {
        Path file = write("dup.arff", "@relation r\n@attribute x numeric\n@attribute 'y' numeric\n"
                + "@attribute z {a,b}\n@attribute \"y\" numeric\n@data\n1,2,a,3\n");
        assertThatThrownBy(() -> reader.read(file)).isInstanceOf(DataFormatException.class)
                .hasMessage(file + ": columns 2 and 4 are both named 'y'; OKL chooses columns by name, so every "
                        + "column needs a name of its own: rename one of them");
        assertThat(reader.read(write("distinct.arff", "@relation r\n@attribute x numeric\n@attribute 'y' numeric\n"
                + "@attribute z {a,b}\n@attribute \"Y\" numeric\n@data\n1,2,a,3\n")).columnNames())
                .containsExactly("x", "y", "z", "Y");
    }
}
