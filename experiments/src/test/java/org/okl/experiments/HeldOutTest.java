package org.okl.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.baldassarre.TestOkl;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;

/**
 * Evaluation outputs reach code only in one final scoring per content and experiment run: no getter hands them out, a
 * copy of the set cannot score it again, and a data set's test split reaches experiments only sealed.
 */
class HeldOutTest {
    private static final Okl OKL = TestOkl.create();

    private static final Matrix X = Matrix.fromRows(new double[][] {{0}, {0.2}, {0.4}, {0.6}, {0.8}, {1.0}});
    private static final Matrix Y = Matrix.fromRows(new double[][] {{0}, {0.4}, {0.8}, {1.2}, {1.6}, {2.0}});

    @Test
    void theOutputsHaveNoGetterAndAreScoredOnce() {
        HeldOut set = new TestSeal().of("the test set", X, Y);
        assertThat(set.inputs()).isSameAs(X);
        assertThat(set.size()).isEqualTo(6);
        double last = set.finalScoring(y -> y.data()[5]);
        assertThat(last).isEqualTo(2.0);
        assertThat(set.scored()).isTrue();
        assertThatThrownBy(() -> set.finalScoring(y -> 0)).isInstanceOf(HeldOut.SealedOutputsException.class)
                .hasMessageContaining("scored already");
        // no public method of HeldOut returns a Matrix other than the inputs, nor exposes the outputs any other way
        List<String> matrixGetters = Arrays.stream(HeldOut.class.getMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && m.getDeclaringClass() == HeldOut.class)
                .filter(m -> m.getReturnType() == Matrix.class || m.getReturnType() == Dataset.Split.class)
                .map(Method::getName).toList();
        assertThat(matrixGetters).containsExactly("inputs");
    }

    @Test
    void aCopyOfTheSameTestSetIsRefusedWhateverObjectScoresIt() {
        TestSeal seal = new TestSeal();
        Dataset.Split split = new Dataset.Split(X, Y);
        seal.of("the test set", X, Y).finalScoring(y -> 0);
        // a new object, another name, copies of the matrices: the same content, refused
        assertThatThrownBy(() -> seal.of("a fresh copy", X.copy(), Y.copy()).finalScoring(y -> 0))
                .isInstanceOf(HeldOut.SealedOutputsException.class)
                .hasMessage("a fresh copy was scored already (as the test set, the same content): an evaluation set"
                        + " is scored once per experiment run, after every choice is made");
        assertThatThrownBy(() -> seal.of("the whole split", split).finalScoring(y -> 0))
                .isInstanceOf(HeldOut.SealedOutputsException.class);
        assertThatThrownBy(() -> seal.of("all rows", split, new int[] {0, 1, 2, 3, 4, 5}).finalScoring(y -> 0))
                .isInstanceOf(HeldOut.SealedOutputsException.class);
        // another content (a subset) is another set; the registry counts what it scored
        int rows = seal.of("rows 0 to 2", split, new int[] {0, 1, 2}).finalScoring(Matrix::rows);
        assertThat(rows).isEqualTo(3);
        assertThat(seal.scoredSets()).isEqualTo(2);
        // the registry belongs to the run, not to the JVM: the next experiment run scores the set again
        int again = new TestSeal().of("the test set", X, Y).finalScoring(Matrix::rows);
        assertThat(again).isEqualTo(6);
        // one changed output is another content
        Matrix other = Y.copy();
        other.set(5, 0, 2.5);
        double changed = seal.of("changed", X, other).finalScoring(y -> y.get(5, 0));
        assertThat(changed).isEqualTo(2.5);
    }

    @Test
    void theScoredOutputsAreACopy() {
        HeldOut set = new TestSeal().of("the test set", X, Y.copy());
        Matrix seen = set.finalScoring(y -> {
            y.set(0, 0, 99);
            return y;
        });
        assertThat(seen.get(0, 0)).isEqualTo(99);
        assertThat(Y.get(0, 0)).isZero();
    }

    @Test
    void aSelectionOnTheTestOutputsCannotRunBeforeTheScoringNorScoreAgain() {
        TestSeal seal = new TestSeal();
        Dataset data = new Dataset("toy", Dataset.Task.REGRESSION, new Dataset.Split(X, Y),
                Optional.of(new Dataset.Split(X.copy(), Y.copy())), List.of("x"), List.of("y"), "test");
        TestSeal.Sealed sealed = seal.split(data);
        assertThat(sealed.train().outputs()).isSameAs(Y);
        HeldOut test = sealed.test();
        assertThat(test.name()).isEqualTo("toy test set");
        List<PipelineSpec> candidates = new ArrayList<>();
        for (double sigma : new double[] {0.1, 1.0}) {
            candidates.add(PipelineSpec.builder().kernel(Kernels.gaussian(sigma)).filter(Filters.tikhonov(1e-3))
                    .build());
        }
        TrainingData train = TrainingData.of(X, Y);
        // the pattern of issue 20, done in the scoring: every candidate scored, the best kept...
        double[] errors = test.finalScoring(y -> candidates.stream().mapToDouble(spec -> OKL.pipeline(spec)
                .fit(train).predict(test.inputs()).outputs().minus(y).frobeniusNorm()).toArray());
        assertThat(errors).hasSize(2);
        // ...leaves nothing to score the chosen one with: not this object, not a re-sealed copy of the data set
        assertThatThrownBy(() -> test.finalScoring(y -> y)).isInstanceOf(HeldOut.SealedOutputsException.class);
        assertThatThrownBy(() -> seal.split(data).test().finalScoring(y -> y))
                .isInstanceOf(HeldOut.SealedOutputsException.class);
    }

    @Test
    void rowsAndTasksOfASplitAreKept() {
        TestSeal seal = new TestSeal();
        var split = new Dataset.Split(X, Y, Optional.of(new int[] {0, 0, 1, 1, 2, 2}));
        HeldOut part = seal.of("rows 1 and 4", split, new int[] {1, 4});
        assertThat(part.inputs().toRows()).isEqualTo(new double[][] {{0.2}, {0.8}});
        assertThat(part.tasks()).contains(new int[] {0, 2});
        double[][] rows = part.finalScoring(Matrix::toRows);
        assertThat(rows).isEqualTo(new double[][] {{0.4}, {1.6}});
        HeldOut whole = seal.of("whole", split);
        assertThat(whole.rows("row 4", new int[] {4}).finalScoring(Matrix::toRows)).isEqualTo(new double[][] {{1.6}});
        assertThatThrownBy(() -> seal.of("bad", X, Y.rowRange(0, 3))).hasMessageContaining("6 inputs but 3");
    }
}
