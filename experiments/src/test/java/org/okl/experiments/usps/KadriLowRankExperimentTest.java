package org.okl.experiments.usps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

class KadriLowRankExperimentTest {

    private static PipelineSpec pipeline(String preset, int rank) {
        return KadriLowRankExperiment.pipeline(preset, 5, 10, List.of(1e-4), 0.1, rank, null, UspsTestData.OKL);
    }

    @Test
    void pipelineAsksForIncompleteCholeskyOfRankMOnBothGramsAndDecodesOverTheCandidates() {
        PipelineSpec spec = pipeline("kde-conditional-covariance", 50);
        assertThat(spec.approximation()).contains(ComponentSpec.of("incomplete-cholesky", "rank", 50L,
                "outputRank", 50L));
        assertThat(spec.operator()).isEqualTo(ComponentSpec.of("conditional-covariance", "epsilon", 0.1));
        assertThat(spec.decoder()).isEqualTo(ComponentSpec.of("candidates", "from", "unlabelled"));
        assertThat(pipeline("kde-covariance", 0).approximation()).isEmpty();
        PipelineSpec selected = KadriLowRankExperiment.pipeline("kde-cortes", 5, 10, List.of(1e-4, 1e-2), 0, 0,
                KadriLowRankExperiment.selection("kfold", 3, 10, 7, null), UspsTestData.OKL);
        assertThat(selected.selection().orElseThrow().folds()).isEqualTo(3);
        assertThat(selected.selection().orElseThrow().seed()).isEqualTo(7);
    }

    @Test
    void drawsAreSortedDistinctAndSeeded() {
        int[] d = KadriLowRankExperiment.draw(7291, 1200, 3);
        assertThat(d).hasSize(1200).isSorted().doesNotHaveDuplicates();
        assertThat(Arrays.stream(d).allMatch(i -> i >= 0 && i < 7291)).isTrue();
        assertThat(KadriLowRankExperiment.draw(7291, 1200, 3)).isEqualTo(d);
        assertThat(KadriLowRankExperiment.draw(7291, 1200, 4)).isNotEqualTo(d);
    }

    @Test
    void fullRankFactorsGiveTheExactLossAndLowRankIsWorseThanExact() {
        var train = UspsTestData.DATA.train();
        int n = 100;
        int[] rows = UspsData.range(0, n);
        TrainingData data = TrainingData.builder(train.inputs().selectRows(rows), train.outputs().selectRows(rows))
                .unlabelledOutputs(train.outputs().selectRows(rows)).build();
        Matrix testX = train.inputs().selectRows(UspsData.range(n, n + 200));
        Matrix testY = train.outputs().selectRows(UspsData.range(n, n + 200));
        for (String preset : new String[] {"kde-covariance", "kde-conditional-covariance"}) {
            double exact = loss(pipeline(preset, 0), data, testX, testY);
            double full = loss(pipeline(preset, n), data, testX, testY);
            double rank5 = loss(pipeline(preset, 5), data, testX, testY);
            assertThat(exact).isBetween(0.0, 2.0);
            assertThat(full).as(preset + " rank n").isCloseTo(exact, within(1e-9));
            assertThat(rank5).as(preset + " rank 5").isGreaterThan(exact);
        }
    }

    @Test
    void theCapturedTraceShareIsOneAtFullRankAndGrowsWithTheRank() {
        Matrix x = UspsTestData.DATA.train().inputs().rowRange(0, 80);
        Matrix k = LowRankRun.gram(x, 5);
        assertThat(k.get(3, 3)).isEqualTo(1.0);
        assertThat(LowRankRun.captured(k, 80)).isCloseTo(1.0, within(1e-9));
        double r5 = LowRankRun.captured(k, 5);
        double r20 = LowRankRun.captured(k, 20);
        assertThat(r5).isBetween(5.0 / 80, 1.0).isLessThan(r20);
    }

    private static double loss(PipelineSpec spec, TrainingData data, Matrix testX, Matrix testY) {
        Matrix predicted = UspsTestData.OKL.pipeline(spec).fit(data).predict(testX).outputs();
        return RbfLosses.mean(UspsTestData.OKL, KadriLowRankExperiment.SIGMA_L, testY, predicted);
    }
}
