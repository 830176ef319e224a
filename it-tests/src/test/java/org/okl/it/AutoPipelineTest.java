package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.AutoPipeline;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.kernels.Kernels;
import org.okl.metrics.Metrics;
import org.okl.testkit.TestMatrices;
import org.okl.transforms.Transforms;

/** What the automatic pipeline chooses from the data, and that the model records it. */
class AutoPipelineTest {
    private static final Okl OKL = Okl.builder().seed(1).build();

    private static Matrix column(double... values) {
        return Matrix.column(values);
    }

    @Test
    void theTaskIsReadOffTheOutputs() {
        Matrix x = TestMatrices.random(30, 2, 1);
        Matrix real = TestMatrices.random(30, 2, 2);
        Matrix labels = Matrix.zeros(30, 3);
        Matrix classes = Matrix.zeros(30, 1);
        for (int i = 0; i < 30; i++) {
            labels.set(i, i % 3, 1);
            classes.set(i, 0, i % 4);
        }
        assertThat(AutoPipeline.task(TrainingData.of(x, real)).task()).isEqualTo(Dataset.Task.REGRESSION);
        assertThat(AutoPipeline.task(TrainingData.of(x, labels)).task()).isEqualTo(Dataset.Task.MULTI_LABEL);
        assertThat(AutoPipeline.task(TrainingData.of(x, labels)).preset()).isEqualTo("auto-multi-label");
        // every row has one label on; a row with none (and one with a missing label only) makes it false
        assertThat(AutoPipeline.task(TrainingData.of(x, labels)).everyRowLabelled()).isTrue();
        Matrix gap = labels.copy();
        gap.set(7, 7 % 3, 0);
        assertThat(AutoPipeline.task(TrainingData.of(x, gap)).everyRowLabelled()).isFalse();
        gap.set(7, 0, Double.NaN);
        assertThat(AutoPipeline.task(TrainingData.of(x, gap)).everyRowLabelled()).isFalse();
        // one 0/1 column: a binary label, still the multi-label task (its metrics) with a template of its own
        AutoPipeline.Task binary = AutoPipeline.task(TrainingData.of(x, labels.columnRange(0, 1)));
        assertThat(binary.task()).isEqualTo(Dataset.Task.MULTI_LABEL);
        assertThat(binary.preset()).isEqualTo("auto-binary");
        assertThat(AutoPipeline.task(TrainingData.of(x, real)).preset()).isEqualTo("auto-regression");
        assertThat(AutoPipeline.task(TrainingData.of(x, classes)).task()).isEqualTo(Dataset.Task.MULTI_CLASS);
        assertThat(AutoPipeline.task(TrainingData.builder(x, real.columnRange(0, 1)).groups(new int[30]).build())
                .task()).isEqualTo(Dataset.Task.MULTI_TASK);
        assertThat(AutoPipeline.task(TrainingData.builder(x, real).unlabelledOutputs(real).build()).task())
                .isEqualTo(Dataset.Task.STRUCTURED);
        // 30 rows cannot hold 10 classes of 5 rows on average: counts, read as regression
        Matrix counts = Matrix.zeros(30, 1);
        for (int i = 0; i < 30; i++) {
            counts.set(i, 0, i % 10);
        }
        assertThat(AutoPipeline.task(TrainingData.of(x, counts)).task()).isEqualTo(Dataset.Task.REGRESSION);
    }

    @Test
    void theChoiceFollowsTheTaskAndTheSize() {
        AutoPipeline.Task regression = new AutoPipeline.Task(Dataset.Task.REGRESSION, "test");
        PipelineSpec small = AutoPipeline.choose(PipelineSpec.auto().build(), 500, regression, OKL).spec();
        assertThat(small.targets()).containsExactly(Transforms.standardize().spec());
        assertThat(small.inputs()).contains(Transforms.standardize().spec());
        assertThat(small.approximation()).isEmpty();
        assertThat(small.selection().orElseThrow().folds()).isEqualTo(5);
        assertThat(small.selection().orElseThrow().grid()).containsKeys("kernel", "kernel.factor",
                "operator.matrix.omega");
        assertThat(small.selection().orElseThrow().prefer()).containsKey("operator.matrix.omega");
        PipelineSpec medium = AutoPipeline.choose(PipelineSpec.auto().build(), 2000, regression, OKL).spec();
        assertThat(medium.selection().orElseThrow().folds()).isEqualTo(3);
        assertThat(AutoPipeline.choose(PipelineSpec.auto().build(), 5000, regression, OKL).spec().approximation())
                .as("exact up to 5,000 rows").isEmpty();
        assertThat(AutoPipeline.choose(PipelineSpec.auto().build(), 5001, regression, OKL).spec().approximation())
                .isPresent();
        PipelineSpec large = AutoPipeline.choose(PipelineSpec.auto().build(), 50_000, regression, OKL).spec();
        assertThat(large.approximation().orElseThrow().name()).isEqualTo("nystrom");
        assertThat(large.approximation().orElseThrow().parameters()).containsEntry("rank", 2000L);
        assertThat(large.selection().orElseThrow().screen()).as("coarse-to-fine on the low-rank route")
                .containsExactly(Map.entry("approximation.rank", 500L));
        assertThat(small.selection().orElseThrow().screen()).isEmpty();
        // a selection given keeps the screen (it goes with the sketch); a sketch given leaves it out (its size is
        // the user's, and another sketch may have no rank)
        assertThat(AutoPipeline.choose(PipelineSpec.auto().selection(SelectionSpec.kfold(4).build()).build(), 50_000,
                regression, OKL).spec().selection().orElseThrow().screen()).containsKey("approximation.rank");
        assertThat(AutoPipeline.choose(PipelineSpec.auto().approximation(ComponentSpec.of("nystrom", "rank", 800))
                .build(), 50_000, regression, OKL).spec().selection().orElseThrow().screen()).isEmpty();
        AutoPipeline.Choice sparse = AutoPipeline.choose(PipelineSpec.auto().build(), 50_000, true, regression, OKL);
        assertThat(sparse.spec().inputs()).isEmpty();
        assertThat(sparse.spec().targets()).containsExactly(Transforms.standardize().spec());
        assertThat(sparse.record().reasons()).anyMatch(r -> r.startsWith("sparse inputs: no input transform"));
        PipelineSpec labels = AutoPipeline.choose(PipelineSpec.auto().build(), 500,
                new AutoPipeline.Task(Dataset.Task.MULTI_LABEL, "test"), OKL).spec();
        assertThat(labels.output().name()).isEqualTo("labels");
        assertThat(labels.output().parameters()).containsEntry("coding", "plus-minus");
        assertThat(labels.decoder().parameters()).containsEntry("value", 0.0).doesNotContainKey("objective")
                .doesNotContainEntry("at-least-one", true);
        // every training row has a label: so has every prediction (its highest-scoring one when none is on), unless
        // a decoder is given
        AutoPipeline.Choice labelled = AutoPipeline.choose(PipelineSpec.auto().build(), 500,
                new AutoPipeline.Task(Dataset.Task.MULTI_LABEL, "test", "auto-multi-label", true), OKL);
        assertThat(labelled.spec().decoder().parameters()).containsEntry("value", 0.0)
                .containsEntry("at-least-one", true).containsEntry("decide-at-least-one", true);
        assertThat(labelled.record().reasons()).contains("every training row has a label: a prediction with none "
                + "gets its highest-scoring label, kept where the fit's leave-one-out predictions miss no more labels "
                + "with it");
        assertThat(AutoPipeline.choose(PipelineSpec.auto().decoder(ComponentSpec.of("threshold", "value", 0.0))
                .build(), 500, new AutoPipeline.Task(Dataset.Task.MULTI_LABEL, "test", "auto-multi-label", true),
                OKL).spec().decoder().parameters()).doesNotContainEntry("at-least-one", true);
        assertThat(labels.selection().orElseThrow().metric()).isEqualTo(Metrics.targetMse().spec());
        assertThat(labels.selection().orElseThrow().grid()).containsKey("operator.matrix.omega");
        // a binary label: +-1 codes decided at 0, chosen on their squared error, no coupling to search
        AutoPipeline.Choice binary = AutoPipeline.choose(PipelineSpec.auto().build(), 500,
                new AutoPipeline.Task(Dataset.Task.MULTI_LABEL, "test", "auto-binary"), OKL);
        assertThat(binary.spec().output().parameters()).containsEntry("coding", "plus-minus");
        assertThat(binary.spec().decoder().parameters()).containsEntry("value", 0.0);
        assertThat(binary.spec().selection().orElseThrow().metric()).isEqualTo(Metrics.targetMse().spec());
        assertThat(binary.spec().selection().orElseThrow().grid()).doesNotContainKey("operator.matrix.omega");
        assertThat(binary.record().task()).isEqualTo("multi-label");
        assertThat(binary.record().reasons().get(0)).endsWith("preset auto-binary");
        // classes: one-hot codes decided by argmax, no coupling to search, a learned candidate beside the grid
        PipelineSpec classes = AutoPipeline.choose(PipelineSpec.auto().build(), 500,
                new AutoPipeline.Task(Dataset.Task.MULTI_CLASS, "test"), OKL).spec();
        assertThat(classes.selection().orElseThrow().metric()).isEqualTo(Metrics.targetMse().spec());
        assertThat(classes.selection().orElseThrow().grid()).doesNotContainKey("operator.matrix.omega");
        assertThat(classes.selection().orElseThrow().learn()).contains(new SelectionSpec.Learn(2, 1000, 50));
    }

    @Test
    void membersGivenReplaceTheChosenOnesAndAnEmptyGridKeepsTheSearch() {
        AutoPipeline.Task regression = new AutoPipeline.Task(Dataset.Task.REGRESSION, "test");
        PipelineSpec given = PipelineSpec.auto().kernel(Kernels.laplacianMedianWidth())
                .selection(SelectionSpec.kfold(4).build()).build();
        AutoPipeline.Choice choice = AutoPipeline.choose(given, 500, regression, OKL);
        assertThat(choice.spec().kernel()).contains(Kernels.laplacianMedianWidth().spec());
        assertThat(choice.spec().selection().orElseThrow().folds()).isEqualTo(4);
        assertThat(choice.spec().selection().orElseThrow().grid()).containsKey("kernel.factor");
        // a selection given for its folds keeps the preset's learned candidate, as it keeps the grid
        assertThat(choice.spec().selection().orElseThrow().learn()).contains(new SelectionSpec.Learn(2, 1000, 50));
        PipelineSpec off = PipelineSpec.auto().selection(SelectionSpec.kfold(4)
                .learn(new SelectionSpec.Learn(2, 1000, 0)).build()).build();
        SelectionSpec offSelection = AutoPipeline.choose(off, 500, regression, OKL).spec().selection().orElseThrow();
        assertThat(offSelection.learn()).as("0 iterations: no learned candidate").isEmpty();
        assertThat(offSelection.grid()).containsKey("kernel.factor");
        assertThat(choice.record().reasons()).anyMatch(r -> r.contains("replacing the automatic choice: kernel, "
                + "selection")).anyMatch(r -> r.equals("500 rows <= 5,000: exact fit"));
        AutoPipeline.Choice sketched = AutoPipeline.choose(PipelineSpec.auto().approximation(ComponentSpec.of(
                "nystrom", "rank", 100)).build(), 500, regression, OKL);
        assertThat(sketched.spec().approximation()).contains(ComponentSpec.of("nystrom", "rank", 100L));
        assertThat(sketched.record().reasons()).as("no 'exact fit' for a pipeline that gives a sketch")
                .anyMatch(r -> r.equals("500 rows: the approximation given (nystrom {rank=100})"))
                .noneMatch(r -> r.contains("exact fit"));
    }

    @Test
    void aFitRecordsTheChoiceAndTheSearchCost() {
        Matrix x = TestMatrices.random(60, 3, 5);
        Matrix y = Matrix.zeros(60, 2);
        for (int i = 0; i < 60; i++) {
            y.set(i, 0, 50 + Math.sin(2 * x.get(i, 0)));
            y.set(i, 1, x.get(i, 1) * x.get(i, 2));
        }
        Model model = OKL.pipeline(PipelineSpec.auto().build()).fit(TrainingData.of(x, y));
        assertThat(model.provenance().auto().task()).isEqualTo("regression");
        assertThat(model.provenance().auto().reasons().get(0)).contains("2 real-valued output columns");
        assertThat(model.spec().isAuto()).isFalse();
        // the learned candidate (a path of 5 lambdas) is tried beside the grid and kept only when it wins
        String how = model.provenance().selection();
        assertThat(how).contains("learned candidate (ard-");
        boolean learnedKept = how.contains("the learned kernel is kept");
        assertThat(model.spec().kernel().orElseThrow().parameters()).containsKey(learnedKept ? "widths" : "sigma");
        int learned = 5;
        // the grid (2 kernels x 7 widths x 5 couplings, 23 lambdas each), and the values tried beyond the grid's
        // edges the choice sat on, each a path of its own named in the selection's description
        int curve = model.provenance().validationCurve().size() - learned;
        int beyond = (curve - 2 * 7 * 5 * 23) / 23;
        assertThat(curve).isEqualTo((2 * 7 * 5 + beyond) * 23);
        assertThat(beyond).as("at most 3 values beyond each numeric key's edge").isBetween(0, 2 * 3);
        if (beyond > 0) {
            assertThat(model.provenance().selection()).contains("was the grid's");
        }
        assertThat(model.provenance().search().candidates()).isEqualTo((2 * 7 * 5 + beyond) * 23 + learned);
        // one decomposition per width and split, the couplings sharing it; a value beyond the grid, searched alone,
        // one per split, and the learned candidate one per split
        int splits = model.provenance().search().splits();
        assertThat(model.provenance().search().decompositions()).isEqualTo(2 * 7 * splits + splits * beyond
                + splits);
        assertThat(model.predict(x.rowRange(0, 3)).outputs().get(0, 0)).isBetween(45.0, 55.0);
        List<ComponentSpec> none = List.of();
        assertThat(model.spec().regularizers()).isEqualTo(none);
    }
}
