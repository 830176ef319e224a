package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * The CSV reader's parallel pieces against its serial stream, the reference: on every file, at every piece size
 * (down to one byte, so every line edge falls inside a piece and at its start), either the pieces give exactly the
 * stream's values (same doubles, same rows, same order, NaN where a field is empty), or a piece declines and the
 * caller reads with the stream.
 */
class CsvSplitsTest {
    @TempDir
    Path dir;

    private final CsvReader reader = new CsvReader();

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, content.getBytes(StandardCharsets.UTF_8));
        return p;
    }

    /** Every row of the file through the serial stream (all columns). */
    private Matrix serial(Path file) {
        try (TableStream stream = reader.open(file)) {
            List<double[]> rows = new ArrayList<>();
            for (Optional<Matrix> block = stream.next(7); block.isPresent(); block = stream.next(7)) {
                for (int i = 0; i < block.get().rows(); i++) {
                    rows.add(block.get().row(i));
                }
            }
            int width = stream.columnNames().size();
            Matrix out = Matrix.zeros(rows.size(), width);
            for (int i = 0; i < rows.size(); i++) {
                for (int j = 0; j < width; j++) {
                    out.set(i, j, rows.get(i)[j]);
                }
            }
            return out;
        }
    }

    /** Every row through the pieces, or empty when one declines (or the file does not split). */
    private Optional<Matrix> pieces(Path file, long pieceBytes, int[] columns) {
        Optional<TableSplits> split = reader.split(file, pieceBytes);
        if (split.isEmpty()) {
            return Optional.empty();
        }
        try (TableSplits s = split.get()) {
            List<Matrix> parts = new ArrayList<>();
            for (int k = 0; k < s.pieces(); k++) {
                Optional<Matrix> part = s.parse(k, columns);
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                parts.add(part.get());
            }
            int rows = parts.stream().mapToInt(Matrix::rows).sum();
            Matrix out = Matrix.zeros(rows, columns.length);
            int at = 0;
            for (Matrix part : parts) {
                for (int i = 0; i < part.rows(); i++) {
                    for (int j = 0; j < columns.length; j++) {
                        out.set(at + i, j, part.get(i, j));
                    }
                }
                at += part.rows();
            }
            return Optional.of(out);
        }
    }

    private static int[] all(Matrix m) {
        return IntStream.range(0, m.cols()).toArray();
    }

    /** The pieces at every size from 1 byte to the whole file give the stream's values. */
    private void assertSameValuesAtEveryPieceSize(Path file) throws IOException {
        Matrix expected = serial(file);
        long size = Files.size(file);
        for (long bytes = 1; bytes <= size + 1; bytes = bytes < 64 ? bytes + 1 : bytes * 2) {
            Optional<Matrix> parsed = pieces(file, bytes, all(expected));
            assertThat(parsed).as("pieces of %d bytes", bytes).isPresent();
            assertBitwiseEqual(parsed.get(), expected, "pieces of " + bytes + " bytes");
        }
    }

    private static void assertBitwiseEqual(Matrix actual, Matrix expected, String what) {
        assertThat(actual.rows()).as(what + ": rows").isEqualTo(expected.rows());
        assertThat(actual.cols()).as(what + ": columns").isEqualTo(expected.cols());
        for (int k = 0; k < expected.data().length; k++) {
            assertThat(Double.doubleToRawLongBits(actual.data()[k])).as(what + ": value " + k + " (" + actual.data()[k]
                    + " vs " + expected.data()[k] + ")").isEqualTo(Double.doubleToRawLongBits(expected.data()[k]));
        }
    }

    /** Whether the pieces decline at some size (and the stream then gives the values or the error). */
    private boolean declinesAtSomeSize(Path file) throws IOException {
        long size = Files.size(file);
        for (long bytes = 1; bytes <= size + 1; bytes++) {
            if (pieces(file, bytes, new int[0]).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void plainFilesGiveTheStreamsValuesAtEveryPieceSize() throws IOException {
        assertSameValuesAtEveryPieceSize(write("plain.csv", "a,b,c\n1,2.5,-3e2\n4,,6\n.5,7.,+8E-3\n"));
        assertSameValuesAtEveryPieceSize(write("noheader.csv", "1,2\n3,4\n5,6"));
        assertSameValuesAtEveryPieceSize(write("crlf.csv", "x,y\r\n1,2\r\n3,4\r\n"));
        assertSameValuesAtEveryPieceSize(write("blank.csv", "\n\n  \nx,y\n\n1,2\n   \n\n3,4\n\n"));
        assertSameValuesAtEveryPieceSize(write("spaces.csv", "x , y\n 1 ,  2\n3,4   \n  5,6\n"));
        assertSameValuesAtEveryPieceSize(write("quoted.csv", "\"x\",\"y\"\n\"1\",2\n  \"3\"  ,\"\"\n"));
        assertSameValuesAtEveryPieceSize(write("bom.csv", "\uFEFFx,y\n1,2\n"));
        assertSameValuesAtEveryPieceSize(write("semicolon.csv", "x;y\n1;2\n3;4\n"));
        assertSameValuesAtEveryPieceSize(write("tabs.tsv", "x\ty\n1\t2\n3\t4\n"));
        assertSameValuesAtEveryPieceSize(write("one.csv", "v\n1\n\n2\n"));
        assertSameValuesAtEveryPieceSize(write("missing.csv", "a,b\n,\n1,\n,2\n"));
        assertSameValuesAtEveryPieceSize(write("underflow.csv", "a\n1e-400\n-0\n0.0000000000000000000000001\n"));
    }

    @Test
    void numbersParseToTheSameDoublesAsTheStream() throws IOException {
        Random random = new Random(7);
        StringBuilder text = new StringBuilder("a,b,c,d\n");
        for (int i = 0; i < 2000; i++) {
            double v = random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
            text.append(v).append(',').append(String.format(Locale.ROOT, "%.6f", random.nextGaussian()))
                    .append(',').append(String.format(Locale.ROOT, "%.17e", random.nextDouble()))
                    .append(',').append(random.nextInt(1000) - 500).append('\n');
        }
        Path file = write("random.csv", text.toString());
        Matrix expected = serial(file);
        for (long bytes : new long[] {1, 97, 4096, 1 << 20}) {
            assertBitwiseEqual(pieces(file, bytes, all(expected)).orElseThrow(), expected, bytes + " bytes");
        }
        Matrix some = pieces(file, 1000, new int[] {3, 1}).orElseThrow();
        for (int i = 0; i < expected.rows(); i++) {
            assertThat(some.row(i)).containsExactly(expected.get(i, 3), expected.get(i, 1));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "x,y\n1,\"2\n3\"\n4,5\n",          // a quoted field over two lines
        "x,y\n1,\"2,5\"\n",                // a delimiter inside quotes
        "x,y\n1,\"2\"\"\"\n",              // an escaped quote
        "x,y\n1,2\"\n",                    // a quote inside a field
        "x,y\n1,\"2\"x\n",                 // text after a closing quote
        "x,y\n1,2\r3,4\n",                 // a lone carriage return
        "x,y\n1,\t2\n",                    // a tab around a comma-separated field
        "x,y\n1,2,3\n",                    // a ragged line (too long)
        "x,y\n1\n",                        // a ragged line (too short)
        "x,y\n1,abc\n",                    // not a number
        "x,y\n1,NaN\n",                    // a non-finite spelling
        "x,y\n1,1e999\n",                  // an overflow
        "x,y\n1,0x10\n",                   // hexadecimal
        "x,y\n1,\u00e9\n",                 // a byte outside ASCII
        "x,y\n1,2\n\t\n3,4\n",             // a line of tabs (blank to the stream)
        "x,y\n1,\" 2\"\n",                 // spaces inside quotes
    })
    void anythingElseIsLeftToTheStream(String content) throws IOException {
        Path file = write("odd.csv", content);
        assertThat(declinesAtSomeSize(file)).as("the pieces decline %s", content.replace("\n", "\\n")).isTrue();
    }

    @Test
    void whatThePiecesDeclineTheStreamReadsOrReportsByLine() throws IOException {
        Path quoted = write("multiline.csv", "x,y\n1,\"2\n\"\n3,4\n");
        assertThat(pieces(quoted, 1 << 20, new int[] {0, 1})).isEmpty();
        assertThatThrownBy(() -> serial(quoted)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("multiline.csv:2:");
        Path tabs = write("tabs.csv", "x,y\n1,\t2\n");
        assertThat(pieces(tabs, 1 << 20, new int[] {0, 1})).isEmpty();
        assertThat(serial(tabs).row(0)).containsExactly(1, 2);
    }

    @Test
    void filesThatDoNotSplitAreLeftToTheStream() throws IOException {
        assertThat(reader.split(write("w.csv", "a b c\n1 2 3\n"), 4)).as("whitespace-separated").isEmpty();
        assertThat(reader.split(write("h.csv", "\"a\nb\",c\n1,2\n"), 4)).as("a header over two lines").isEmpty();
        Path gz = dir.resolve("g.csv.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(reader.split(gz, 4)).as("compressed").isEmpty();
    }

    @Test
    void aFileThatCannotBeOpenedIsTheStreamsError() throws IOException {
        assertThatThrownBy(() -> reader.split(dir.resolve("absent.csv"), 4)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("absent.csv");
        assertThatThrownBy(() -> reader.split(write("empty.csv", "\n\n"), 4))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("empty file");
    }

    @Test
    void randomFilesAgreeWithTheStream() throws IOException {
        Random random = new Random(11);
        String[] cells = {"1", "-2.5", "3e-2", "", " 4 ", "\"5\"", "\"\"", ".5", "7.", "+8"};
        for (int trial = 0; trial < 40; trial++) {
            int width = 1 + random.nextInt(4);
            StringBuilder text = new StringBuilder();
            if (random.nextBoolean()) {
                text.append(String.join(",", IntStream.range(0, width).mapToObj(j -> "c" + j).toList()))
                        .append(random.nextBoolean() ? "\r\n" : "\n");
            }
            int lines = 1 + random.nextInt(30);
            for (int i = 0; i < lines; i++) {
                if (random.nextInt(8) == 0) {
                    text.append(random.nextBoolean() ? "" : "   ").append('\n');
                }
                List<String> row = new ArrayList<>();
                for (int j = 0; j < width; j++) {
                    row.add(cells[random.nextInt(cells.length)]);
                }
                if (width == 1 && row.get(0).isBlank()) {
                    row.set(0, "1");
                }
                text.append(String.join(",", row)).append(random.nextBoolean() ? "\r\n" : "\n");
            }
            Path file = write("random" + trial + ".csv", text.toString());
            Matrix expected = serial(file);
            for (long bytes = 1; bytes < text.length() + 2; bytes += 1 + random.nextInt(5)) {
                Optional<Matrix> parsed = pieces(file, bytes, all(expected));
                assertThat(parsed).as("trial %d, %d bytes: %s", trial, bytes, text).isPresent();
                assertBitwiseEqual(parsed.get(), expected, "trial " + trial + ", " + bytes + " bytes");
            }
        }
    }
    @Test
    void aColumnWantedTwiceGetsItsValuesInBothPlaces() throws IOException {
        Path file = write("twice.csv", "a,b,c\n1,2,3\n4,,6\n7,8,9\n");
        Matrix all = serial(file);
        int[] columns = {0, 2, 0, 1, 2};
        Matrix expected = all.selectColumns(columns);
        for (long bytes = 1; bytes <= Files.size(file) + 1; bytes++) {
            Optional<Matrix> parsed = pieces(file, bytes, columns);
            assertThat(parsed).as("pieces of %d bytes", bytes).isPresent();
            assertBitwiseEqual(parsed.get(), expected, "pieces of " + bytes + " bytes");
        }
    }

    @Test
    void twoColumnsOfOneNameAreRefusedByThePiecesTheStreamAndTheWholeRead() throws IOException {
        Path file = write("dup.csv", "x,z,x,y\n1,2,3,4\n5,6,7,8\n");
        String message = file + ": columns 1 and 3 are both named 'x'; OKL chooses columns by name, so every column "
                + "needs a name of its own: rename one of them";
        assertThatThrownBy(() -> reader.split(file, 4)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> reader.open(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> reader.read(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        Path escaped = write("esc.tsv", "\u001b[2J\tb\t\u001b[2J\n1\t2\t3\n");
        assertThatThrownBy(() -> reader.read(escaped)).hasMessage(escaped + ": columns 1 and 3 are both named "
                + "'\\x1b[2J'; OKL chooses columns by name, so every column needs a name of its own: rename one of "
                + "them");
        Path unnamed = write("unnamed.csv", ",a,\n1,2,3\n");
        assertThatThrownBy(() -> reader.read(unnamed)).hasMessageContaining(": columns 1 and 3 are both named ''");
        Path distinct = write("distinct.csv", "x,z,w,y\n1,2,3,4\n5,6,7,8\n");
        assertThat(reader.read(distinct).columnNames()).containsExactly("x", "z", "w", "y");
        assertSameValuesAtEveryPieceSize(distinct);
        Path generated = write("generated.csv", "1,2,1\n3,4,3\n");
        assertThat(reader.read(generated).columnNames()).containsExactly("c0", "c1", "c2");
    }
}
