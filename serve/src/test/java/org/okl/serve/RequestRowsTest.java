package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The token-by-token reader of plain array rows against the literals' own values and the tree reader's messages. */
class RequestRowsTest {
    private static final List<String> COLUMNS = List.of("a", "b", "c");

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsArrayRowsAsTheirLiteralsSay() {
        Random random = new Random(7);
        StringBuilder json = new StringBuilder("[");
        double[][] expected = new double[50][3];
        for (int i = 0; i < 50; i++) {
            json.append(i == 0 ? "[" : ",[");
            for (int j = 0; j < 3; j++) {
                String literal = switch ((i + j) % 4) {
                    case 0 -> Double.toString(random.nextGaussian() * Math.pow(10, random.nextInt(20) - 10));
                    case 1 -> Integer.toString(random.nextInt(2000) - 1000);
                    case 2 -> String.format(java.util.Locale.ROOT, "%.17e", random.nextDouble());
                    default -> "0.1";
                };
                expected[i][j] = Double.parseDouble(literal);
                json.append(j == 0 ? "" : ", ").append(literal);
            }
            json.append(']');
        }
        json.append(']');
        double[][] fast = RequestRows.arrayRows(utf8(json.toString()), 3, 4096);
        assertThat(fast).isNotNull();
        for (int i = 0; i < 50; i++) {
            assertThat(fast[i]).containsExactly(expected[i]);
        }
        double[][] wrapped = RequestRows.parse(utf8("{\"rows\": " + json + "}"), "application/json", COLUMNS, 4096);
        assertThat(wrapped).isDeepEqualTo(fast);
    }

    @Test
    void passesNonFiniteNumbersOnAsTheTreeReaderDoes() {
        double[][] rows = RequestRows.parse(utf8("[[NaN, 1, -Infinity]]"), "application/json", COLUMNS, 10);
        assertThat(rows[0][0]).isNaN();
        assertThat(rows[0][1]).isEqualTo(1.0);
        assertThat(rows[0][2]).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void leavesEveryOtherShapeToTheTreeReaderWithItsMessage() {
        assertThat(RequestRows.arrayRows(utf8("[[1, 2]]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[[1, 2, 3, 4]]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[[1, \"x\", 3]]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[{\"a\": 1, \"b\": 2, \"c\": 3}]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[[1, 2, 3], [4, 5, 6]]"), 3, 1)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[[1, 2, 3]] [[4, 5, 6]]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[[1, 2, 3]"), 3, 10)).isNull();
        assertThat(RequestRows.arrayRows(utf8("[]"), 3, 10)).isNull();

        assertThatThrownBy(() -> RequestRows.parse(utf8("[[1, 2, 3], [1, 2]]"), "application/json", COLUMNS, 10))
                .hasMessageContaining("row 2 has 2 values but the model takes 3 input columns");
        assertThatThrownBy(() -> RequestRows.parse(utf8("[[1, \"x\", 3]]"), "application/json", COLUMNS, 10))
                .hasMessageContaining("row 1, column 'b': the text 'x' where a number is expected");
        assertThatThrownBy(() -> RequestRows.parse(utf8("[[1, 2, 3], [4, 5, 6]]"), "application/json", COLUMNS, 1))
                .hasMessageContaining("2 rows in one request, more than the server takes (1)");
        assertThatThrownBy(() -> RequestRows.parse(utf8("[[1, 2, 3]"), "application/json", COLUMNS, 10))
                .hasMessageContaining("malformed JSON");
        assertThatThrownBy(() -> RequestRows.parse(utf8("[]"), "application/json", COLUMNS, 10))
                .hasMessageContaining("no rows to predict");
    }
}
