package org.okl.experiments.multilabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.baldassarre.TestOkl;
import org.okl.experiments.table.ResultTable;

/** The label-set statistics, the draw's training data and the quick protocol on the bundled scene sample. */
class OelMultilabelExperimentTest {
    private static final Okl OKL = TestOkl.create();
    private static final Matrix Y = Matrix.fromRows(new double[][] {{1, 0, 1}, {0, 1, 0}, {1, 0, 1}, {1, 1, 1}});

    @Test
    void labelStatisticsMatchHandCounts() {
        assertThat(LabelSets.meanLabels(Y)).isEqualTo(8.0 / 4, within(1e-15));
        assertThat(LabelSets.distinct(Y)).isEqualTo(3);
        Matrix mode = LabelSets.mostFrequent(Y, 2);
        assertThat(mode.toRows()).isDeepEqualTo(new double[][] {{1, 0, 1}, {1, 0, 1}});
    }

    @Test
    void chosenValuesAreListedPerDrawWithWholeNumbersInFull() {
        String cell = OelMultilabelExperiment.perDraw(List.of(Map.of("output.p", 128), Map.of("output.p", 8.0)));
        assertThat(cell).isEqualTo("p 128/8");
        assertThat(OelMultilabelExperiment.perDraw(List.of(Map.of("filter.lambda", 0.00123))))
                .isEqualTo("lambda 0.0012");
        assertThat(OelMultilabelExperiment.perDraw(List.of(Map.of(), Map.of()))).isEqualTo("-");
    }

    @Test
    void theQuickProtocolReadsBundledDataOnly() {
        assertThat(new OelMultilabelExperiment().datasets(true)).containsExactly("yeast", "scene-sample");
        assertThat(new OelMultilabelExperiment().datasets(false)).containsExactly("yeast", "scene", "emotions",
                "enron");
    }

    @Test
    void quickRunOnTheSceneSampleBeatsTheMostFrequentLabelSet() {
        Dataset data = OKL.create(DatasetSource.class, ComponentSpec.of("scene-sample")).load(OKL.context());
        StringWriter progress = new StringWriter();
        ExperimentContext context = new ExperimentContext(OKL, true, 0, new PrintWriter(progress));
        var run = OelMultilabelExperiment.runDataset("scene-sample", data, OelMultilabelExperiment.QUICK, context);
        assertThat(progress.toString()).contains("oel-multilabel: scene-sample draw 1/2");
        assertThat(run.n()).isEqualTo(121);
        assertThat(run.m()).isEqualTo(404 - 121);

        double baseline = (modeF1(data, 0) + modeF1(data, 1)) / 2;
        assertThat(100 * run.mean("most frequent label set")).isEqualTo(baseline, within(1e-9));
        for (String method : List.of("IOKR (OEL's λ)", "IOKR (own λ)", "OEL0", "OEL")) {
            double f1 = 100 * run.mean(method);
            assertThat(f1).as(method).isBetween(0.0, 100.0).isGreaterThan(baseline + 5);
        }
        assertThat(run.chosen().get(3).get(0)).containsKeys("output.c", "output.p", "filter.lambda");

        ResultTable table = OelMultilabelExperiment.table(List.of(run), OelMultilabelExperiment.QUICK);
        assertThat(table.rows()).extracting(r -> r.get(2)).containsExactlyElementsOf(OelMultilabelExperiment.METHODS);
        assertThat(table.rows()).allSatisfy(r -> assertThat(r.get(0)).isEqualTo("scene-sample"));
        assertThat(OelMultilabelExperiment.paperTable().rows()).extracting(r -> r.get(3))
                .containsExactly("13.7", "16.1", "19.0");
    }

    /**
     * The example-based F1 (%) on the test set of predicting, for every test point, the most frequent label set of
     * the labelled rows of the draw with this seed, counted here from scratch.
     */
    private static double modeF1(Dataset data, long seed) {
        Dataset.Split train = data.train();
        LabelledDraw draw = LabelledDraw.draw(train.size(), 121, Integer.MAX_VALUE, seed);
        TrainingData td = OelMultilabelExperiment.trainingData(train, draw);
        Map<String, Integer> counts = new HashMap<>();
        double[][] labelled = td.outputs().toRows();
        for (double[] row : labelled) {
            counts.merge(Arrays.toString(row), 1, Integer::sum);
        }
        int max = counts.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        double[] bestRow = Arrays.stream(labelled).filter(r -> counts.get(Arrays.toString(r)) == max).findFirst()
                .orElseThrow();
        double sum = 0;
        double[][] truth = data.test().orElseThrow().outputs().toRows();
        for (double[] y : truth) {
            int both = 0;
            int sizes = 0;
            for (int j = 0; j < y.length; j++) {
                both += (int) (y[j] * bestRow[j]);
                sizes += (int) (y[j] + bestRow[j]);
            }
            sum += sizes == 0 ? 1 : 2.0 * both / sizes;
        }
        return 100 * sum / truth.length;
    }
}
