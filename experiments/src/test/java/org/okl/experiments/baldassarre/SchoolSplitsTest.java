package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;

class SchoolSplitsTest {
    /** Group sizes 30, 2, 10, 1: rows grouped in blocks. */
    private final int[] groups = IntStream.range(0, 43).map(i -> i < 30 ? 0 : i < 32 ? 1 : i < 42 ? 2 : 3).toArray();

    @Test
    void everyGroupIsDealtIntoDisjointPartsOfTheRightSizes() {
        SchoolSplits.Split s = SchoolSplits.split(groups, 0.6, 7);
        Set<Integer> seen = new HashSet<>();
        for (int[] part : List.of(s.train(), s.validation(), s.test())) {
            for (int i : part) {
                assertThat(seen.add(i)).as("row %d used twice", i).isTrue();
            }
        }
        // group 0: m = 18 -> 6 / 6 / 6; group 1: m = 1 -> 1 / 0 / 0; group 2: m = 6 -> 2 / 2 / 2; group 3: 1 / 0 / 0
        assertThat(count(s.train(), 0)).isEqualTo(6);
        assertThat(count(s.validation(), 0)).isEqualTo(6);
        assertThat(count(s.test(), 0)).isEqualTo(6);
        assertThat(count(s.train(), 1)).isEqualTo(1);
        assertThat(count(s.validation(), 1) + count(s.test(), 1)).isZero();
        assertThat(count(s.train(), 2)).isEqualTo(2);
        assertThat(count(s.test(), 2)).isEqualTo(2);
        assertThat(count(s.train(), 3)).isEqualTo(1);
        assertThat(s.train()).isSorted();
    }

    @Test
    void splitsAreSeededAndDifferAcrossSeeds() {
        assertThat(SchoolSplits.split(groups, 0.6, 3).train()).isEqualTo(SchoolSplits.split(groups, 0.6, 3).train());
        assertThat(SchoolSplits.split(groups, 0.6, 3).train()).isNotEqualTo(SchoolSplits.split(groups, 0.6, 4)
                .train());
    }

    @Test
    void relabellingGivesTheLargestGroupTheHighestLabelAndIsABijection() {
        int[] rows = IntStream.range(0, groups.length).toArray();
        int[] relabelled = SchoolSplits.relabel(groups, rows);
        assertThat(relabelled[0]).isEqualTo(3);
        assertThat(relabelled[35]).isEqualTo(2);
        assertThat(relabelled[30]).isEqualTo(1);
        assertThat(relabelled[42]).isEqualTo(0);
        assertThat(Arrays.stream(relabelled).distinct().count()).isEqualTo(4);
    }

    @Test
    void studentInputsAreOneHotBandsSexAndTheReadingScore() {
        // columns of school-exam: schgend=boys, schgend=girls, schavg, vr, intake, standLRT, sex=M, type=Sngl
        Matrix exam = Matrix.fromRows(new double[][] {{1, 0, 0.3, 2, 0, -0.5, 1, 1}, {0, 0, -0.1, 0, 1, 0.7, 0, 0}});
        Matrix x = SchoolSplits.studentInputs(exam);
        assertThat(x.row(0)).containsExactly(1, 0, 0, 1, 1, 0, 0, -0.5);
        assertThat(x.row(1)).containsExactly(0, 1, 0, 0, 0, 1, 0, 0.7);
    }

    @Test
    void schoolPipelinesUseTheKnnWidthTheCommonSimilarityGridAndThePapersPaths() {
        for (SchoolExperiment.Method m : SchoolExperiment.Method.values()) {
            PipelineSpec spec = SchoolExperiment.pipeline(m, List.of(0.0, 1.0), 0.5, 1);
            assertThat(spec.kernel().orElseThrow().parameters()).containsEntry("bandwidth", "knn");
            assertThat(spec.selection().orElseThrow().grid()).isEqualTo(Map.of("operator.matrix.omega",
                    List.of(0.0, 1.0)));
            assertThat(spec.selection().orElseThrow().method()).isEqualTo(SelectionSpec.Method.HOLDOUT);
        }
        assertThat(SchoolExperiment.Method.LANDWEBER.filter.spec().parameters()).containsEntry("iterations", 3000);
        assertThat(SchoolExperiment.Method.NU.filter.spec().parameters()).containsEntry("iterations", 150);
        assertThat((List<?>) SchoolExperiment.Method.TIKHONOV.filter.spec().parameters().get("lambda")).hasSize(30);
    }

    private int count(int[] rows, int group) {
        return (int) Arrays.stream(rows).filter(i -> groups[i] == group).count();
    }
}
