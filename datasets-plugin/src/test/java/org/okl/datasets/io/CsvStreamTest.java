package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/** A CSV read block by block gives the rows the whole-file reader gives, and reports bad lines by number. */
class CsvStreamTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static String rows(int n, boolean header, int badLine) {
        StringBuilder sb = new StringBuilder(header ? "a,b,c\n" : "");
        for (int i = 0; i < n; i++) {
            int line = i + 1 + (header ? 1 : 0);
            sb.append(i).append(',').append(line == badLine ? "x1" : Double.toString(i * 0.5)).append(",\n");
            if (i % 7 == 3) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void blocksGiveTheRowsOfTheWholeFile() throws IOException {
        for (boolean header : new boolean[] {true, false}) {
            Path p = file("blocks" + header + ".csv", rows(1000, header, -1));
            Matrix whole = new CsvReader().read(p).values();
            try (TableStream stream = new CsvReader().open(p)) {
                assertThat(stream.columnNames()).containsExactly(header ? new String[] {"a", "b", "c"}
                        : new String[] {"c0", "c1", "c2"});
                int row = 0;
                for (Optional<Matrix> b = stream.next(64); b.isPresent(); b = stream.next(64)) {
                    Matrix block = b.get();
                    assertThat(block.rows()).isLessThanOrEqualTo(64);
                    assertThat(block.columnRange(0, 2).maxAbsDifference(whole.rowRange(row, row + block.rows())
                            .columnRange(0, 2))).isZero();
                    assertThat(Double.isNaN(block.get(0, 2))).as("an empty field is missing").isTrue();
                    row += block.rows();
                }
                assertThat(row).isEqualTo(1000);
            }
        }
    }

    @Test
    void aBadFieldInALaterBlockNamesItsLine() throws IOException {
        Path p = file("bad.csv", rows(1000, true, 900));
        try (TableStream stream = new CsvReader().open(p)) {
            assertThatThrownBy(() -> {
                while (stream.next(100).isPresent()) {
                    // read on to the bad line
                }
            }).isInstanceOf(DataFormatException.class).hasMessageContaining("bad.csv:").hasMessageContaining("b");
        }
        Path ragged = file("ragged.csv", "1,2\n3,4\n5\n");
        try (TableStream stream = new CsvReader().open(ragged)) {
            assertThatThrownBy(() -> stream.next(10)).hasMessageContaining("ragged.csv:3")
                    .hasMessageContaining("ragged row");
        }
    }
}
