package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;

class CsvReaderTest {
    @TempDir
    Path dir;

    private final CsvReader reader = new CsvReader();

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsHeaderAndValues() throws IOException {
        Table t = reader.read(write("a.csv", "x,y,\"z\"\n1,2.5,-3e2\n4,,6\n"));
        assertThat(t.columnNames()).containsExactly("x", "y", "z");
        assertThat(t.values().rows()).isEqualTo(2);
        assertThat(t.values().row(0)).containsExactly(1, 2.5, -300);
        assertThat(t.values().get(1, 0)).isEqualTo(4);
        assertThat(t.values().get(1, 1)).isNaN();
        assertThat(t.outputColumns()).isEmpty();
    }

    @Test
    void readsWithoutHeader() throws IOException {
        Table t = reader.read(write("b.csv", "1,2\n3,4\n"));
        assertThat(t.columnNames()).containsExactly("c0", "c1");
        assertThat(t.values().row(1)).containsExactly(3, 4);
    }

    @Test
    void detectsSemicolonTabAndBlankSeparators() throws IOException {
        assertThat(reader.read(write("s.csv", "a;b\n1;2\n")).values().row(0)).containsExactly(1, 2);
        assertThat(reader.read(write("t.tsv", "a\tb\n1\t2\n")).values().row(0)).containsExactly(1, 2);
        Table w = reader.read(write("w.csv", "Chins Situps  Jumps\n5 162   60\n"));
        assertThat(w.columnNames()).containsExactly("Chins", "Situps", "Jumps");
        assertThat(w.values().row(0)).containsExactly(5, 162, 60);
    }

    @Test
    void skipsBlankLinesAndKeepsLineNumbers() throws IOException {
        Path p = write("blank.csv", "a,b\n\n1,2\n\n3,x\n");
        assertThatThrownBy(() -> reader.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("blank.csv:5:").hasMessageContaining("field 2 ('b')")
                .hasMessageContaining("'x'");
    }

    @Test
    void readsGzipTransparently() throws IOException {
        Path p = dir.resolve("g.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("a,b\n7,8\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(reader.read(p).values().row(0)).containsExactly(7, 8);
        assertThat(Readers.read(p).values().row(0)).containsExactly(7, 8);
    }

    @Test
    void rejectsRaggedRows() throws IOException {
        Path p = write("r.csv", "a,b,c\n1,2,3\n4,5\n");
        assertThatThrownBy(() -> reader.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("r.csv:3:").hasMessageContaining("field 3 ('c')")
                .hasMessageContaining("ragged row: 2 fields, expected 3");
    }

    @Test
    void rejectsNonNumericAndNonFiniteText() throws IOException {
        assertThatThrownBy(() -> reader.read(write("n.csv", "a,b\n1,abc\n")))
                .hasMessageContaining("n.csv:2: field 2 ('b'): not a number: 'abc'");
        assertThatThrownBy(() -> reader.read(write("nan.csv", "a,b\n1,2\nNaN,3\n")))
                .hasMessageContaining("nan.csv:3: field 1 ('a')").hasMessageContaining("non-finite value 'NaN'");
        assertThatThrownBy(() -> reader.read(write("inf.csv", "1,-Inf\n")))
                .hasMessageContaining("inf.csv:1: field 2").hasMessageContaining("non-finite value '-Inf'");
        assertThatThrownBy(() -> reader.read(write("big.csv", "1,1e999\n")))
                .hasMessageContaining("big.csv:1: field 2").hasMessageContaining("overflows");
        assertThatThrownBy(() -> reader.read(write("hex.csv", "1,2\n1,0x10\n")))
                .hasMessageContaining("hex.csv:2: field 2").hasMessageContaining("not a number");
    }

    @Test
    void rejectsEmptyAndMissingFiles() throws IOException {
        assertThatThrownBy(() -> reader.read(write("e.csv", "\n\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("e.csv: empty file");
        assertThatThrownBy(() -> reader.read(write("h.csv", "a,b\n")))
                .hasMessageContaining("h.csv: empty file: no data rows");
        assertThatThrownBy(() -> reader.read(dir.resolve("missing.csv")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("missing.csv: file not found");
        assertThatThrownBy(() -> reader.read(dir)).hasMessageContaining("is a folder");
    }

    @Test
    void rejectsAFileThatIsNotGzip() throws IOException {
        Path p = write("fake.csv.gz", "a,b\n1,2\n");
        assertThatThrownBy(() -> reader.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("fake.csv.gz: not a valid gzip file");
    }

    @Test
    void reportsAnUnterminatedQuote() throws IOException {
        Path p = write("q.csv", "a,b\n1,\"2\n3,4\n");
        assertThatThrownBy(() -> reader.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("q.csv").hasMessageContaining("malformed CSV");
    }

    @Test
    void quotedFieldsSpanningLinesKeepTheLineCount() throws IOException {
        Path p = write("m.csv", "\"a\nb\",c\n1,2\n3,z\n");
        assertThatThrownBy(() -> reader.read(p)).hasMessageContaining("m.csv:4: field 2 ('c')");
        assertThat(reader.read(write("ok.csv", "\"a\nb\",c\n1,2\n")).columnNames()).containsExactly("a\nb", "c");
    }
}
