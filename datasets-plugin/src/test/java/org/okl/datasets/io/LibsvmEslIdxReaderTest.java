package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.SparseMatrix;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;

class LibsvmEslIdxReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void libsvmMultiLabelToIndicatorColumns() throws IOException {
        Table t = new LibsvmReader().read(write("m.libsvm", "3,1 1:0.5 3:2\n 2:1.5 # no labels\n\n1 1:-1\n"));
        assertThat(t.columnNames()).containsExactly("f1", "f2", "f3", "label1", "label3");
        assertThat(t.outputColumns()).containsExactly(3, 4);
        assertThat(t.values().row(0)).containsExactly(0.5, 0, 2, 1, 1);
        assertThat(t.values().row(1)).containsExactly(0, 1.5, 0, 0, 0);
        assertThat(t.values().row(2)).containsExactly(-1, 0, 0, 1, 0);
    }

    @Test
    void libsvmStreamsSparseRowsThatAreTheTablesRows() throws IOException {
        LibsvmReader reader = new LibsvmReader();
        Path file = write("s.libsvm", "3,1 1:0.5 3:2\n 2:1.5 # no labels\n\n1 1:-1\n2,2 262144:4\n");
        Table whole = reader.read(file);
        assertThat(whole.values().cols()).isEqualTo(262144 + 3);
        try (TableStream stream = reader.open(file)) {
            assertThat(stream.sparse()).isTrue();
            assertThat(stream.columnNames()).isEqualTo(whole.columnNames());
            assertThat(stream.outputColumns()).containsExactly(whole.outputColumns());
            InputRows first = stream.nextRows(3).orElseThrow();
            assertThat(first).isInstanceOf(SparseMatrix.class);
            assertThat(((SparseMatrix) first).nonZeros()).as("only the non-zeros are held").isEqualTo(7);
            assertThat(first.toDense().maxAbsDifference(whole.values().rowRange(0, 3))).isZero();
            SparseMatrix last = (SparseMatrix) stream.nextRows(3).orElseThrow();
            assertThat(last.rows()).isEqualTo(1);
            assertThat(last.columns()).containsExactly(262143, 262145);
            assertThat(stream.nextRows(3)).isEmpty();
        }
        try (TableStream again = reader.open(file)) {
            assertThat(again.next(10).orElseThrow().maxAbsDifference(whole.values())).isZero();
        }
    }

    @Test
    void libsvmZeroBasedWhenIndexZeroAppears() throws IOException {
        Table t = new LibsvmReader().read(write("z.svm", "0 0:1 2:3\n"));
        assertThat(t.columnNames()).containsExactly("f0", "f1", "f2", "label0");
        assertThat(t.values().row(0)).containsExactly(1, 0, 3, 1);
    }

    @Test
    void libsvmErrors() throws IOException {
        LibsvmReader r = new LibsvmReader();
        assertThatThrownBy(() -> r.read(write("a.libsvm", "1 1:2\n1 2:x\n")))
                .hasMessageContaining("a.libsvm:2: field 2: not a number: 'x'");
        assertThatThrownBy(() -> r.read(write("b.libsvm", "1 1:2\n1 3:1 2:1\n")))
                .hasMessageContaining("b.libsvm:2: field 3").hasMessageContaining("does not increase");
        assertThatThrownBy(() -> r.read(write("c.libsvm", "1.5 1:2\n")))
                .hasMessageContaining("c.libsvm:1: field 1").hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> r.read(write("d.libsvm", "1 1:2 7\n")))
                .hasMessageContaining("d.libsvm:1: field 3: '7' is not index:value");
        assertThatThrownBy(() -> r.read(write("e.libsvm", "1 1:nan\n")))
                .hasMessageContaining("e.libsvm:1: field 2").hasMessageContaining("non-finite");
        assertThatThrownBy(() -> r.read(write("f.libsvm", "# only a comment\n")))
                .hasMessageContaining("f.libsvm: empty file");
    }

    @Test
    void eslLabelThenValues() throws IOException {
        Path p = dir.resolve("zip.train.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("6.0000 -1 0.5 1\n3 1 1 -0.25 \n".getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(Readers.forFile(p)).isInstanceOf(EslReader.class);
        Table t = Readers.read(p);
        assertThat(t.columnNames()).containsExactly("label", "v1", "v2", "v3");
        assertThat(t.outputColumns()).containsExactly(0);
        assertThat(t.values().row(0)).containsExactly(6, -1, 0.5, 1);
        assertThat(t.values().row(1)).containsExactly(3, 1, 1, -0.25);
    }

    @Test
    void eslErrors() throws IOException {
        EslReader r = new EslReader();
        assertThatThrownBy(() -> r.read(write("zip.test", "1 2 3\n1 2\n")))
                .hasMessageContaining("zip.test:2: field 3 ('v2'): ragged row: 2 values, expected 3");
        assertThatThrownBy(() -> r.read(write("x.esl", "1 2 Inf\n")))
                .hasMessageContaining("x.esl:1: field 3 ('v2')").hasMessageContaining("non-finite");
        assertThatThrownBy(() -> r.read(write("y.esl", "")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("y.esl: empty file");
    }

    private Path idx(String name, int type, int[] shape, double[] values) throws IOException {
        Path p = dir.resolve(name);
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(p))) {
            out.write(new byte[] {0, 0, (byte) type, (byte) shape.length});
            for (int s : shape) {
                out.writeInt(s);
            }
            for (double v : values) {
                switch (type) {
                    case 0x08, 0x09 -> out.writeByte((int) v);
                    case 0x0B -> out.writeShort((int) v);
                    case 0x0C -> out.writeInt((int) v);
                    case 0x0D -> out.writeFloat((float) v);
                    default -> out.writeDouble(v);
                }
            }
        }
        return p;
    }

    @Test
    void idxImagesWithSiblingLabels() throws IOException {
        // 2 images of 2x3 unsigned bytes; 255 must read as 255, not -1
        Path images = idx("train-images-idx3-ubyte", 0x08, new int[] {2, 2, 3},
                new double[] {0, 1, 2, 3, 4, 5, 255, 254, 0, 0, 0, 7});
        idx("train-labels-idx1-ubyte", 0x08, new int[] {2}, new double[] {5, 9});
        Table t = Readers.read(images);
        assertThat(t.columnNames()).containsExactly("p0", "p1", "p2", "p3", "p4", "p5", "label");
        assertThat(t.outputColumns()).containsExactly(6);
        assertThat(t.values().row(0)).containsExactly(0, 1, 2, 3, 4, 5, 5);
        assertThat(t.values().row(1)).containsExactly(255, 254, 0, 0, 0, 7, 9);
        Table labels = Readers.read(dir.resolve("train-labels-idx1-ubyte"));
        assertThat(labels.columnNames()).containsExactly("label");
        assertThat(labels.values().columnValues(0)).containsExactly(5, 9);
    }

    @Test
    void idxOtherElementTypes() throws IOException {
        assertThat(Readers.read(idx("s.idx", 0x09, new int[] {2}, new double[] {-3, 4})).values().columnValues(0))
                .containsExactly(-3, 4);
        assertThat(Readers.read(idx("h.idx", 0x0B, new int[] {1, 2}, new double[] {-300, 301})).values().row(0))
                .containsExactly(-300, 301);
        assertThat(Readers.read(idx("i.idx", 0x0C, new int[] {1, 1}, new double[] {70000})).values().get(0, 0))
                .isEqualTo(70000);
        assertThat(Readers.read(idx("f.idx", 0x0D, new int[] {1, 1}, new double[] {0.25})).values().get(0, 0))
                .isEqualTo(0.25);
        assertThat(Readers.read(idx("d.idx", 0x0E, new int[] {1, 1}, new double[] {0.1})).values().get(0, 0))
                .isEqualTo(0.1);
    }

    @Test
    void idxErrors() throws IOException {
        Path truncated = idx("t.idx", 0x08, new int[] {3, 2}, new double[] {1, 2, 3});
        assertThatThrownBy(() -> Readers.read(truncated)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("t.idx: truncated: the IDX header declares 3 x 2 values (18 bytes with the "
                        + "header) but the file holds 15 bytes");
        assertThatThrownBy(() -> new IdxReader().read(Files.newInputStream(truncated), "t.idx"))
                .hasMessageContaining("t.idx: truncated").hasMessageContaining("within sample 2");
        Path huge = idx("h.idx", 0x08, new int[] {-1, -16}, new double[] {1});
        assertThatThrownBy(() -> Readers.read(huge)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("h.idx: the IDX header declares 4294967295 x 4294967280 values, more than one "
                        + "matrix holds");
        Path larger = idx("l.idx", 0x08, new int[] {100_000, 10_000}, new double[] {1, 2, 3});
        assertThatThrownBy(() -> Readers.read(larger)).hasMessageContaining("l.idx: truncated: the IDX header "
                + "declares 100000 x 10000 values (1000000012 bytes with the header) but the file holds 15 bytes");
        assertThatThrownBy(() -> new IdxReader().read(Files.newInputStream(larger), "l.idx.gz"))
                .as("unknown length: read in chunks, not allocated whole").hasMessageContaining("l.idx.gz: truncated")
                .hasMessageContaining("within sample 1");
        Path trailing = idx("x.idx", 0x08, new int[] {1, 1}, new double[] {1, 2});
        assertThatThrownBy(() -> Readers.read(trailing)).hasMessageContaining("x.idx: trailing bytes");
        Path badType = idx("b.idx", 0x07, new int[] {1}, new double[] {});
        assertThatThrownBy(() -> Readers.read(badType)).hasMessageContaining("unknown IDX element type 0x7");
        Path nan = idx("n.idx", 0x0E, new int[] {1, 1}, new double[] {Double.NaN});
        assertThatThrownBy(() -> Readers.read(nan)).hasMessageContaining("n.idx: non-finite value NaN in sample 1");
        Path notIdx = write("w.idx", "hello");
        assertThatThrownBy(() -> Readers.read(notIdx)).hasMessageContaining("w.idx: not an IDX file");
        Path empty = write("e.idx", "");
        assertThatThrownBy(() -> Readers.read(empty)).hasMessageContaining("e.idx: empty file");
        idx("bad-images-idx3-ubyte", 0x08, new int[] {2, 1, 1}, new double[] {1, 2});
        idx("bad-labels-idx1-ubyte", 0x08, new int[] {3}, new double[] {1, 2, 3});
        assertThatThrownBy(() -> Readers.read(dir.resolve("bad-images-idx3-ubyte")))
                .hasMessageContaining("bad-labels-idx1-ubyte").hasMessageContaining("2 samples");
    }

    @Test
    void dispatchRejectsUnknownSuffixes() {
        assertThatThrownBy(() -> Readers.forFile(dir.resolve("data.xlsx"))).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("data.xlsx: unknown file format");
    }
}
