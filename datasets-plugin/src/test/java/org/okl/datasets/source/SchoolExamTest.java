package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;

/** The exam.csv parser's errors name file, line and field; a byte-order mark does not hide the first column. */
class SchoolExamTest {
    private static final String HEADER = "\"school\",\"normexam\",\"schgend\",\"schavg\",\"vr\",\"intake\","
            + "\"standLRT\",\"sex\",\"type\",\"student\"\n";
    private static final String GOOD = "\"1\",0.26,\"mixed\",0.16,\"mid 50%\",\"bottom 25%\",0.61,\"F\",\"Mxd\",\"143\"\n";

    private static Dataset load(Path dir, String content) throws Exception {
        Files.writeString(dir.resolve("exam.csv"), content);
        return SchoolExam.load(DataFolder.directory(dir), "test");
    }

    @Test
    void malformedRowsNameFileLineAndField(@TempDir Path dir) {
        assertThatThrownBy(() -> load(dir, HEADER + GOOD + GOOD.replace("0.26", "NaN")))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("exam.csv:3: field normexam: not a finite number: 'NaN'");
        assertThatThrownBy(() -> load(dir, HEADER + GOOD + GOOD.replace("mid 50%", "middle")))
                .hasMessageContaining("exam.csv:3: field vr: 'middle' is not one of the bands");
        assertThatThrownBy(() -> load(dir, HEADER.replace("\"vr\",", "") + GOOD))
                .hasMessageContaining("exam.csv:1: field vr: column 'vr' missing from the header");
    }

    @Test
    void aByteOrderMarkIsSkipped(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("exam.csv"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                (HEADER + GOOD).getBytes(StandardCharsets.UTF_8)));
        Dataset d = SchoolExam.load(DataFolder.directory(dir), "test");
        assertThat(d.train().inputs().row(0)).containsExactly(0, 0, 0.16, 1, 0, 0.61, 0, 0);
        assertThat(d.train().outputs().get(0, 0)).isEqualTo(0.26);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
