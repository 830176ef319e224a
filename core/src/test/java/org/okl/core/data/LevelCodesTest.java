package org.okl.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;

/** Text codes translated by their text from a file's own levels to the levels a model was fitted with. */
class LevelCodesTest {
    /** The file's column 0 holds text with its own levels (blue, red); column 1 holds numbers. */
    private static final List<String> FILE_LEVELS = List.of("blue", "red");
    /** The model's levels of its text column (fitted on a file that listed red, green, blue). */
    private static final List<String> FITTED = List.of("red", "green", "blue");

    private static Matrix block() {
        // column-major: column 0 = codes blue, red, blue, missing; column 1 = numbers
        return new Matrix(4, 2, new double[] {0, 1, 0, Double.NaN, 0.5, 1.5, 2.5, 3.5});
    }

    @Test
    void eachCodeIsTranslatedByItsTextAndNumbersAreLeftAlone() {
        Matrix b = block();
        LevelCodes.of("f.arrow", new int[] {0, 1}, List.of("colour", "x"), List.of(FITTED, List.of())).orElseThrow()
                .recode(b, j -> j == 0 ? FILE_LEVELS : List.of(), 0);
        assertThat(b.columnValues(0)).containsExactly(2, 0, 2, Double.NaN);
        assertThat(b.columnValues(1)).containsExactly(0.5, 1.5, 2.5, 3.5);
    }

    @Test
    void aTextColumnTheModelTakesTwiceIsCodedOnce() {
        Matrix b = block();
        LevelCodes.of("f.arrow", new int[] {0, 0, 1}, List.of("colour", "x"), List.of(FITTED, FITTED, List.of()))
                .orElseThrow().recode(b, j -> j == 0 ? FILE_LEVELS : List.of(), 0);
        assertThat(b.columnValues(0)).containsExactly(2, 0, 2, Double.NaN);
    }

    @Test
    void aLevelTheFitNeverSawNamesTheFileRowAndColumn() {
        Matrix b = new Matrix(2, 1, new double[] {1, 0});
        LevelCodes codes = LevelCodes.of("f.arrow", new int[] {0}, List.of("colour"), List.of(List.of("red", "green")))
                .orElseThrow();
        assertThatThrownBy(() -> codes.recode(b, j -> FILE_LEVELS, 10)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("f.arrow").hasMessageContaining("row 12, column 'colour': level 'blue' was "
                        + "not seen when the model was fitted (it knows 2 levels)");
    }

    @Test
    void aModelWithoutLevelsCodesNothing() {
        assertThat(LevelCodes.of("f.csv", new int[] {0, 1}, List.of("a", "b"), List.of(List.of(), List.of())))
                .isEmpty();
    }
}
