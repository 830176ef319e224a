package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte-level reader of plain array rows against {@link Double#parseDouble}, literal by literal. */
class JsonRowsReaderTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Literals of every form JSON allows: shortest doubles, long digit strings, exponents, tiny and huge values. */
    private static String literal(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> Double.toString(r.nextGaussian());
            case 1 -> Double.toString(Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL)
                    * (r.nextBoolean() ? 1 : -1)).replace("E", r.nextBoolean() ? "e" : "E");
            case 2 -> Long.toString(r.nextLong());
            case 3 -> String.format(Locale.ROOT, "%.4f", r.nextGaussian());
            case 4 -> String.format(Locale.ROOT, "%.25f", r.nextDouble());
            case 5 -> (r.nextBoolean() ? "-" : "") + "0.000" + Math.abs(r.nextInt()) + "e+" + r.nextInt(30);
            case 6 -> Math.abs(r.nextInt(1000)) + "." + Math.abs(r.nextLong()) + "e-" + r.nextInt(330);
            case 7 -> digits(r, 1 + r.nextInt(40)) + "E" + (r.nextInt(60) - 30);
            default -> r.nextBoolean() ? "0" : r.nextBoolean() ? "-0.0" : "1e22";
        };
    }

    private static String digits(Random r, int count) {
        StringBuilder s = new StringBuilder().append(1 + r.nextInt(9));
        for (int k = 1; k < count; k++) {
            s.append(r.nextInt(10));
        }
        return s.toString();
    }

    @Test
    void readsEveryLiteralAsParseDoubleDoes() {
        Random r = new Random(35);
        int width = 7;
        int rows = 3000;
        StringBuilder json = new StringBuilder(" {\"rows\" :\n[");
        List<Double> expected = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            json.append(i == 0 ? "" : ",\r\n ").append('[');
            for (int j = 0; j < width; j++) {
                String s = literal(r);
                expected.add(Double.parseDouble(s));
                json.append(j == 0 ? "" : r.nextBoolean() ? "," : " ,\t").append(s);
            }
            json.append(" ]");
        }
        json.append("]}\n");
        double[][] read = JsonRowsReader.read(utf8(json.toString()), width, rows);
        assertThat(read).hasNumberOfRows(rows);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < width; j++) {
                assertThat(Double.doubleToLongBits(Math.abs(read[i][j]))).as("row %d, column %d", i, j)
                        .isEqualTo(Double.doubleToLongBits(Math.abs(expected.get(i * width + j))));
                assertThat(read[i][j] == expected.get(i * width + j)).isTrue();
            }
        }
    }

    @Test
    void leavesEveryLiteralJsonRefusesOrThatIsNotFiniteToTheTreeReader() {
        for (String bad : List.of("01", "1.", ".5", "+1", "1e", "1e+", "-", "--1", "1.e3", "0x10", "NaN", "Infinity",
                "-Infinity", "1_000", "\"1\"", "true", "null", "1 2")) {
            assertThat(JsonRowsReader.read(utf8("[[0, " + bad + "]]"), 2, 10)).as(bad).isNull();
        }
        for (String shape : List.of("", " ", "[]", "[[]]", "{}", "{\"rows\": []}", "{\"row\": [[1, 2]]}",
                "{\"rows\": [[1, 2]], \"x\": 1}", "[[1, 2],]", "[[1, 2]] x", "[[1, 2]", "[[1, 2] [3, 4]]",
                "[[1, 2], [3]]", "\ufeff[[1, 2]]")) {
            assertThat(JsonRowsReader.read(utf8(shape), 2, 10)).as(shape).isNull();
        }
        assertThat(JsonRowsReader.read(utf8("[[1, 2], [3, 4]]"), 2, 1)).isNull();
        assertThat(JsonRowsReader.read(utf8("[[1,2],[3,4]]"), 2, 2)).isDeepEqualTo(new double[][] {{1, 2}, {3, 4}});
    }
}
