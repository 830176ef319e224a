package org.okl.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.baldassarre.TestOkl;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;

/** Evaluation outputs reach code only in their one final scoring: a selection that reads them fails. */
class HeldOutTest {
    private static final Okl OKL = TestOkl.create();

    private static final Matrix X = Matrix.fromRows(new double[][] {{0}, {0.2}, {0.4}, {0.6}, {0.8}, {1.0}});
    private static final Matrix Y = Matrix.fromRows(new double[][] {{0}, {0.4}, {0.8}, {1.2}, {1.6}, {2.0}});

    @Test
    void theOutputsAreSealedBeforeAndAfterTheOneFinalScoring() {
        HeldOut set = HeldOut.of("the test set", X, Y);
        assertThat(set.inputs()).isSameAs(X);
        assertThat(set.size()).isEqualTo(6);
        assertThatThrownBy(set::outputs).isInstanceOf(HeldOut.SealedOutputsException.class)
                .hasMessage("the outputs of the test set are sealed until its final scoring: model selection must"
                        + " not read them");
        double sum = set.finalScoring(y -> {
            assertThat(set.outputs()).isSameAs(y);
            return y.data()[5];
        });
        assertThat(sum).isEqualTo(2.0);
        assertThat(set.scored()).isTrue();
        assertThatThrownBy(set::outputs).hasMessageContaining("(done already)");
        assertThatThrownBy(() -> set.finalScoring(y -> 0)).isInstanceOf(HeldOut.SealedOutputsException.class)
                .hasMessageContaining("scored already");
    }

    @Test
    void aSelectionThatValidatesOnTheEvaluationOutputsFails() {
        HeldOut test = HeldOut.of("the test set", X, Y);
        // the pattern of issue 20: fit candidates, score each on the evaluation set, keep the best
        List<PipelineSpec> candidates = new ArrayList<>();
        for (double sigma : new double[] {0.1, 1.0}) {
            candidates.add(PipelineSpec.builder().kernel(Kernels.gaussian(sigma)).filter(Filters.tikhonov(1e-3))
                    .build());
        }
        TrainingData train = TrainingData.of(X, Y);
        assertThatThrownBy(() -> {
            double best = Double.POSITIVE_INFINITY;
            for (PipelineSpec spec : candidates) {
                Matrix predicted = OKL.pipeline(spec).fit(train).predict(test.inputs()).outputs();
                best = Math.min(best, predicted.minus(test.outputs()).frobeniusNorm());
            }
        }).isInstanceOf(HeldOut.SealedOutputsException.class);
        // nor can the evaluation outputs become a pipeline's validation data
        assertThatThrownBy(() -> OKL.pipeline(PipelineSpec.builder().kernel(Kernels.gaussian(1.0))
                .filter(Filters.tikhonov(1e-1, 1e-3)).selection(SelectionSpec.kfold(2).build()).build())
                .fit(TrainingData.of(test.inputs(), test.outputs()))).isInstanceOf(HeldOut.SealedOutputsException.class);
        // and scoring every candidate in the final scoring leaves nothing to score the chosen one with again
        double[] errors = test.finalScoring(y -> candidates.stream().mapToDouble(spec -> OKL.pipeline(spec).fit(train)
                .predict(test.inputs()).outputs().minus(y).frobeniusNorm()).toArray());
        assertThat(errors).hasSize(2);
        assertThatThrownBy(() -> test.finalScoring(y -> y)).isInstanceOf(HeldOut.SealedOutputsException.class);
    }

    @Test
    void rowsAndTasksOfASplitAreKept() {
        var split = new org.okl.api.data.Dataset.Split(X, Y, java.util.Optional.of(new int[] {0, 0, 1, 1, 2, 2}));
        HeldOut part = HeldOut.of("rows 1 and 4", split, new int[] {1, 4});
        assertThat(part.inputs().toRows()).isEqualTo(new double[][] {{0.2}, {0.8}});
        assertThat(part.tasks()).contains(new int[] {0, 2});
        double[][] rows = part.finalScoring(Matrix::toRows);
        assertThat(rows).isEqualTo(new double[][] {{0.4}, {1.6}});
        assertThatThrownBy(() -> HeldOut.of("bad", X, Y.rowRange(0, 3))).hasMessageContaining("6 inputs but 3");
    }
}
