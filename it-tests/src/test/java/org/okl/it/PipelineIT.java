package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.error.OklException;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.testkit.TestMatrices;

/**
 * Pipelines with model selection against independent computations: k-fold and leave-one-out choices and curves
 * recomputed with naive dense solves; model files that predict what the fitted model predicted.
 */
class PipelineIT {
    private static final double SIGMA = 1.3;
    private static final List<Double> LAMBDAS = List.of(1e-1, 1e-2, 1e-3, 1e-4);
    private static final Okl OKL = Okl.builder().build();

    private static Matrix inputs(int n, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            x.set(i, 0, 3 * r.nextDouble() - 1.5);
            x.set(i, 1, 3 * r.nextDouble() - 1.5);
        }
        return x;
    }

    private static Matrix outputs(Matrix x, long seed) {
        Random r = new Random(seed);
        Matrix y = Matrix.zeros(x.rows(), 2);
        for (int i = 0; i < x.rows(); i++) {
            y.set(i, 0, Math.sin(2 * x.get(i, 0)) + 0.3 * r.nextGaussian());
            y.set(i, 1, x.get(i, 0) * x.get(i, 1) + 0.3 * r.nextGaussian());
        }
        return y;
    }

    private static double gauss(Matrix a, int i, Matrix b, int j) {
        double d2 = 0;
        for (int c = 0; c < a.cols(); c++) {
            double t = a.get(i, c) - b.get(j, c);
            d2 += t * t;
        }
        return Math.exp(-d2 / (2 * SIGMA * SIGMA));
    }

    private static Matrix gram(Matrix a, Matrix b) {
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                g.set(i, j, gauss(a, i, b, j));
            }
        }
        return g;
    }

    /** Kernel ridge by a naive dense solve: (K + ridge I) C = Y, predictions K(test, train) C. */
    private static Matrix ridgePredict(Matrix xTrain, Matrix yTrain, Matrix xTest, double ridge) {
        Matrix k = gram(xTrain, xTrain).addToDiagonal(ridge);
        Matrix c = TestMatrices.naiveSolve(k, yTrain);
        return TestMatrices.naiveMultiply(gram(xTest, xTrain), c);
    }

    private static double mse(Matrix a, Matrix b) {
        double s = 0;
        for (int k = 0; k < a.data().length; k++) {
            double t = a.data()[k] - b.data()[k];
            s += t * t;
        }
        return s / a.data().length;
    }

    private static PipelineSpec spec(String method) {
        return PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", SIGMA))
                .filter(ComponentSpec.of("tikhonov", "lambda", LAMBDAS))
                .selection(SelectionSpec.builder(SelectionSpec.Method.of(method)).folds(4).repetitions(1).seed(11L)
                        .build())
                .build();
    }

    @Test
    void kFoldSelectionMatchesNaiveRefits() {
        Matrix x = inputs(48, 1);
        Matrix y = outputs(x, 2);
        Model model = OKL.pipeline(spec("kfold")).fit(TrainingData.of(x, y));
        List<Split> folds = new KFold(4, 11L).splits(48);
        double[] expected = new double[LAMBDAS.size()];
        for (int j = 0; j < expected.length; j++) {
            for (Split f : folds) {
                Matrix xt = x.selectRows(f.train());
                Matrix pred = ridgePredict(xt, y.selectRows(f.train()), x.selectRows(f.validation()),
                        f.train().length * LAMBDAS.get(j));
                expected[j] += mse(pred, y.selectRows(f.validation())) / folds.size();
            }
        }
        List<Provenance.CurvePoint> curve = model.provenance().validationCurve();
        assertThat(curve).hasSize(LAMBDAS.size());
        int best = 0;
        for (int j = 0; j < expected.length; j++) {
            assertThat(curve.get(j).pathValue()).isEqualTo(LAMBDAS.get(j));
            assertThat(curve.get(j).error()).isCloseTo(expected[j], within(1e-8));
            best = expected[j] < expected[best] ? j : best;
        }
        assertThat(model.pathIndex()).isEqualTo(best);
        assertThat((Double) model.provenance().chosen().get("filter.lambda")).isEqualTo(LAMBDAS.get(best));
        // the final model is refitted on all the data at the chosen lambda
        Matrix xTest = inputs(10, 3);
        assertThat(model.predict(xTest).outputs().maxAbsDifference(ridgePredict(x, y, xTest, 48 * LAMBDAS.get(best))))
                .isLessThan(1e-8);
    }

    @Test
    void leaveOneOutSelectionMatchesExplicitLeaveOneOut() {
        Matrix x = inputs(30, 4);
        Matrix y = outputs(x, 5);
        Model model = OKL.pipeline(spec("loo")).fit(TrainingData.of(x, y));
        double[] expected = new double[LAMBDAS.size()];
        for (int j = 0; j < expected.length; j++) {
            for (int i = 0; i < 30; i++) {
                int left = i;
                int[] rest = java.util.stream.IntStream.range(0, 30).filter(r -> r != left).toArray();
                // closed-form LOO keeps the ridge n·lambda of the full problem (Rifkin and Lippert)
                Matrix pred = ridgePredict(x.selectRows(rest), y.selectRows(rest), x.selectRows(new int[] {i}),
                        30 * LAMBDAS.get(j));
                expected[j] += mse(pred, y.selectRows(new int[] {i})) / 30;
            }
        }
        List<Provenance.CurvePoint> curve = model.provenance().validationCurve();
        int best = 0;
        for (int j = 0; j < expected.length; j++) {
            assertThat(curve.get(j).error()).isCloseTo(expected[j], within(1e-8));
            best = expected[j] < expected[best] ? j : best;
        }
        assertThat(model.pathIndex()).isEqualTo(best);
    }

    /** A third party's Tikhonov filter under another id: it qualifies for leave-one-out by its capability. */
    private static final class AcmeRidge implements RidgeFilter {
        @Override
        public String pathParameter() {
            return "lambda";
        }

        @Override
        public int pathLength() {
            return LAMBDAS.size();
        }

        @Override
        public double pathValue(int index) {
            return LAMBDAS.get(index);
        }

        @Override
        public double apply(int index, double s, double sMax) {
            return 1 / (s + LAMBDAS.get(index));
        }

        @Override
        public double lambda(int index) {
            return LAMBDAS.get(index);
        }
    }

    @Test
    void leaveOneOutTakesAnyRidgeFilterByItsCapabilityNotItsName() {
        OklPlugin acme = new OklPlugin() {
            @Override
            public String name() {
                return "acme";
            }

            @Override
            public Collection<ComponentFactory<SpectralFilter>> filters() {
                return List.of(SimpleComponentFactory.of("acme-ridge", SpectralFilter.class, "ridge", List.of(),
                        (p, c) -> new AcmeRidge()));
            }
        };
        Okl okl = Okl.builder().plugin(acme).build();
        Matrix x = inputs(30, 4);
        Matrix y = outputs(x, 5);
        Model tikhonov = okl.pipeline(spec("loo")).fit(TrainingData.of(x, y));
        Model ridge = okl.pipeline(spec("loo").withFilter(ComponentSpec.of("acme-ridge"))).fit(TrainingData.of(x, y));
        assertThat(ridge.pathIndex()).isEqualTo(tikhonov.pathIndex());
        for (int j = 0; j < LAMBDAS.size(); j++) {
            assertThat(ridge.provenance().validationCurve().get(j).error())
                    .isCloseTo(tikhonov.provenance().validationCurve().get(j).error(), within(1e-12));
        }
    }

    @Test
    void iterativeRefitStopsAtTheChosenIterationAndEqualsTheRecurrence() {
        Matrix x = inputs(48, 21);
        Matrix y = outputs(x, 22);
        int total = 200;
        Model model = OKL.pipeline(spec("kfold").withFilter(ComponentSpec.of("nu-method", "iterations", total)))
                .fit(TrainingData.of(x, y));
        int chosen = model.pathIndex() + 1;
        assertThat(chosen).as("on noisy data the chosen iteration comes before the last").isLessThan(total);
        assertThat(model.spec().filter().parameters().get("iterations")).isEqualTo(chosen);
        assertThat(((Number) model.provenance().chosen().get("filter.iterations")).intValue()).isEqualTo(chosen);
        // the nu-method recurrence of docs/conventions.md#filters (nu = 1), run naively to the chosen iteration
        int n = x.rows();
        Matrix k = gram(x, x);
        double sMax = new org.apache.commons.math3.linear.EigenDecomposition(
                new org.apache.commons.math3.linear.Array2DRowRealMatrix(k.toRows())).getRealEigenvalues()[0] / n;
        double sc = 1.0 / (n * sMax);
        double nu = 1.0;
        Matrix previous = Matrix.zeros(n, y.cols());
        Matrix current = y.times((4 * nu + 2) / (4 * nu + 1) * sc);
        for (int i = 2; i <= chosen; i++) {
            double u = (i - 1.0) * (2 * i - 3) * (2 * i + 2 * nu - 1)
                    / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1) * (2 * i + 2 * nu - 3));
            double w = 4 * (2 * i + 2 * nu - 1) * (i + nu - 1) / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1));
            Matrix residual = y.minus(TestMatrices.naiveMultiply(k, current));
            Matrix next = current.plus(current.minus(previous).times(u)).plus(residual.times(w * sc));
            previous = current;
            current = next;
        }
        Matrix xTest = inputs(10, 23);
        Matrix expected = TestMatrices.naiveMultiply(gram(xTest, x), current);
        assertThat(model.predict(xTest).outputs().maxAbsDifference(expected)).isLessThan(1e-8);
    }

    @Test
    void leaveOneOutRefusesFiltersThatAreNotOneRidgeSolve() {
        TrainingData data = TrainingData.of(inputs(20, 1), outputs(inputs(20, 1), 2));
        for (ComponentSpec filter : List.of(ComponentSpec.of("nu-method", "iterations", 10),
                ComponentSpec.of("iterated-tikhonov", "lambda", List.of(0.1, 0.01), "iterations", 3))) {
            assertThatThrownBy(() -> OKL.pipeline(spec("loo").withFilter(filter)).fit(data))
                    .isInstanceOf(OklException.class)
                    .hasMessageContaining("'loo' is exact only for a filter that is plain Tikhonov regularization at "
                            + "every path point (one ridge solve), not '" + filter.name() + "'; use kfold");
        }
    }

    @Test
    void aPipelineSearchesWhenItHasAPathAGridOrIsAutomatic() {
        PipelineSpec path = spec("kfold");
        PipelineSpec fixed = path.withFilter(ComponentSpec.of("tikhonov", "lambda", 1e-3));
        PipelineSpec grid = fixed.toBuilder().selection(SelectionSpec.kfold(3).grid("kernel.sigma", 0.5, 1.0)
                .build()).build();
        assertThat(OKL.pipeline(path).searches()).isTrue();
        assertThat(OKL.pipeline(fixed).searches()).isFalse();
        assertThat(OKL.pipeline(grid).searches()).isTrue();
        assertThat(OKL.pipeline(PipelineSpec.auto().build()).searches()).isTrue();
        assertThat(OKL.pipeline(org.okl.core.PipelineFiles.parse("{\"preset\": \"iokr\"}",
                "iokr.json", OKL.registry())).searches()).isFalse();
    }

    @Test
    void modelFilesPredictWhatTheModelPredicted(@TempDir Path dir) throws IOException {
        Matrix x = inputs(40, 7);
        Matrix y = outputs(x, 8);
        Model model = OKL.pipeline(spec("kfold")).fit(TrainingData.of(x, y));
        Path file = dir.resolve("m.okl");
        model.save(file);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
        Model loaded = Model.load(file, OKL);
        Matrix xTest = inputs(15, 9);
        assertThat(loaded.predict(xTest).outputs().maxAbsDifference(model.predict(xTest).outputs())).isZero();
        assertThat(loaded.provenance()).isEqualTo(model.provenance());
        assertThat(loaded.spec()).isEqualTo(model.spec());
    }

    @Test
    void newerOrCorruptModelFilesAreRefused(@TempDir Path dir) throws IOException {
        Matrix x = inputs(20, 7);
        Model model = OKL.pipeline(spec("kfold")).fit(TrainingData.of(x, outputs(x, 8)));
        Path file = dir.resolve("m.okl");
        model.save(file);
        Path newer = dir.resolve("newer.okl");
        ModelArchives.rewrite(file, newer, "model.json",
                ModelArchives.replace("\"formatVersion\" : 3", "\"formatVersion\" : 99"), true);
        assertThatThrownBy(() -> Model.load(newer, OKL)).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E006]").hasMessageContaining("newer OKL (model format 99)");
        Path garbage = dir.resolve("garbage.okl");
        Files.writeString(garbage, "not a zip");
        assertThatThrownBy(() -> Model.load(garbage, OKL)).hasMessageContaining("[OKL-E006]")
                .hasMessageContaining("truncated or corrupt");
        assertThatThrownBy(() -> Model.load(dir.resolve("missing.okl"), OKL))
                .hasMessageContaining("no such model file");
    }

    @Test
    void perLabelThresholdsAreTunedOnAHoldOutAndStoredInTheModel(@TempDir Path dir) {
        var yeast = OKL.create(org.okl.api.data.DatasetSource.class, ComponentSpec.of("yeast")).load(OKL.context());
        int[] rows = java.util.stream.IntStream.range(0, 300).toArray();
        Matrix x = yeast.train().inputs().selectRows(rows);
        Matrix y = yeast.train().outputs().selectRows(rows);
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "bandwidth", "median"))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-3))
                .output(ComponentSpec.of("labels"))
                .decoder(ComponentSpec.of("threshold", "per-label", true))
                .build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(x, y));
        @SuppressWarnings("unchecked")
        List<Double> thresholds = (List<Double>) model.spec().decoder().parameters().get("thresholds");
        assertThat(thresholds).hasSize(14);
        assertThat(thresholds.stream().distinct().count()).as("thresholds differ between labels").isGreaterThan(1);
        Path file = dir.resolve("yeast.okl");
        model.save(file);
        Model loaded = Model.load(file, OKL);
        assertThat(loaded.spec().decoder()).isEqualTo(model.spec().decoder());
        Matrix test = yeast.test().orElseThrow().inputs();
        assertThat(loaded.predict(test).outputs().maxAbsDifference(model.predict(test).outputs())).isZero();
        // the kernel width chosen by the median heuristic is recorded as a number
        assertThat(model.spec().kernel().orElseThrow().parameters()).containsKey("sigma").doesNotContainKey("bandwidth");
    }
}
