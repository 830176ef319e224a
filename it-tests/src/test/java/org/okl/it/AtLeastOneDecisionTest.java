package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.testkit.TestMatrices;

/**
 * The threshold decoder's {@code decide-at-least-one} through a real fit: the model keeps {@code at-least-one} exactly
 * when leave-one-out decisions computed by n explicit refits (each row predicted by a kernel ridge fitted without it)
 * miss no more labels with it than without. Two label sets on the same 40 inputs, one where forcing a label pays
 * (one label per region of the plane) and one where it costs (one label per row, unrelated to the inputs).
 */
class AtLeastOneDecisionTest {
    private static final Okl OKL = Okl.builder().build();
    private static final int N = 40;
    private static final double LAMBDA = 1.0;

    private final Matrix x = inputs();

    @Test
    void keptWhereForcingALabelPaysOnTheLeaveOneOutPredictions() {
        Matrix regions = Matrix.zeros(N, 3);
        for (int i = 0; i < N; i++) {
            double angle = Math.atan2(x.get(i, 1), x.get(i, 0));
            regions.set(i, (int) Math.floor(3 * (angle + Math.PI) / (2 * Math.PI)) % 3, 1);
        }
        long[] missed = refitMisses(regions, 1.0);
        assertThat(missed).as("misses with at-least-one, without").containsExactly(6, 11);
        Model model = fit(regions, 1.0);
        assertThat(model.spec().decoder().parameters()).containsEntry("at-least-one", true)
                .containsEntry("decide-at-least-one", false);
        assertThat(model.provenance().selection()).contains("decoder decided on the fit's leave-one-out predictions");
    }

    @Test
    void droppedWhereItCosts() {
        Matrix unrelated = Matrix.zeros(N, 3);
        for (int i = 0; i < N; i++) {
            unrelated.set(i, (i * i + i / 2) % 3, 1);
        }
        long[] missed = refitMisses(unrelated, 0.5);
        assertThat(missed).as("misses with at-least-one, without").containsExactly(48, 44);
        Model model = fit(unrelated, 0.5);
        assertThat(model.spec().decoder().parameters()).containsEntry("at-least-one", false)
                .containsEntry("decide-at-least-one", false);
        // a row whose scores are all below 0 now gets no label
        Matrix decided = model.predict(x).outputs();
        assertThat(IntStream.range(0, N).filter(i -> decided.row(i)[0] + decided.row(i)[1] + decided.row(i)[2] == 0)
                .count()).isPositive();
    }

    private Model fit(Matrix labels, double sigma) {
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", sigma))
                .output(ComponentSpec.of("labels", "coding", "plus-minus"))
                .filter(ComponentSpec.of("tikhonov", "lambda", LAMBDA))
                .decoder(ComponentSpec.of("threshold", "value", 0.0, "at-least-one", true, "decide-at-least-one", true))
                .build();
        return OKL.pipeline(spec).fit(TrainingData.of(x, labels));
    }

    /**
     * Labels missed by the leave-one-out decisions with at-least-one and without, each row scored by the kernel ridge
     * (K + n lambda I) fitted on the other rows' +-1 codes (n the full count, as the fit's own ridge), decided at 0.
     */
    private long[] refitMisses(Matrix labels, double sigma) {
        Matrix k = Matrix.zeros(N, N);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                double dx = x.get(i, 0) - x.get(j, 0);
                double dy = x.get(i, 1) - x.get(j, 1);
                k.set(i, j, Math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma)));
            }
        }
        long with = 0;
        long without = 0;
        for (int i = 0; i < N; i++) {
            int left = i;
            int[] rest = IntStream.range(0, N).filter(r -> r != left).toArray();
            Matrix codes = labels.selectRows(rest).copy();
            for (int r = 0; r < codes.rows(); r++) {
                for (int c = 0; c < codes.cols(); c++) {
                    codes.set(r, c, 2 * codes.get(r, c) - 1);
                }
            }
            Matrix alpha = TestMatrices.naiveSolve(k.selectRows(rest).selectColumns(rest).addToDiagonal(N * LAMBDA),
                    codes);
            Matrix score = TestMatrices.naiveMultiply(k.selectRows(new int[] {i}).selectColumns(rest), alpha);
            int best = 0;
            boolean any = false;
            for (int c = 0; c < 3; c++) {
                any |= score.get(0, c) >= 0;
                best = score.get(0, c) > score.get(0, best) ? c : best;
            }
            for (int c = 0; c < 3; c++) {
                boolean on = score.get(0, c) >= 0;
                boolean truth = labels.get(i, c) > 0.5;
                without += on != truth ? 1 : 0;
                with += (on || (!any && c == best)) != truth ? 1 : 0;
            }
        }
        return new long[] {with, without};
    }

    private static Matrix inputs() {
        Matrix x = Matrix.zeros(N, 2);
        for (int i = 0; i < N; i++) {
            x.set(i, 0, Math.sin(1.7 * i));
            x.set(i, 1, Math.cos(0.9 * i));
        }
        return x;
    }
}
