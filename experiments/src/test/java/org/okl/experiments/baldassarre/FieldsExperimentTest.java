package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.core.Okl;
import org.okl.experiments.TestSeal;
import org.okl.core.PipelineSpec;

class FieldsExperimentTest {
    private static final FieldsExperiment.Protocol SMALL =
            new FieldsExperiment.Protocol(new int[] {100}, 1, List.of(0.0, 0.5, 1.0), 5, 1);

    @Test
    void divCurlSearchesGammaAndTheBaselineIsTheSeparableIdentityWithTheSameWidth() {
        PipelineSpec dc = FieldsExperiment.divCurlPipeline(700, SMALL, 1);
        assertThat(dc.kernel()).isEmpty();
        assertThat(dc.operator().name()).isEqualTo("div-curl");
        assertThat(dc.operator().parameters()).containsEntry("sigma", 0.8);
        assertThat(dc.selection().orElseThrow().grid()).isEqualTo(Map.of("operator.gamma", SMALL.gammas()));
        assertThat(dc.selection().orElseThrow().folds()).isEqualTo(5);
        PipelineSpec ind = FieldsExperiment.independentPipeline(700, SMALL, 1);
        assertThat(ind.kernel().orElseThrow().parameters()).containsEntry("sigma", 0.8);
        assertThat(ind.operator().parameters().get("matrix")).isEqualTo(ComponentSpec.of("identity"));
        assertThat(ind.filter().parameters()).containsEntry("iterations", 700);
    }

    @Test
    void divCurlBeatsIndependentComponentsOnTheHelmholtzFieldAtTheLargestSize() {
        FieldsExperiment.Setting helmholtz = FieldsExperiment.Setting.ALL.get(4);
        assertThat(helmholtz.label()).contains("Helmholtz").contains("noiseless");
        FieldsExperiment.Repetition r = FieldsExperiment.repetition(Okl.builder().build(), new TestSeal(), helmholtz,
                100, SMALL, 3);
        assertThat(r.divCurl()).isLessThan(r.independent());
        assertThat(r.independent()).isLessThan(0.2);
    }

    @Test
    void aPureCurlFreeFieldSelectsTheCurlFreeKernel() {
        FieldsExperiment.Setting curlFree = FieldsExperiment.Setting.ALL.get(0);
        assertThat(curlFree.trueGamma()).isZero();
        FieldsExperiment.Repetition r = FieldsExperiment.repetition(Okl.builder().build(), new TestSeal(), curlFree,
                100, SMALL, 5);
        assertThat(r.gamma()).isZero();
        assertThat(r.divCurl()).isLessThan(r.independent());
    }
}
