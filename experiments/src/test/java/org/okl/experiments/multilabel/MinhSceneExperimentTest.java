package org.okl.experiments.multilabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.baldassarre.TestOkl;
import org.okl.core.Okl;

/** The labelled/unlabelled draws and the quick scene protocol. */
class MinhSceneExperimentTest {
    private static final Okl OKL = TestOkl.create();

    @Test
    void drawsAreDisjointOfTheRequestedSizesAndSeeded() {
        LabelledDraw d = LabelledDraw.draw(1211, 100, Integer.MAX_VALUE, 3);
        assertThat(d.labelled()).hasSize(100);
        assertThat(d.unlabelled()).hasSize(1111);
        int[] all = IntStream.concat(Arrays.stream(d.labelled()), Arrays.stream(d.unlabelled())).sorted().toArray();
        assertThat(all).isEqualTo(IntStream.range(0, 1211).toArray());
        assertThat(LabelledDraw.draw(1211, 100, 300, 3).unlabelled()).hasSize(300);
        assertThat(LabelledDraw.draw(1211, 100, 300, 3).labelled()).isEqualTo(d.labelled());
        assertThat(LabelledDraw.draw(1211, 100, 300, 4).labelled()).isNotEqualTo(d.labelled());
        assertThatThrownBy(() -> LabelledDraw.draw(10, 10, 5, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void medianDistanceMatchesAHandComputedValue() {
        // distances 1, 2, sqrt(5): median 2
        assertThat(Summary.medianDistance(new double[][] {{0, 0}, {1, 0}, {1, 2}})).isEqualTo(2.0);
    }

    @Test
    void theQuickProtocolReadsTheBundledSliceAndTheFullOneScene() {
        assertThat(new MinhSceneExperiment().datasets(true)).containsExactly("scene-sample");
        assertThat(new MinhSceneExperiment().datasets(false)).containsExactly("scene");
    }

    @Test
    void quickRunGivesAMeanAucWellAboveChance() {
        StringWriter progress = new StringWriter();
        ExperimentResult r = new MinhSceneExperiment().run(new ExperimentContext(OKL, true, 0,
                new PrintWriter(progress)));
        assertThat(progress.toString()).contains("minh-scene:");
        assertThat(r.figures()).isNotEmpty();
        ResultTable t = r.tables().get(0);
        int col = t.columns().indexOf("test set (ours)");
        String vvmr = t.rows().stream().filter(row -> row.get(0).startsWith("VVMR")).findFirst().orElseThrow().get(col);
        double auc = Double.parseDouble(vvmr.substring(0, vvmr.indexOf('(')));
        assertThat(auc).isGreaterThan(60).isLessThanOrEqualTo(100);
    }
}
