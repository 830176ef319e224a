package org.okl.experiments.usps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.table.Stats;

class KadriUspsExperimentTest {

    @Test
    void fiveDisjointFoldsOf200CoverTheFirst1000RowsAndTestOnTheOther800() {
        List<int[][]> runs = KadriUspsExperiment.runs(1000, 5);
        assertThat(runs).hasSize(5);
        BitSet seen = new BitSet();
        for (int[][] run : runs) {
            assertThat(run[0]).hasSize(200);
            assertThat(run[1]).hasSize(800);
            BitSet train = new BitSet();
            Arrays.stream(run[0]).forEach(train::set);
            assertThat(train.intersects(seen)).isFalse();
            seen.or(train);
            BitSet all = (BitSet) train.clone();
            Arrays.stream(run[1]).forEach(i -> {
                assertThat(train.get(i)).isFalse();
                all.set(i);
            });
            assertThat(all.cardinality()).isEqualTo(1000);
            assertThat(all.nextSetBit(0)).isZero();
            assertThat(all.length()).isEqualTo(1000);
        }
        assertThat(seen.cardinality()).isEqualTo(1000);
        assertThatThrownBy(() -> KadriUspsExperiment.runs(1000, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void lambdaIsThePapersLambdaOverN() {
        assertThat(KadriMethod.oklLambda(0.1, 200)).isCloseTo(5e-4, within(1e-18));
        assertThat(KadriMethod.oklLambda(0.01, 200)).isCloseTo(5e-5, within(1e-18));
        assertThatThrownBy(() -> KadriMethod.oklLambda(0.1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tableHoldsThePapersNumbers() {
        assertThat(KadriMethod.ALL).extracting(KadriMethod::paperLoss)
                .containsExactly(0.9247, 0.8145, 0.7550, 0.6276);
        assertThat(KadriMethod.ALL).extracting(KadriMethod::paperStd)
                .containsExactly(0.0112, 0.0131, 0.0142, 0.0106);
        assertThat(KadriMethod.ALL).extracting(KadriMethod::sigmaL).containsExactly(10.0, 10.0, 12.0, 12.0);
        assertThat(KadriMethod.ALL.get(3).paperText()).isEqualTo("0.6276 ± 0.0106");
    }

    @Test
    void paperPipelineCarriesTheMappedParameters() {
        KadriMethod conditional = KadriMethod.ALL.get(3);
        PipelineSpec spec = KadriUspsExperiment.paperPipeline(conditional, 200, UspsTestData.OKL);
        assertThat(spec.kernel()).contains(ComponentSpec.of("gaussian", "sigma", 1.0));
        assertThat(spec.filter()).isEqualTo(ComponentSpec.of("tikhonov", "lambda", 5e-4));
        assertThat(spec.operator()).isEqualTo(ComponentSpec.of("conditional-covariance", "epsilon", 5e-4));
        assertThat(spec.output().parameters().get("kernel")).isEqualTo(ComponentSpec.of("gaussian", "sigma", 12.0));
        assertThat(spec.decoder().parameters().get("from")).isEqualTo("train");
        PipelineSpec weston = KadriUspsExperiment.paperPipeline(KadriMethod.ALL.get(1), 200, UspsTestData.OKL);
        assertThat(weston.output().name()).isEqualTo("kpca");
        assertThat(weston.output().parameters().get("components")).isEqualTo(64L);
    }

    @Test
    void selectedConditionalKdeIsAValidLossAndBeatsTheMeanBottomHalf() {
        var train = UspsTestData.DATA.train();
        int[][] run = KadriUspsExperiment.runs(1000, 5).get(0);
        TrainingData fold = UspsData.labelled(train, run[0]);
        Matrix testX = train.inputs().selectRows(run[1]);
        Matrix testY = train.outputs().selectRows(run[1]);
        KadriMethod conditional = KadriMethod.ALL.get(3);
        PipelineSpec spec = KadriUspsExperiment.selectedPipeline(conditional, KadriUspsExperiment.QUICK, 0,
                UspsTestData.OKL);
        Matrix predicted = UspsTestData.OKL.pipeline(spec).fit(fold).predict(testX).outputs();
        double loss = RbfLosses.mean(UspsTestData.OKL, KadriUspsExperiment.COMMON_SIGMA_L, testY, predicted);
        double meanLoss = Stats.mean(RbfLosses.perPoint(KadriUspsExperiment.COMMON_SIGMA_L, testY,
                UspsData.meanRows(fold.outputs(), testY.rows())));
        assertThat(loss).isBetween(0.0, 2.0);
        assertThat(loss).isLessThan(meanLoss - 0.02);
        // every prediction is one of the 200 training bottom halves (pre-image over the training fold)
        List<List<Double>> candidates = Arrays.stream(fold.outputs().toRows())
                .map(r -> Arrays.stream(r).boxed().toList()).toList();
        IntStream.range(0, predicted.rows()).forEach(i -> assertThat(candidates)
                .contains(Arrays.stream(predicted.toRows()[i]).boxed().toList()));
    }
}
