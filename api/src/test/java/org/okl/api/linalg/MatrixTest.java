package org.okl.api.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * {@link Matrix} against values worked out by hand on small matrices: the column-major layout BLAS relies on, every
 * copy and slice, and the element-wise arithmetic.
 */
class MatrixTest {
    /** [[1, 2, 3], [4, 5, 6]]: column-major data 1, 4, 2, 5, 3, 6. */
    private static Matrix twoByThree() {
        return Matrix.fromRows(new double[][] {{1, 2, 3}, {4, 5, 6}});
    }

    @Test
    void storesColumnMajorAsBlasExpects() {
        Matrix m = twoByThree();
        assertThat(m.rows()).isEqualTo(2);
        assertThat(m.cols()).isEqualTo(3);
        assertThat(m.data()).containsExactly(1, 4, 2, 5, 3, 6);
        assertThat(m.get(1, 2)).isEqualTo(6);
        m.set(0, 1, -2);
        m.add(0, 1, 0.5);
        assertThat(m.data()[2]).isEqualTo(-1.5);
        assertThat(m.row(1)).containsExactly(4, 5, 6);
        assertThat(m.columnValues(2)).containsExactly(3, 6);
        assertThat(m.toRows()).isDeepEqualTo(new double[][] {{1, -1.5, 3}, {4, 5, 6}});
    }

    @Test
    void wrapsWithoutCopyingAndChecksTheShape() {
        double[] data = {1, 2, 3, 4};
        Matrix m = new Matrix(2, 2, data);
        data[3] = 9;
        assertThat(m.get(1, 1)).isEqualTo(9);
        assertThatThrownBy(() -> new Matrix(2, 3, data)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("array of length 4 does not hold a 2 x 3 matrix");
        assertThatThrownBy(() -> new Matrix(-1, 0, new double[0])).hasMessage("negative matrix size -1 x 0");
        assertThatThrownBy(() -> Matrix.fromRows(new double[][] {{1, 2}, {3}}))
                .hasMessage("row 1 has 1 values, expected 2");
        Matrix column = Matrix.column(data);
        data[0] = 100;
        assertThat(column.get(0, 0)).as("column() copies").isEqualTo(1);
    }

    /** Rows copied by blocks of rows: sizes around a block's 64 rows, against each entry read back. */
    @Test
    void fromRowsPlacesEveryEntryForAnyNumberOfRows() {
        for (int r : new int[] {1, 63, 64, 65, 200}) {
            double[][] rows = new double[r][3];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < 3; j++) {
                    rows[i][j] = 1000 * i + j;
                }
            }
            Matrix m = Matrix.fromRows(rows);
            assertThat(m.rows()).isEqualTo(r);
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < 3; j++) {
                    assertThat(m.data()[i + j * r]).as(r + " rows, entry " + i + ", " + j).isEqualTo(1000 * i + j);
                }
            }
            assertThat(m.toRows()).isDeepEqualTo(rows);
        }
    }

    @Test
    void factoriesBuildTheNamedMatrices() {
        assertThat(Matrix.zeros(2, 3).data()).containsOnly(0.0).hasSize(6);
        assertThat(Matrix.identity(3).data()).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1);
        assertThat(Matrix.diagonal(new double[] {2, -1}).data()).containsExactly(2, 0, 0, -1);
        assertThat(Matrix.fromRows(new double[0][]).rows()).isZero();
    }

    @Test
    void transposeAndSlicesAreNewMatrices() {
        Matrix m = twoByThree();
        Matrix t = m.transpose();
        assertThat(t.toRows()).isDeepEqualTo(new double[][] {{1, 4}, {2, 5}, {3, 6}});
        assertThat(m.selectRows(new int[] {1, 1, 0}).toRows())
                .isDeepEqualTo(new double[][] {{4, 5, 6}, {4, 5, 6}, {1, 2, 3}});
        assertThat(m.selectColumns(new int[] {2, 0}).toRows()).isDeepEqualTo(new double[][] {{3, 1}, {6, 4}});
        assertThat(m.rowRange(1, 2).toRows()).isDeepEqualTo(new double[][] {{4, 5, 6}});
        assertThat(m.columnRange(1, 3).toRows()).isDeepEqualTo(new double[][] {{2, 3}, {5, 6}});
        assertThat(m.stackRows(Matrix.fromRows(new double[][] {{7, 8, 9}})).toRows())
                .isDeepEqualTo(new double[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
        assertThat(m.stackColumns(Matrix.column(new double[] {0, -1})).toRows())
                .isDeepEqualTo(new double[][] {{1, 2, 3, 0}, {4, 5, 6, -1}});
        Matrix copy = m.copy();
        copy.set(0, 0, 42);
        assertThat(m.get(0, 0)).isEqualTo(1);
        assertThatThrownBy(() -> m.stackRows(Matrix.zeros(1, 2)))
                .hasMessage("cannot stack 2 columns under 3");
        assertThatThrownBy(() -> m.stackColumns(Matrix.zeros(3, 1))).hasMessage("cannot put 3 rows beside 2");
    }

    @Test
    void arithmeticMatchesHandComputedValues() {
        Matrix a = twoByThree();
        Matrix b = Matrix.fromRows(new double[][] {{0.5, 0, -1}, {2, 2, 2}});
        assertThat(a.plus(b).toRows()).isDeepEqualTo(new double[][] {{1.5, 2, 2}, {6, 7, 8}});
        assertThat(a.minus(b).toRows()).isDeepEqualTo(new double[][] {{0.5, 2, 4}, {2, 3, 4}});
        assertThat(a.times(-2).toRows()).isDeepEqualTo(new double[][] {{-2, -4, -6}, {-8, -10, -12}});
        assertThat(a.toRows()).as("the operands are left alone").isDeepEqualTo(new double[][] {{1, 2, 3}, {4, 5, 6}});
        // 1 + 4 + 9 + 16 + 25 + 36 = 91
        assertThat(a.frobeniusNorm()).isCloseTo(Math.sqrt(91), within(1e-15));
        assertThat(a.maxAbsDifference(b)).isEqualTo(4);
        assertThat(a.diagonalValues()).containsExactly(1, 5);
        assertThatThrownBy(() -> a.plus(Matrix.zeros(3, 2))).hasMessage("shape mismatch: 2 x 3 vs 3 x 2");
    }

    @Test
    void inPlaceOperationsChangeThisMatrix() {
        Matrix m = Matrix.fromRows(new double[][] {{1, 2}, {4, 3}});
        assertThat(m.addToDiagonal(10)).isSameAs(m);
        assertThat(m.toRows()).isDeepEqualTo(new double[][] {{11, 2}, {4, 13}});
        assertThat(m.symmetrize()).isSameAs(m);
        assertThat(m.toRows()).isDeepEqualTo(new double[][] {{11, 3}, {3, 13}});
        assertThatThrownBy(() -> Matrix.zeros(2, 3).symmetrize()).hasMessage("cannot symmetrize a 2 x 3 matrix");
    }

    @Test
    void finitenessSeesNanAndInfinity() {
        Matrix m = Matrix.zeros(2, 2);
        assertThat(m.isFinite()).isTrue();
        m.set(1, 0, Double.NaN);
        assertThat(m.isFinite()).isFalse();
        m.set(1, 0, Double.NEGATIVE_INFINITY);
        assertThat(m.isFinite()).isFalse();
        assertThat(m).hasToString("Matrix[2 x 2]");
    }
}
