package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

/** Blocks of column-major arrays: where their entries are, and blocks that would read past the array. */
class ColumnBlockTest {

    @Test
    void aBlockOfRowsReadsTheSameEntriesAsTheMatrixRows() {
        Matrix m = org.okl.testkit.TestMatrices.random(6, 4, 1);
        assertThat(ColumnBlock.of(m).ld()).isEqualTo(6);
        ColumnBlock rows = new ColumnBlock(m.data(), 2, 3, 4, 6);
        assertThat(rows.scaledRows(new double[] {1, 1, 1}).data()).containsExactly(m.rowRange(2, 5).data());
    }

    @Test
    void scaledRowsMultiplyEachRowByItsFactorInANewMatrix() {
        Matrix m = new Matrix(3, 2, new double[] {1, 2, 3, 4, 5, 6});
        Matrix scaled = new ColumnBlock(m.data(), 1, 2, 2, 3).scaledRows(new double[] {10, -1});
        assertThat(scaled.data()).containsExactly(20, -3, 50, -6);
        assertThat(m.data()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThatThrownBy(() -> ColumnBlock.of(m).scaledRows(new double[2])).hasMessageContaining("2 factors");
    }

    @Test
    void aBlockOutsideItsArrayIsRefused() {
        double[] data = new double[10];
        assertThat(new ColumnBlock(data, 1, 3, 3, 3).rows()).isEqualTo(3);
        assertThatThrownBy(() -> new ColumnBlock(data, 2, 3, 3, 3)).hasMessageContaining("does not lie");
        assertThatThrownBy(() -> new ColumnBlock(data, 0, 4, 2, 3)).hasMessageContaining("does not lie");
    }
}
