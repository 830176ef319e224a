package org.okl.core.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.testing.TestMatrices;

class CommonsMathMatricesTest {

    @Test
    void convertsBothWaysElementByElementWithoutSharingArrays() {
        Matrix m = Matrix.fromRows(new double[][] {{1, 2, 3}, {4, 5, 6}});
        RealMatrix r = CommonsMathMatrices.toRealMatrix(m);
        assertThat(r.getRowDimension()).isEqualTo(2);
        assertThat(r.getColumnDimension()).isEqualTo(3);
        assertThat(r.getEntry(1, 0)).isEqualTo(4.0);
        assertThat(r.getEntry(0, 2)).isEqualTo(3.0);

        m.set(0, 0, -1);
        assertThat(r.getEntry(0, 0)).isEqualTo(1.0);

        Matrix random = TestMatrices.random(7, 4, 3);
        assertThat(CommonsMathMatrices.fromRealMatrix(CommonsMathMatrices.toRealMatrix(random)).data())
                .containsExactly(random.data());
    }
}
