package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.core.Okl;
import org.okl.experiments.TestSeal;
import org.okl.core.PipelineSpec;

class MultitaskExperimentTest {
    private static final List<Object> OMEGAS = List.of(0.0, 0.5, 1.0);

    @Test
    void coupledMethodsSearchOmegaAndIndependentOnesUseTheIdentity() {
        for (MultitaskExperiment.Method m : MultitaskExperiment.Method.values()) {
            PipelineSpec spec = MultitaskExperiment.pipeline(m, OMEGAS, 5);
            boolean independent = m == MultitaskExperiment.Method.MT_INDEPENDENT
                    || m == MultitaskExperiment.Method.VV_INDEPENDENT;
            Object matrix = spec.operator().parameters().get("matrix");
            assertThat(matrix.toString()).contains(independent ? "identity" : "common-similarity");
            assertThat(spec.selection().orElseThrow().grid())
                    .isEqualTo(independent ? Map.of() : Map.of("operator.matrix.omega", OMEGAS));
            assertThat(spec.selection().orElseThrow().fraction()).isEqualTo(0.5);
        }
        assertThat(MultitaskExperiment.pipeline(MultitaskExperiment.Method.MT_LANDWEBER, OMEGAS, 1).filter()
                .parameters()).containsEntry("iterations", 1000);
        assertThat((List<?>) MultitaskExperiment.pipeline(MultitaskExperiment.Method.MT_TIKHONOV, OMEGAS, 1)
                .filter().parameters().get("lambda")).hasSize(25);
    }

    @Test
    void generatorDrawsTrainingPlusValidationPerTask() {
        assertThat(MultitaskExperiment.relatedTasks(10, 0.6, false, 3).parameters()).containsEntry("n", 20)
                .containsEntry("nTest", 250).containsEntry("sameInputs", false).containsEntry("noisyTest", false);
    }

    @Test
    void multiTaskCouplingIsNotWorseThanIndependentTasksAtTheSmallestSize() {
        Okl okl = Okl.builder().build();
        double coupled = 0;
        double independent = 0;
        for (long seed = 11; seed < 13; seed++) {
            MultitaskExperiment.Repetition r = MultitaskExperiment.repetition(okl, new TestSeal(), 10, 0.6, OMEGAS,
                    List.of(MultitaskExperiment.Method.values()), seed);
            coupled += r.mse().get(MultitaskExperiment.Method.MT_COUPLED) / 2;
            independent += r.mse().get(MultitaskExperiment.Method.MT_INDEPENDENT) / 2;
            // noiseless test targets: every method's excess error is positive and finite; independent tasks can be
            // poor at n = 10
            r.mse().values().forEach(v -> assertThat(v).isBetween(1e-5, 0.3));
        }
        assertThat(coupled).isLessThanOrEqualTo(independent * 1.05);
    }
}
