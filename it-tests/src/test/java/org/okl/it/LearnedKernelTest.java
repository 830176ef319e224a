package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;
import org.okl.metrics.Metrics;

/**
 * The learned candidate beside the grid ({@code selection.learn}): on outputs that share one latent function of two of
 * six inputs, the learned ARD kernel and output matrix win the cross-validation, the model keeps them (its spec names
 * {@code ard-gaussian} and {@code low-rank}), the irrelevant features get the large widths, and the selection's
 * description says what won and what was learned; where it does not apply, the description says why it was not tried.
 */
class LearnedKernelTest {
    private static final Okl OKL = Okl.builder().seed(3).build();

    /** 120 rows, 6 inputs of which the first two matter, 4 outputs: two signs of one function plus noise. */
    private static Matrix[] data() {
        return data(120, 21);
    }

    private static Matrix[] data(int n, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(n, 6);
        Matrix y = Matrix.zeros(n, 4);
        double[] loading = {1.0, 0.8, -0.9, 0.5};
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 6; j++) {
                x.set(i, j, r.nextGaussian());
            }
            double f = Math.sin(1.5 * x.get(i, 0)) + 0.7 * Math.cos(x.get(i, 1));
            for (int k = 0; k < 4; k++) {
                y.set(i, k, loading[k] * f + 0.25 * r.nextGaussian());
            }
        }
        return new Matrix[] {x, y};
    }

    private static PipelineSpec pipeline(boolean learn) {
        return pipeline(learn ? 1000 : 0);
    }

    /** The pipeline, learning on at most {@code learnRows} rows (none for 0). */
    private static PipelineSpec pipeline(int learnRows) {
        SelectionSpec.Builder s = SelectionSpec.kfold(3).metric(Metrics.mse()).grid("kernel.factor", 0.5, 1.0, 2.0)
                .grid("operator.matrix.omega", 0.0, 0.5).seed(2);
        if (learnRows > 0) {
            s.learn(new SelectionSpec.Learn(2, learnRows, 60));
        }
        return PipelineSpec.builder().kernel(Kernels.gaussianMedianWidth())
                .operator(Operators.separable(OutputMatrices.commonSimilarity(0.0)))
                .filter(Filters.tikhonov(1.0, 0.1, 0.01, 1e-3, 1e-4)).selection(s.build()).build();
    }

    @Test
    void theLearnedKernelWinsAndIsDescribed() {
        Matrix[] xy = data();
        Model model = OKL.pipeline(pipeline(true)).fit(TrainingData.of(xy[0], xy[1]));
        String how = model.provenance().selection();
        assertThat(how).contains("learned candidate (ard-gaussian, A = B B^T + diag(d) of rank 2")
                .contains("the learned kernel is kept").contains("by width, most relevant first: #")
                .contains("A's eigenvalues").contains("outputs it groups: {");
        ComponentSpec kernel = model.spec().kernel().orElseThrow();
        assertThat(kernel.name()).isEqualTo("ard-gaussian");
        assertThat(model.spec().operator().parameters().get("matrix")).isInstanceOf(ComponentSpec.class)
                .extracting(m -> ((ComponentSpec) m).name()).isEqualTo("low-rank");
        @SuppressWarnings("unchecked")
        List<Number> widths = (List<Number>) kernel.parameters().get("widths");
        double relevant = Math.max(widths.get(0).doubleValue(), widths.get(1).doubleValue());
        for (int f = 2; f < 6; f++) {
            assertThat(widths.get(f).doubleValue()).as("irrelevant feature %d", f).isGreaterThan(5 * relevant);
        }
        // the search without the learned candidate chose a worse validation error
        Model grid = OKL.pipeline(pipeline(false)).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(grid.provenance().selection()).doesNotContain("learned candidate");
        assertThat(grid.spec().kernel().orElseThrow().name()).isEqualTo("gaussian");
    }

    @Test
    void theLowRankRouteLearnsThroughItsSketch() {
        // 600 rows of the same kind through 60 Nystrom landmarks: the streamed selection's learned candidate, on
        // samples of 150 of the 400 training rows of each fold (and of all 600)
        Matrix[] xy = data(600, 31);
        Matrix[] test = data(400, 32);
        ComponentSpec sketch = ComponentSpec.of("nystrom", "rank", 60);
        Model model = OKL.pipeline(pipeline(150).withApproximation(sketch)).fit(TrainingData.of(xy[0], xy[1]));
        String how = model.provenance().selection();
        assertThat(how).contains("in one pass over the rows")
                .contains("learned candidate (ard-gaussian, A = B B^T + diag(d) of rank 2")
                .contains("learned again on a sample of each fold's training part for its validation, fitted "
                        + "through the same sketch")
                .contains("the learned kernel is kept").contains("by width, most relevant first: #")
                .contains("on the sample of all rows: 150 rows");
        assertThat(model.spec().approximation()).contains(sketch);
        ComponentSpec kernel = model.spec().kernel().orElseThrow();
        assertThat(kernel.name()).isEqualTo("ard-gaussian");
        @SuppressWarnings("unchecked")
        List<Number> widths = (List<Number>) kernel.parameters().get("widths");
        double relevant = Math.max(widths.get(0).doubleValue(), widths.get(1).doubleValue());
        for (int f = 2; f < 6; f++) {
            assertThat(widths.get(f).doubleValue()).as("irrelevant feature %d", f).isGreaterThan(5 * relevant);
        }
        // the curve holds the grid's points and the candidate's five lambdas; the chosen error is the lowest
        List<Provenance.CurvePoint> curve = model.provenance().validationCurve();
        assertThat(curve.stream().filter(p -> p.grid().containsKey("learned"))).hasSize(5);
        double lowest = curve.stream().mapToDouble(Provenance.CurvePoint::error).min().orElseThrow();
        assertThat(curve.stream().filter(p -> p.grid().containsKey("learned"))
                .mapToDouble(Provenance.CurvePoint::error).min().orElseThrow()).isEqualTo(lowest);
        // and it predicts new rows better than the same sketch with the grid's kernel
        Model grid = OKL.pipeline(pipeline(false).withApproximation(sketch)).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(grid.spec().kernel().orElseThrow().name()).isEqualTo("gaussian");
        double learned = mse(model.predict(test[0]).outputs(), test[1]);
        double gridMse = mse(grid.predict(test[0]).outputs(), test[1]);
        assertThat(learned).isLessThan(0.9 * gridMse);
    }

    /** 600 rows of 6 features that all matter alike, at a frequency ten rows cannot pin down, 4 outputs. */
    private static Matrix[] frequencies(int n) {
        Random r = new Random(41);
        Matrix x = Matrix.zeros(n, 6);
        Matrix y = Matrix.zeros(n, 4);
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < 6; j++) {
                x.set(i, j, r.nextGaussian());
                sum += x.get(i, j);
            }
            // every feature matters alike, at a frequency ten rows cannot pin down
            for (int k = 0; k < 4; k++) {
                y.set(i, k, Math.sin(1.2 * sum + k) + 0.1 * r.nextGaussian());
            }
        }
        return new Matrix[] {x, y};
    }

    @Test
    void theLowRankRouteStopsAfterAFirstFoldFarBehind() {
        // learned on 10 rows the kernel is far behind the grid's on the first fold: no other fold is learned, no
        // learned point enters the curve, and the grid's kernel is kept
        Matrix[] xy = frequencies(600);
        ComponentSpec sketch = ComponentSpec.of("nystrom", "rank", 60);
        Model model = OKL.pipeline(pipeline(10).withApproximation(sketch)).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(model.provenance().selection()).contains("learned candidate stopped after fold 1 of 3 (learned on"
                + " a sample of at most 10 of its training rows").contains("so it was not learned on the other folds"
                + " or on all rows; the grid's choice is kept");
        assertThat(model.spec().kernel().orElseThrow().name()).isEqualTo("gaussian");
        assertThat(model.provenance().validationCurve()).noneMatch(p -> p.grid().containsKey("learned"));
    }

    @Test
    void aScreenedGridChecksTheCandidateAtTheScreenFirst() {
        // the grid screened at 20 landmarks: the candidate is learned on half its budget and fitted there before
        // anything is learned at full size; where it holds its own there, it goes on and is kept as without a screen
        Matrix[] xy = data(600, 31);
        ComponentSpec sketch = ComponentSpec.of("nystrom", "rank", 60);
        Model model = OKL.pipeline(screened(pipeline(150), 20).withApproximation(sketch))
                .fit(TrainingData.of(xy[0], xy[1]));
        String how = model.provenance().selection();
        assertThat(how).contains("screened 3 grid points with approximation.rank = 20")
                .contains("the learned kernel is kept (it passed the screen first: approximation.rank = 20, learned "
                        + "on at most 75 rows, fold 1's error ");
        assertThat(model.spec().kernel().orElseThrow().name()).isEqualTo("ard-gaussian");
        assertThat(model.spec().approximation()).as("the model has the pipeline's sketch, not the screen's")
                .contains(sketch);
    }

    @Test
    void aCandidateFarBehindAtTheScreenIsNotLearnedAtFullSize() {
        // learned on 10 rows (half of 20) the kernel is far behind at the screen: nothing is learned at full size
        Matrix[] xy = frequencies(600);
        ComponentSpec sketch = ComponentSpec.of("nystrom", "rank", 60);
        Model model = OKL.pipeline(screened(pipeline(20), 30).withApproximation(sketch))
                .fit(TrainingData.of(xy[0], xy[1]));
        assertThat(model.provenance().selection()).contains("learned candidate stopped at the screen "
                + "(approximation.rank = 30), fold 1 of 3 (learned on a sample of at most 10 of its training rows")
                .contains("so it was not learned at full size; the grid's choice is kept")
                .doesNotContain("stopped after fold 1");
        assertThat(model.spec().kernel().orElseThrow().name()).isEqualTo("gaussian");
        assertThat(model.provenance().validationCurve()).noneMatch(p -> p.grid().containsKey("learned"));
    }

    /** The pipeline with its selection screened at {@code rank} landmarks. */
    private static PipelineSpec screened(PipelineSpec spec, int rank) {
        SelectionSpec s = spec.selection().orElseThrow();
        SelectionSpec.Builder b = SelectionSpec.kfold(3).metric(Metrics.mse()).seed(2)
                .learn(s.learn().orElseThrow()).screen("approximation.rank", rank);
        s.grid().forEach(b::grid);
        return spec.withSelection(b.build());
    }

    @Test
    void theLowRankRouteSaysWhyItWasNotTried() {
        Matrix[] xy = data(200, 31);
        PipelineSpec linear = pipeline(true).withKernel(Kernels.linear()).withApproximation(ComponentSpec.of(
                "nystrom", "rank", 20)).withSelection(SelectionSpec.kfold(3).metric(Metrics.mse()).seed(2)
                        .learn(new SelectionSpec.Learn(2, 1000, 60)).build());
        Model model = OKL.pipeline(linear).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(model.provenance().selection()).contains("in one pass over the rows").contains("learned candidate "
                + "not tried: the chosen kernel is 'linear', not gaussian or laplacian");
    }

    private static double mse(Matrix predicted, Matrix truth) {
        double s = 0;
        for (int i = 0; i < truth.rows(); i++) {
            for (int k = 0; k < truth.cols(); k++) {
                s += Math.pow(predicted.get(i, k) - truth.get(i, k), 2);
            }
        }
        return s / (truth.rows() * truth.cols());
    }

    @Test
    void rankZeroLearnsADiagonalOutputMatrix() {
        // "learn": {"rank": 0} passes the selection's checks; its candidate wrote an empty 'factor', which the
        // low-rank matrix refused, so every such learning failed
        Matrix[] xy = data();
        PipelineSpec diagonal = pipeline(true).withSelection(SelectionSpec.kfold(3).metric(Metrics.mse()).seed(2)
                .grid("kernel.factor", 0.5, 1.0, 2.0).learn(new SelectionSpec.Learn(0, 1000, 60)).build());
        Model model = OKL.pipeline(diagonal).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(model.provenance().selection()).contains("learned candidate (ard-gaussian, A = B B^T + diag(d)"
                + " of rank 0").doesNotContain("learned candidate not tried");
        if (model.spec().kernel().orElseThrow().name().equals("ard-gaussian")) {
            ComponentSpec a = (ComponentSpec) model.spec().operator().parameters().get("matrix");
            assertThat(a.parameters()).containsEntry("rank", 0).doesNotContainKey("factor");
        }
        assertThat(model.predict(xy[0]).outputs().rows()).isEqualTo(120);
    }

    @Test
    void saysWhyItWasNotTried() {
        Matrix[] xy = data();
        PipelineSpec linear = pipeline(true).withKernel(Kernels.linear()).withSelection(SelectionSpec.kfold(3)
                .metric(Metrics.mse()).seed(2).learn(new SelectionSpec.Learn(2, 1000, 60)).build());
        Model model = OKL.pipeline(linear).fit(TrainingData.of(xy[0], xy[1]));
        assertThat(model.provenance().selection()).contains("learned candidate not tried: the chosen kernel is "
                + "'linear', not gaussian or laplacian");
    }

    @Test
    void aWidthThatRanOffIsCappedAndTheModelPredicts() {
        // tecator's fold 4 (KFold(5, 8) of its training rows, as bench/scripts/ExportFolds.java writes them): the
        // automatic pipeline's learned candidate took a width past exp's overflow, and the fit failed with
        // "ard-gaussian: parameter 'widths' must be a finite number"; capped, it fits and predicts
        Dataset tecator = OKL.dataset("tecator");
        Matrix x = tecator.train().inputs();
        Matrix y = tecator.train().outputs();
        Split fold = new KFold(5, 8).splits(x.rows()).get(4);
        Model model = OKL.pipeline(PipelineSpec.auto().build())
                .fit(TrainingData.of(x.selectRows(fold.train()), y.selectRows(fold.train())));
        assertThat(model.provenance().selection()).contains("learned candidate (ard-gaussian");
        Matrix predicted = model.predict(x.selectRows(fold.validation())).outputs();
        Matrix truth = y.selectRows(fold.validation());
        Matrix trainY = y.selectRows(fold.train());
        double model2 = 0;
        double mean2 = 0;
        for (int k = 0; k < truth.cols(); k++) {
            double mean = 0;
            for (int i = 0; i < trainY.rows(); i++) {
                mean += trainY.get(i, k) / trainY.rows();
            }
            for (int i = 0; i < truth.rows(); i++) {
                model2 += Math.pow(predicted.get(i, k) - truth.get(i, k), 2);
                mean2 += Math.pow(mean - truth.get(i, k), 2);
            }
        }
        // far better than the training mean (okl evaluate: mse 1.43 on this fold)
        assertThat(model2).isLessThan(0.2 * mean2);
    }
}
