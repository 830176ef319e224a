package org.okl.decoders.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.testing.KernelTestContext;

class OutputValidationTest {
    private final KernelTestContext context = new KernelTestContext();

    @Test
    void labelsOtherThanZeroOrOneAreRejectedNamingTheColumn() {
        Matrix y = Matrix.fromRows(new double[][] {{0, 1, 1}, {1, 0.5, 0}});
        assertThatThrownBy(() -> new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS)
                .fit(new OutputData(y, Optional.empty()), context))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("label column 2")
                .hasMessageContaining("0 or 1");
    }

    @Test
    void missingLabelsStayMissing() {
        Matrix y = Matrix.fromRows(new double[][] {{0, Double.NaN}, {1, 0}});
        FittedOutputEmbedding fitted = new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS)
                .fit(new OutputData(y, Optional.empty()), context);
        assertThat(fitted.targets().orElseThrow().row(0)).containsExactly(-1, Double.NaN);
    }

    @Test
    void plusMinusCodingMapsBackToZeroOne() {
        Matrix y = Matrix.fromRows(new double[][] {{0, 1}, {1, 0}});
        FittedOutputEmbedding fitted = new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS)
                .fit(new OutputData(y, Optional.empty()), context);
        assertThat(fitted.targets().orElseThrow().toRows()).isDeepEqualTo(new double[][] {{-1, 1}, {1, -1}});
        assertThat(fitted.toOutputs(fitted.targets().orElseThrow()).toRows()).isDeepEqualTo(y.toRows());
    }

    @Test
    void classCodingsNeedOneColumnAndTwoClasses() {
        assertThatThrownBy(() -> ClassEmbedding.oneHot().fit(new OutputData(Matrix.zeros(3, 2), Optional.empty()),
                context)).hasMessageContaining("one-hot: expects one output column");
        assertThatThrownBy(() -> ClassEmbedding.simplex().fit(new OutputData(Matrix.zeros(3, 1), Optional.empty()),
                context)).hasMessageContaining("at least 2");
        FittedOutputEmbedding fitted = ClassEmbedding.oneHot()
                .fit(new OutputData(Matrix.column(new double[] {1, 2}), Optional.empty()), context);
        assertThatThrownBy(() -> fitted.candidateDistances(Matrix.zeros(1, 2), Matrix.column(new double[] {3})))
                .hasMessageContaining("class value 3.0");
    }
}
