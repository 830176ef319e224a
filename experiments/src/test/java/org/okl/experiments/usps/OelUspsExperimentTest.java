package org.okl.experiments.usps;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

class OelUspsExperimentTest {

    @Test
    void labelledAreTheFirst1000AndUnlabelledTheLast6000BottomHalves() {
        var train = UspsTestData.DATA.train();
        TrainingData data = OelUspsExperiment.trainingData(train, 1000, 6000);
        assertThat(data.size()).isEqualTo(1000);
        assertThat(data.inputs().cols()).isEqualTo(128);
        Matrix u = data.unlabelledOutputs().orElseThrow();
        assertThat(u.rows()).isEqualTo(6000);
        assertThat(u.rowRange(0, 1).maxAbsDifference(train.outputs().rowRange(1291, 1292))).isZero();
        assertThat(u.rowRange(5999, 6000).maxAbsDifference(train.outputs().rowRange(7290, 7291))).isZero();
        assertThat(data.outputs().rowRange(999, 1000).maxAbsDifference(train.outputs().rowRange(999, 1000)))
                .isZero();
    }

    @Test
    void candidatesAreTheLabelledAndUnlabelledOutputs() {
        var train = UspsTestData.DATA.train();
        TrainingData data = OelUspsExperiment.trainingData(train, 60, 140);
        PipelineSpec spec = OelUspsExperiment.selectedPipeline("IOKR", OelUspsExperiment.QUICK,
                OelUspsExperiment.QUICK.sigmas(), 0,
                UspsTestData.OKL);
        Model model = UspsTestData.OKL.pipeline(OelUspsExperiment.fixed(UspsTestData.OKL.pipeline(spec)
                .fit(data))).fit(data);
        assertThat(model.spec().selection()).isEmpty();
        assertThat(model.spec().filter().parameters().get("lambda")).isInstanceOf(Double.class);
        Decoded decoded = model.predict(UspsTestData.DATA.test().inputs().rowRange(0, 200));
        int[][] ranking = decoded.ranking().orElseThrow().indices();
        int max = 0;
        for (int[] r : ranking) {
            assertThat(r[0]).isBetween(0, 199);
            max = Math.max(max, r[0]);
        }
        assertThat(max).as("some prediction is an unlabelled output").isGreaterThanOrEqualTo(60);
    }

    @Test
    void tableHoldsThePapersNumbers() {
        assertThat(OelUspsExperiment.PAPER).extracting(OelUspsExperiment.PaperRow::loss)
                .containsExactly(0.801, 0.764, 0.751, 0.734, 0.725);
        assertThat(OelUspsExperiment.PAPER).extracting(OelUspsExperiment.PaperRow::p)
                .containsExactly("128", "64", "∞", "64", "98");
        // BM22's sigma^2 = 10, on ESL's [-1, 1] pixels as distributed, fixed before any run
        assertThat(OelUspsExperiment.SIGMA_L * OelUspsExperiment.SIGMA_L).isEqualTo(10.0, org.assertj.core.api
                .Assertions.within(1e-12));
    }
}
