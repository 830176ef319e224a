package org.okl.api.data;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that every column of a file has a name of its own, and its one-line message. */
class ColumnNamesTest {
    private static final String WHY = "; OKL chooses columns by name, so every column needs a name of its own: rename "
            + "one of them";

    @Test
    void distinctNamesPass() {
        assertThatCode(() -> ColumnNames.requireDistinct("d.csv", List.of("x", "X", "x ", "", "y")))
                .doesNotThrowAnyException();
        assertThatCode(() -> ColumnNames.requireDistinct("d.csv", List.of())).doesNotThrowAnyException();
    }

    @Test
    void aNameGivenTwiceNamesTheFileTheNameAndBothColumns() {
        assertThatThrownBy(() -> ColumnNames.requireDistinct("d.csv", List.of("a", "b", "x", "c", "d", "e", "x")))
                .isInstanceOf(DataFormatException.class)
                .hasMessage("d.csv: columns 3 and 7 are both named 'x'" + WHY);
    }

    @Test
    void theFirstRepeatedNameIsShownWithEveryColumnAndTheOthersAreCounted() {
        assertThatThrownBy(() -> ColumnNames.requireDistinct("d.csv", List.of("y", "x", "y", "x", "y", "z", "z")))
                .hasMessage("d.csv: columns 1, 3 and 5 are all named 'y' (and 2 other names are repeated)" + WHY);
        List<String> many = new ArrayList<>();
        for (int j = 0; j < 9; j++) {
            many.add("v");
        }
        assertThatThrownBy(() -> ColumnNames.requireDistinct("d.csv", many))
                .hasMessage("d.csv: columns 1, 2, 3, 4, 5, 6, ... (9 columns) are all named 'v'" + WHY);
    }

    @Test
    void emptyNamesCountAndControlCharactersAreEscaped() {
        assertThatThrownBy(() -> ColumnNames.requireDistinct("d.csv", List.of("", "a", "")))
                .hasMessage("d.csv: columns 1 and 3 are both named ''" + WHY);
        assertThatThrownBy(() -> ColumnNames.requireDistinct("d\u001b.csv", List.of("\u001b[2J", "\u001b[2J")))
                .hasMessage("d\\x1b.csv: columns 1 and 2 are both named '\\x1b[2J'" + WHY);
    }
}
