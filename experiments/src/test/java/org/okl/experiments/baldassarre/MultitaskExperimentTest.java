package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.core.Okl;
import org.okl.experiments.TestSeal;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.TrainingData;
import org.okl.core.Model;
import org.okl.core.select.Split;
import org.okl.api.linalg.Matrix;

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
                    List.of(MultitaskExperiment.Method.values()), seed, true);
            coupled += r.mse().get(MultitaskExperiment.Method.MT_COUPLED) / 2;
            independent += r.mse().get(MultitaskExperiment.Method.MT_INDEPENDENT) / 2;
            // noiseless test targets: every method's excess error is positive and finite; independent tasks can be
            // poor at n = 10
            r.mse().values().forEach(v -> assertThat(v).isBetween(1e-5, 0.3));
            assertThat(r.trainingOnly()).containsOnlyKeys(MultitaskExperiment.WITHOUT_REFIT);
            r.trainingOnly().values().forEach(v -> assertThat(v).isBetween(1e-5, 0.5));
        }
        assertThat(coupled).isLessThanOrEqualTo(independent * 1.05);
    }

    /**
     * B12's protocol keeps the model trained on the training half at the chosen values: that model's error on the
     * validation half is the point the selection's validation curve chose (computed by the selection along the
     * ν-method's path; here by a separate fit with the iterations fixed).
     */
    @Test
    void theTrainingOnlyModelScoresTheChosenValidationError() {
        Okl okl = Okl.builder().build();
        for (MultitaskExperiment.Method m : MultitaskExperiment.WITHOUT_REFIT) {
            TestSeal.Sealed d = new TestSeal().split(Fits.load(okl, MultitaskExperiment.relatedTasks(10, 0.6, false,
                    21)));
            TrainingData data = Fits.training(d.train());
            PipelineSpec spec = MultitaskExperiment.pipeline(m, OMEGAS, 21);
            Model selected = okl.pipeline(spec).fit(data);
            Split split = MultitaskExperiment.validationSplit(spec, data);
            assertThat(split.train().length + split.validation().length).isEqualTo(data.size());
            Model kept = okl.pipeline(MultitaskExperiment.trainingOnly(m, selected)).fit(data.subset(split.train()));
            TrainingData validation = data.subset(split.validation());
            Matrix predicted = kept.predict(validation.inputs(), validation.groups().orElseThrow()).outputs();
            double chosenError = selected.provenance().validationCurve().stream()
                    .mapToDouble(Provenance.CurvePoint::error).min().orElseThrow();
            assertThat(Fits.mse(validation.outputs(), predicted)).isCloseTo(chosenError, within(1e-9 + 1e-6
                    * chosenError));
        }
    }
}
