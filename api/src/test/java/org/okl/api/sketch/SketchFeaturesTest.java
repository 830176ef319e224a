package org.okl.api.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

/** The default that writes a sketch's features into a given array: the same values, the shapes checked. */
class SketchFeaturesTest {

    /** Two features per row: the row's sum and its first entry squared. */
    private static SketchFeatures sums(int claimed) {
        return new SketchFeatures() {
            @Override
            public int size() {
                return claimed;
            }

            @Override
            public Matrix features(Matrix inputs) {
                Matrix out = Matrix.zeros(inputs.rows(), 2);
                for (int i = 0; i < inputs.rows(); i++) {
                    double s = 0;
                    for (int j = 0; j < inputs.cols(); j++) {
                        s += inputs.get(i, j);
                    }
                    out.set(i, 0, s);
                    out.set(i, 1, inputs.get(i, 0) * inputs.get(i, 0));
                }
                return out;
            }

            @Override
            public Optional<Matrix> metric() {
                return Optional.empty();
            }

            @Override
            public Map<String, Matrix> arrays() {
                return Map.of();
            }
        };
    }

    @Test
    void featuresWrittenIntoAnArrayOverwriteItWithTheFeatures() {
        Matrix x = Matrix.fromRows(new double[][] {{1, 2}, {3, -1}, {0.5, 0.5}});
        Matrix into = Matrix.zeros(3, 2);
        java.util.Arrays.fill(into.data(), 9.0);
        sums(2).features(x, into);
        assertThat(into.data()).containsExactly(3, 2, 1, 1, 9, 0.25);
    }

    @Test
    void anArrayOfAnotherShapeOrASketchThatBreaksItsSizeIsAnError() {
        Matrix x = Matrix.fromRows(new double[][] {{1, 2}});
        assertThatThrownBy(() -> sums(2).features(x, Matrix.zeros(2, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("features of 1 rows (2 each)");
        assertThatThrownBy(() -> sums(3).features(x, Matrix.zeros(1, 3))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("gave 1 x 2 features");
    }
}
