package org.okl.experiments.usps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.pipeline.TrainingData;

class KadriLowRankExperimentTest {

    @Test
    void pipelineAsksForIncompleteCholeskyOfRankMOnBothGrams() {
        PipelineSpec spec = KadriLowRankExperiment.pipeline("kde-conditional-covariance", 5, 1e-4, 0.1, 50,
                UspsTestData.OKL);
        assertThat(spec.approximation()).contains(ComponentSpec.of("incomplete-cholesky", "rank", 50L,
                "outputRank", 50L));
        assertThat(spec.operator()).isEqualTo(ComponentSpec.of("conditional-covariance", "epsilon", 0.1));
        assertThat(KadriLowRankExperiment.pipeline("kde-covariance", 5, 1e-4, 0.1, 0, UspsTestData.OKL)
                .approximation()).isEmpty();
    }

    @Test
    void fullRankFactorsGiveTheExactLossAndLowRankIsWorseThanExact() {
        var train = UspsTestData.DATA.train();
        int n = 100;
        TrainingData data = UspsData.labelled(train, UspsData.range(0, n));
        Matrix testX = train.inputs().selectRows(UspsData.range(n, n + 200));
        Matrix testY = train.outputs().selectRows(UspsData.range(n, n + 200));
        for (String preset : new String[] {"kde-covariance", "kde-conditional-covariance"}) {
            double exact = KadriLowRankExperiment.timed(UspsTestData.OKL, KadriLowRankExperiment.pipeline(preset, 5,
                    1e-4, 0.1, 0, UspsTestData.OKL), data, testX, testY).loss();
            double full = KadriLowRankExperiment.timed(UspsTestData.OKL, KadriLowRankExperiment.pipeline(preset, 5,
                    1e-4, 0.1, n, UspsTestData.OKL), data, testX, testY).loss();
            double rank5 = KadriLowRankExperiment.timed(UspsTestData.OKL, KadriLowRankExperiment.pipeline(preset, 5,
                    1e-4, 0.1, 5, UspsTestData.OKL), data, testX, testY).loss();
            assertThat(exact).isBetween(0.0, 2.0);
            assertThat(full).as(preset + " rank n").isCloseTo(exact, within(1e-9));
            assertThat(rank5).as(preset + " rank 5").isGreaterThan(exact);
        }
    }
}
