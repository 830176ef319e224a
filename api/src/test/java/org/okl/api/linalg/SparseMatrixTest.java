package org.okl.api.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SparseMatrix} against the dense matrices it stands for: every product against a naive triple loop on the
 * dense forms, every slice against the dense slice.
 */
class SparseMatrixTest {

    /** A random n x p matrix with about the given share of non-zeros. */
    static Matrix randomSparse(int n, int p, double density, long seed) {
        Random r = new Random(seed);
        Matrix m = Matrix.zeros(n, p);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < p; j++) {
                if (r.nextDouble() < density) {
                    m.set(i, j, r.nextGaussian());
                }
            }
        }
        return m;
    }

    private static Matrix naiveTimesTransposed(Matrix a, Matrix b) {
        Matrix out = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int l = 0; l < b.rows(); l++) {
                double s = 0;
                for (int j = 0; j < a.cols(); j++) {
                    s += a.get(i, j) * b.get(l, j);
                }
                out.set(i, l, s);
            }
        }
        return out;
    }

    @Test
    void storesRowsCompressedAndGivesTheDenseMatrixBack() {
        SparseMatrix s = new SparseMatrix(2, 4, new int[] {0, 2, 3}, new int[] {1, 3, 0}, new double[] {5, 6, 7});
        assertThat(s.nonZeros()).isEqualTo(3);
        assertThat(s.get(0, 3)).isEqualTo(6);
        assertThat(s.get(0, 0)).isZero();
        assertThat(s.row(1)).containsExactly(7, 0, 0, 0);
        assertThat(s.toDense().data()).containsExactly(0, 7, 5, 0, 0, 0, 6, 0);
        assertThat(s.bytes()).isEqualTo(4 * 3 + 12 * 3);
        assertThat(s.denseBytes()).isEqualTo(64);
        assertThat(SparseMatrix.fromDense(s.toDense()).toDense().maxAbsDifference(s.toDense())).isZero();
        assertThat(s.isSparse()).isTrue();
        assertThat(s.toDense().isSparse()).isFalse();
    }

    @Test
    void refusesArraysThatAreNotCompressedRows() {
        assertThatThrownBy(() -> new SparseMatrix(1, 3, new int[] {0, 2}, new int[] {2, 1}, new double[] {1, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not increase");
        assertThatThrownBy(() -> new SparseMatrix(1, 3, new int[] {0, 1}, new int[] {3}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in [0, 3)");
        assertThatThrownBy(() -> new SparseMatrix(2, 3, new int[] {0, 1}, new int[] {0}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs 3 row starts");
        assertThatThrownBy(() -> new SparseMatrix.Builder(3).addRow(new int[] {1, 1}, new double[] {1, 2}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not increase");
        SparseMatrix wide = new SparseMatrix(70000, 1 << 18, new int[70001], new int[0], new double[0]);
        assertThatThrownBy(wide::toDense).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("70000 sparse rows of 262144 columns cannot be made dense");
    }

    @Test
    void productsEqualTheDenseProducts() {
        Matrix a = randomSparse(37, 50, 0.1, 1);
        Matrix b = randomSparse(23, 50, 0.2, 2);
        SparseMatrix sa = SparseMatrix.fromDense(a);
        SparseMatrix sb = SparseMatrix.fromDense(b);
        Matrix expected = naiveTimesTransposed(a, b);
        assertThat(sa.timesTransposed(b).maxAbsDifference(expected)).isLessThan(1e-13);
        assertThat(sa.times(sb.transpose()).maxAbsDifference(expected)).isLessThan(1e-13);
        assertThat(SparseMatrix.productWithTranspose(a, sb).maxAbsDifference(expected)).isLessThan(1e-13);
        assertThat(sb.transpose().toDense().maxAbsDifference(b.transpose())).isZero();
        double[] norms = sa.rowSquaredNorms();
        for (int i = 0; i < a.rows(); i++) {
            assertThat(norms[i]).isCloseTo(expected(a, i), org.assertj.core.data.Offset.offset(1e-13));
        }
        // large enough to run on every core: the same numbers
        Matrix big = randomSparse(400, 300, 0.05, 3);
        Matrix dense = randomSparse(200, 300, 1.0, 4);
        assertThat(SparseMatrix.fromDense(big).timesTransposed(dense).maxAbsDifference(naiveTimesTransposed(big,
                dense))).isLessThan(1e-12);
    }

    private static double expected(Matrix a, int i) {
        double s = 0;
        for (double v : a.row(i)) {
            s += v * v;
        }
        return s;
    }

    @Test
    void slicesStacksAndColumnMapsAreTheDenseOnes() {
        Matrix a = randomSparse(12, 9, 0.3, 5);
        SparseMatrix s = SparseMatrix.fromDense(a);
        int[] rows = {7, 2, 2, 11};
        assertThat(s.selectRows(rows).toDense().maxAbsDifference(a.selectRows(rows))).isZero();
        assertThat(s.rowRange(3, 8).toDense().maxAbsDifference(a.rowRange(3, 8))).isZero();
        assertThat(s.rowRange(3, 8).stackRows(s.rowRange(8, 12)).toDense().maxAbsDifference(a.rowRange(3, 12)))
                .isZero();
        int[] map = {-1, 2, -1, 0, 1, -1, -1, -1, -1};
        assertThat(s.remapColumns(map, 3).toDense().maxAbsDifference(a.selectColumns(new int[] {3, 4, 1})))
                .isZero();
        a.set(4, 6, Double.NaN);
        assertThat(SparseMatrix.fromDense(a).firstNonFinite()).containsExactly(4, 6);
        assertThat(a.firstNonFinite()).containsExactly(4, 6);
        assertThat(s.firstNonFinite()).isNull();
    }

    @Test
    void aBuilderGrowsAndStartsAgainAfterBuilding() {
        SparseMatrix.Builder b = new SparseMatrix.Builder(5);
        for (int i = 0; i < 100; i++) {
            b.addRow(new int[] {i % 5}, new double[] {i}, 1);
        }
        b.addEmptyRow();
        assertThat(b.rows()).isEqualTo(101);
        assertThat(b.nonZeros()).isEqualTo(100);
        SparseMatrix first = b.build();
        assertThat(first.rows()).isEqualTo(101);
        assertThat(first.get(99, 4)).isEqualTo(99);
        assertThat(b.addDenseRow(new double[] {0, 1, 0, 0, 2}).build().columns()).containsExactly(1, 4);
    }
}
