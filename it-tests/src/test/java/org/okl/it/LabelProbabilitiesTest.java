package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Evaluation;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * Calibrated label probabilities ({@link Model#predictProbabilities}): an exact Tikhonov fit of 0/1 labels stores a
 * Platt scaling per label fitted on its closed-form leave-one-out scores; on the held-out test split of the bundled
 * multi-label sets the probabilities' expected calibration error is lower than that of the raw scores clipped to
 * [0, 1]; the scaling survives the model file; a regression model has none.
 */
class LabelProbabilitiesTest {
    private static final Okl OKL = Okl.builder().seed(3).build();

    private static PipelineSpec labels(double lambda) {
        return PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "bandwidth", "median"))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambda)).output(ComponentSpec.of("labels"))
                .decoder(ComponentSpec.of("threshold")).build();
    }

    @Test
    void calibratedProbabilitiesHaveALowerCalibrationErrorThanRawScores(@TempDir Path dir) {
        for (String name : new String[] {"yeast", "scene-sample"}) {
            Dataset d = OKL.dataset(name);
            int n = Math.min(1000, d.train().inputs().rows());
            int[] rows = IntStream.range(0, n).toArray();
            Model model = OKL.pipeline(labels(1e-2)).fit(TrainingData.of(d.train().inputs().selectRows(rows),
                    d.train().outputs().selectRows(rows)));
            assertThat(model.hasProbabilities()).as(name).isTrue();
            TrainingData test = TrainingData.of(d.test().orElseThrow().inputs(), d.test().orElseThrow().outputs());
            Map<String, Double> scores = Evaluation.probabilityScores(model, test);
            System.out.println(name + ": " + scores);
            assertThat(scores.get("ece")).as(name + " " + scores).isLessThan(scores.get("ece-raw"));
            Matrix p = model.predictProbabilities(test.inputs());
            for (double v : p.data()) {
                assertThat(v).isBetween(0.0, 1.0);
            }
            Path file = dir.resolve(name + ".okl");
            model.save(file);
            Model loaded = Model.load(file, OKL);
            assertThat(loaded.predictProbabilities(test.inputs()).maxAbsDifference(p)).isLessThan(1e-12);
            assertThatThrownBy(() -> loaded.predictIntervals(test.inputs(), 0.9)).isInstanceOf(OklException.class)
                    .hasMessageContaining("probabilities");
        }
    }

    /**
     * The automatic pipeline on one 0/1 column ({@code auto-binary}, +-1 codes decided at 0) keeps calibrated
     * probabilities: Platt scaling of its leave-one-out scores lowers the calibration error of the raw scores, and
     * in more than 9 of 10 test rows a probability above one half goes with the label decided 1 (rows whose score
     * lies near the threshold may differ: Platt's midpoint need not be the sign's).
     */
    @Test
    void theBinaryAutomaticPipelineHasCalibratedProbabilities() {
        Dataset d = OKL.dataset("scene-sample");
        int[] rows = IntStream.range(0, Math.min(400, d.train().inputs().rows())).toArray();
        Model model = OKL.pipeline(PipelineSpec.auto().build()).fit(TrainingData.of(
                d.train().inputs().selectRows(rows), d.train().outputs().selectRows(rows).columnRange(0, 1)));
        assertThat(model.spec().output().parameters()).containsEntry("coding", "plus-minus");
        assertThat(model.hasProbabilities()).isTrue();
        TrainingData test = TrainingData.of(d.test().orElseThrow().inputs(),
                d.test().orElseThrow().outputs().columnRange(0, 1));
        Map<String, Double> scores = Evaluation.probabilityScores(model, test);
        assertThat(scores.get("ece")).as(scores.toString()).isLessThan(scores.get("ece-raw"));
        Matrix p = model.predictProbabilities(test.inputs());
        Matrix decided = model.predict(test.inputs()).outputs();
        int agree = 0;
        for (int i = 0; i < p.rows(); i++) {
            assertThat(p.get(i, 0)).isBetween(0.0, 1.0);
            agree += (p.get(i, 0) > 0.5) == (decided.get(i, 0) == 1.0) ? 1 : 0;
        }
        assertThat(agree).as("rows where the probability and the decision agree").isGreaterThan(9 * p.rows() / 10);
    }

    @Test
    void aRegressionModelHasNoProbabilities() {
        Matrix x = Matrix.fromRows(new double[][] {{0}, {1}, {2}, {3}, {4}});
        Matrix y = Matrix.fromRows(new double[][] {{0.5}, {1.5}, {2}, {3.5}, {4}});
        Model model = OKL.pipeline(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.0))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2)).build()).fit(TrainingData.of(x, y));
        assertThat(model.hasProbabilities()).isFalse();
        assertThatThrownBy(() -> model.predictProbabilities(x)).isInstanceOf(OklException.class)
                .hasMessageContaining("no calibrated label probabilities");
    }
}
