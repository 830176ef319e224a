package org.okl.experiments.mtr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.experiments.baldassarre.Fits;

class MtrPiecesTest {

    @Test
    void standardiserUsesTheTrainingMomentsAndLeavesConstantColumnsUnscaled() {
        Matrix train = Matrix.fromRows(new double[][] {{1, 5}, {3, 5}, {5, 5}});
        Standardizer s = Standardizer.fit(train);
        Matrix z = s.apply(train);
        double sd = Math.sqrt(8.0 / 3);
        assertThat(z.get(0, 0)).isCloseTo(-2 / sd, within(1e-12));
        assertThat(z.get(2, 0)).isCloseTo(2 / sd, within(1e-12));
        assertThat(z.get(1, 1)).isZero();
        Matrix test = s.apply(Matrix.fromRows(new double[][] {{7, 6}}));
        assertThat(test.get(0, 0)).isCloseTo(4 / sd, within(1e-12));
        assertThat(test.get(0, 1)).isCloseTo(1, within(1e-12));
    }

    @Test
    void outerFoldsPartitionTheRows() {
        List<int[][]> folds = OuterFolds.kFold(23, 5, 9);
        Set<Integer> tested = new HashSet<>();
        for (int[][] f : folds) {
            assertThat(f[0].length + f[1].length).isEqualTo(23);
            assertThat(f[1].length).isBetween(4, 5);
            for (int i : f[1]) {
                assertThat(tested.add(i)).isTrue();
                assertThat(Arrays.binarySearch(f[0], i)).isNegative();
            }
        }
        assertThat(tested).hasSize(23);
    }

    @Test
    void pipelinesChooseWidthAndCouplingByInnerCrossValidation() {
        PipelineSpec cs = MtrExperiment.pipeline(MtrExperiment.Method.COMMON_SIMILARITY, MtrExperiment.Protocol.FULL,
                4, 1);
        var grid = cs.selection().orElseThrow().grid();
        assertThat(grid.get("kernel.sigma")).containsExactly(1.0, 2.0, 4.0);
        assertThat(grid).containsKey("operator.matrix.omega");
        assertThat(cs.selection().orElseThrow().method()).isEqualTo(SelectionSpec.Method.KFOLD);
        PipelineSpec cov = MtrExperiment.pipeline(MtrExperiment.Method.COVARIANCE, MtrExperiment.Protocol.FULL, 4, 1);
        assertThat(cov.selection().orElseThrow().grid()).containsKey("operator.matrix.shrinkage");
        assertThat(MtrExperiment.pipeline(MtrExperiment.Method.INDEPENDENT, MtrExperiment.Protocol.FULL, 4, 1)
                .selection().orElseThrow().grid()).containsOnlyKeys("kernel.sigma");
    }

    @Test
    void commonSimilarityAtOmegaZeroIsExactlyTheIndependentModel() {
        Okl okl = org.okl.experiments.baldassarre.TestOkl.create();
        MtrExperiment.Protocol omegaZero = new MtrExperiment.Protocol(3, 2, List.of(1.0), List.of(0.0),
                List.of(1.0), 8);
        MtrExperiment.Outcome o = MtrExperiment.evaluate(okl, new org.okl.experiments.TestSeal(),
                Fits.load(okl, ComponentSpec.of("slump")), omegaZero, 4);
        double[] independent = o.arrmse().get(MtrExperiment.Method.INDEPENDENT);
        assertThat(independent).hasSize(3);
        for (int f = 0; f < 3; f++) {
            assertThat(o.arrmse().get(MtrExperiment.Method.COMMON_SIMILARITY)[f]).isCloseTo(independent[f],
                    within(1e-9));
            // shrinkage 1: (tr/d) I, which is I on the outer training part (inner folds differ slightly)
            assertThat(o.arrmse().get(MtrExperiment.Method.COVARIANCE)[f]).isCloseTo(independent[f], within(0.02));
            assertThat(independent[f]).isBetween(0.2, 1.2);
        }
    }
}
