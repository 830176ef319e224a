package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

class ClassSetTallyTest {

    /**
     * Classes (3, 5, 7); 4 rows of classes 5, 7, NaN and 9 (a class the model never saw). At 0.5 the sets are {5},
     * {3}, {7}, {3, 5}: row 0 is covered, row 1 not, row 2 skipped, row 3 never; sizes 1 + 1 + 2 over 3 rows. At 0.9
     * the sets are {3, 5}, {5, 7}, {}, {3, 5, 7}: rows 0 and 1 covered; sizes 2 + 2 + 3.
     */
    @Test
    void countsEqualAHandCount() {
        double[] classes = {3, 5, 7};
        Matrix truth = Matrix.fromRows(new double[][] {{5}, {7}, {Double.NaN}, {9}});
        Matrix half = Matrix.fromRows(new double[][] {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {1, 1, 0}});
        Matrix most = Matrix.fromRows(new double[][] {{1, 1, 0}, {0, 1, 1}, {0, 0, 0}, {1, 1, 1}});
        ClassSetTally t = new ClassSetTally(new double[] {0.5, 0.9});
        t.add(List.of(half, most), classes, truth);
        assertThat(t.rows()).isEqualTo(3);
        assertThat(t.covered(0)).isEqualTo(1);
        assertThat(t.covered(1)).isEqualTo(2);
        assertThat(t.coverage(1)).isEqualTo(2 / 3.0);
        assertThat(t.meanSize(0)).isEqualTo(4 / 3.0);
        assertThat(t.meanSize(1)).isEqualTo(7 / 3.0);
    }

    @Test
    void refusesMismatchedShapes() {
        ClassSetTally t = new ClassSetTally(new double[] {0.9});
        Matrix one = Matrix.fromRows(new double[][] {{1, 0}});
        assertThatThrownBy(() -> t.add(List.of(one), new double[] {1, 2, 3}, Matrix.fromRows(new double[][] {{1}})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.add(List.of(one, one), new double[] {1, 2}, Matrix.fromRows(new double[][] {{1}})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(t.coverage(0)).isNaN();
    }
}
