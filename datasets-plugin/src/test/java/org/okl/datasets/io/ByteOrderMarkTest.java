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

/**
 * Every text reader skips a UTF-8 byte-order mark (spreadsheet programs write one) instead of reading it into the
 * first field, and refuses UTF-16 text with a message saying what to do.
 */
class ByteOrderMarkTest {
    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path dir;

    private Path withBom(String name, String content) throws IOException {
        byte[] text = content.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[UTF8_BOM.length + text.length];
        System.arraycopy(UTF8_BOM, 0, all, 0, UTF8_BOM.length);
        System.arraycopy(text, 0, all, UTF8_BOM.length, text.length);
        return Files.write(dir.resolve(name), all);
    }

    @Test
    void csvWithoutHeaderKeepsItsFirstRow() throws IOException {
        Table t = Readers.read(withBom("bom.csv", "1.5,2\n3,4\n"));
        assertThat(t.columnNames()).containsExactly("c0", "c1");
        assertThat(t.values().rows()).isEqualTo(2);
        assertThat(t.values().row(0)).containsExactly(1.5, 2);
    }

    @Test
    void csvHeaderNamesAreClean() throws IOException {
        Table t = Readers.read(withBom("bom-header.csv", "x,y\n1,2\n"));
        assertThat(t.columnNames()).containsExactly("x", "y");
    }

    @Test
    void arffLibsvmAndEsl() throws IOException {
        Table arff = Readers.read(withBom("bom.arff", "@relation r\n@attribute a numeric\n@data\n7\n"));
        assertThat(arff.values().row(0)).containsExactly(7);
        Table svm = Readers.read(withBom("bom.libsvm", "1 1:0.5 2:1\n0 1:2\n"));
        assertThat(svm.values().rows()).isEqualTo(2);
        Table esl = Readers.read(withBom("bom.esl", "6 -1 0.5\n3 1 1\n"));
        assertThat(esl.values().row(0)).containsExactly(6, -1, 0.5);
    }

    @Test
    void utf16IsRefusedWithAdvice() throws IOException {
        Path p = dir.resolve("excel.csv");
        byte[] text = "a,b\n1,2\n".getBytes(StandardCharsets.UTF_16LE);
        byte[] all = new byte[text.length + 2];
        all[0] = (byte) 0xFF;
        all[1] = (byte) 0xFE;
        System.arraycopy(text, 0, all, 2, text.length);
        Files.write(p, all);
        assertThatThrownBy(() -> Readers.read(p)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("excel.csv: is UTF-16 text").hasMessageContaining("save it as UTF-8");
    }
}
