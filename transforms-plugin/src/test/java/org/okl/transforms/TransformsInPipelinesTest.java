package org.okl.transforms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Evaluation;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.metrics.Metrics;
import org.okl.testkit.NaiveRidge;
import org.okl.testkit.TestMatrices;

/**
 * Transforms inside pipelines: fitted on the training part of every fold (a leak would change the score on a data set
 * built to show it), inside every model-selection split (checked against a naive computation), undone on
 * predictions, kept in model files, and fitted in a pass over streamed rows.
 */
class TransformsInPipelinesTest {
    private static final Okl OKL = Okl.builder().seed(3).build();

    /**
     * 60 rows; y depends on column 0 only, and column 1 is noise shifted by 8 in the rows the first fold of
     * {@code KFold(5, 7)} validates on (a covariate shift confined to one fold): statistics of column 1 taken with
     * those rows place them near the training rows, statistics taken without them (as they must be) far away.
     */
    private static Matrix[] leakSensitive() {
        Random r = new Random(5);
        Matrix x = Matrix.zeros(60, 2);
        Matrix y = Matrix.zeros(60, 1);
        for (int i = 0; i < 60; i++) {
            double a = 4 * r.nextDouble() - 2;
            x.set(i, 0, a);
            x.set(i, 1, r.nextGaussian());
            y.set(i, 0, Math.sin(2 * a) + 0.1 * r.nextGaussian());
        }
        for (int i : new KFold(5, 7).splits(60).get(0).validation()) {
            x.set(i, 1, x.get(i, 1) + 8.0);
        }
        return new Matrix[] {x, y};
    }

    private static PipelineSpec fixedKernelRidge(List<ComponentSpec> inputs) {
        return PipelineSpec.builder().inputs(inputs).kernel(Kernels.gaussian(3.0)).filter(Filters.tikhonov(1e-3))
                .build();
    }

    /** Standardizes the columns of {@code rows} with the population statistics of {@code train}, by hand. */
    private static Matrix standardize(Matrix rows, Matrix train) {
        Matrix out = rows.copy();
        for (int j = 0; j < rows.cols(); j++) {
            double[] c = train.columnValues(j);
            double m = java.util.Arrays.stream(c).average().orElseThrow();
            double v = java.util.Arrays.stream(c).map(t -> (t - m) * (t - m)).sum() / c.length;
            for (int i = 0; i < rows.rows(); i++) {
                out.set(i, j, (rows.get(i, j) - m) / Math.sqrt(v));
            }
        }
        return out;
    }

    private static double mse(Matrix a, Matrix b) {
        double s = 0;
        for (int k = 0; k < a.data().length; k++) {
            s += Math.pow(a.data()[k] - b.data()[k], 2);
        }
        return s / a.data().length;
    }

    @Test
    void transformsAreFittedOnEveryFoldsTrainingRowsAndALeakWouldChangeTheScore() {
        Matrix[] xy = leakSensitive();
        TrainingData data = TrainingData.of(xy[0], xy[1]);
        double okl = Evaluation.crossValidate(OKL.pipeline(fixedKernelRidge(List.of(Transforms.standardize().spec()))),
                data, 5, 7, Map.of("mse", Metrics.mse().spec()), OKL).metrics().get("mse");
        double honest = 0;
        double leaky = 0;
        Matrix everything = standardize(xy[0], xy[0]);
        for (Split s : new KFold(5, 7).splits(60)) {
            Matrix xtr = xy[0].selectRows(s.train());
            Matrix ytr = xy[1].selectRows(s.train());
            Matrix yva = xy[1].selectRows(s.validation());
            Model plain = OKL.pipeline(fixedKernelRidge(List.of())).fit(TrainingData.of(standardize(xtr, xtr), ytr));
            honest += mse(plain.predict(standardize(xy[0].selectRows(s.validation()), xtr)).outputs(), yva) / 5;
            Model leak = OKL.pipeline(fixedKernelRidge(List.of())).fit(TrainingData.of(everything.selectRows(
                    s.train()), ytr));
            leaky += mse(leak.predict(everything.selectRows(s.validation())).outputs(), yva) / 5;
        }
        assertThat(okl).isCloseTo(honest, within(1e-10 * honest));
        assertThat(Math.abs(leaky - honest)).as("the leak's effect").isGreaterThan(0.1 * honest);
    }

    @Test
    void modelSelectionFitsTheTransformsInsideEverySplit() {
        Matrix[] xy = leakSensitive();
        double[] factors = {0.5, 1.0, 2.0};
        double[] lambdas = {1e-1, 1e-3};
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(lambdas))
                .selection(SelectionSpec.kfold(3).metric(Metrics.mse()).grid("kernel.factor", factors).seed(2)
                        .build())
                .build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(xy[0], xy[1]));
        // the choice, 0.5, is the grid's smallest factor: the search looks beyond it (0.25 wins, 0.125 does not),
        // on the same folds, and those points are checked as the grid's
        assertThat(model.provenance().selection()).contains("kernel.factor = 0.5 was the grid's smallest value; "
                + "tried 0.25, 0.125");
        factors = new double[] {0.5, 1.0, 2.0, 0.25, 0.125};
        double[][] expected = new double[factors.length][lambdas.length];
        for (Split s : new KFold(3, 2).splits(60)) {
            Matrix xtr = xy[0].selectRows(s.train());
            Matrix a = standardize(xtr, xtr);
            Matrix b = standardize(xy[0].selectRows(s.validation()), xtr);
            Matrix ytr = xy[1].selectRows(s.train());
            Matrix yva = xy[1].selectRows(s.validation());
            double median = NaiveRidge.medianDistance(a);
            for (int f = 0; f < factors.length; f++) {
                for (int l = 0; l < lambdas.length; l++) {
                    Matrix c = NaiveRidge.ridge(a, ytr, factors[f] * median, lambdas[l], Matrix.identity(1));
                    expected[f][l] += mse(NaiveRidge.predict(b, a, c, factors[f] * median, Matrix.identity(1)), yva) / 3;
                }
            }
        }
        var curve = model.provenance().validationCurve();
        assertThat(curve).hasSize(factors.length * lambdas.length);
        for (int f = 0; f < factors.length; f++) {
            for (int l = 0; l < lambdas.length; l++) {
                var point = curve.get(f * lambdas.length + l);
                assertThat(((Number) point.grid().get("kernel.factor")).doubleValue()).isEqualTo(factors[f]);
                assertThat(point.error()).isCloseTo(expected[f][l], within(1e-8 * expected[f][l]));
            }
        }
        assertThat(model.provenance().search().decompositions()).isEqualTo(3 * factors.length);
    }

    @Test
    void targetTransformsAreUndoneOnPredictions() {
        Matrix x = TestMatrices.random(40, 3, 4);
        Matrix y = Matrix.zeros(40, 2);
        for (int i = 0; i < 40; i++) {
            y.set(i, 0, 100 + 10 * Math.sin(x.get(i, 0)));
            y.set(i, 1, -3 * x.get(i, 1));
        }
        PipelineSpec with = PipelineSpec.builder().targets(Transforms.standardize()).kernel(Kernels.gaussian(1.5))
                .filter(Filters.tikhonov(1e-3)).build();
        Model model = OKL.pipeline(with).fit(TrainingData.of(x, y));
        Matrix z = standardize(y, y);
        Model plain = OKL.pipeline(with.withTargets(List.of())).fit(TrainingData.of(x, z));
        Matrix xt = TestMatrices.random(5, 3, 8);
        Matrix expected = plain.predict(xt).outputs();
        for (int j = 0; j < 2; j++) {
            double[] c = y.columnValues(j);
            double m = java.util.Arrays.stream(c).average().orElseThrow();
            double sd = Math.sqrt(java.util.Arrays.stream(c).map(t -> (t - m) * (t - m)).sum() / c.length);
            for (int i = 0; i < 5; i++) {
                expected.set(i, j, expected.get(i, j) * sd + m);
            }
        }
        assertThat(model.predict(xt).outputs().maxAbsDifference(expected)).isLessThan(1e-10);
    }

    @Test
    void modelFilesKeepTheFittedTransforms(@TempDir Path dir) throws Exception {
        Matrix x = TestMatrices.random(50, 4, 12);
        for (int i = 0; i < 50; i++) {
            x.set(i, 3, i % 3);
            x.set(i, 2, 7.0);
        }
        Matrix y = Matrix.zeros(50, 2);
        for (int i = 0; i < 50; i++) {
            y.set(i, 0, x.get(i, 0) + x.get(i, 3));
            y.set(i, 1, 1000 + x.get(i, 1));
        }
        PipelineSpec spec = PipelineSpec.builder()
                .inputs(Transforms.oneHot("3"), Transforms.dropConstant(), Transforms.pca(4), Transforms.standardize())
                .targets(Transforms.standardize(), Transforms.minMax())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(1e-2, 1e-4)).build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(x, y));
        Path file = dir.resolve("m.okl");
        model.save(file);
        Model loaded = Model.load(file, OKL);
        Matrix xt = TestMatrices.random(7, 4, 13);
        assertThat(loaded.predict(xt).outputs().maxAbsDifference(model.predict(xt).outputs())).isZero();
        assertThat(loaded.spec().inputs().toString()).isEqualTo(spec.inputs().toString());
        try (var zip = new java.util.zip.ZipFile(file.toFile())) {
            String index = new String(zip.getInputStream(zip.getEntry("model.json")).readAllBytes());
            assertThat(index).contains("\"formatVersion\" : 3").contains("transforms/inputs/2/components.f64");
        }
    }

    @Test
    void streamedFitsGatherTheStatisticsInAPassOverTheRows(@TempDir Path dir) throws Exception {
        Matrix x = TestMatrices.random(300, 3, 21);
        Matrix y = Matrix.zeros(300, 1);
        StringBuilder csv = new StringBuilder("a,b,c,y\n");
        for (int i = 0; i < 300; i++) {
            x.set(i, 2, 50 + 10 * x.get(i, 2));
            y.set(i, 0, Math.cos(x.get(i, 0)) + x.get(i, 1));
            csv.append(x.get(i, 0)).append(',').append(x.get(i, 1)).append(',').append(x.get(i, 2)).append(',')
                    .append(y.get(i, 0)).append('\n');
        }
        Path file = dir.resolve("rows.csv");
        Files.writeString(file, csv);
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussian(1.0)).approximation(ComponentSpec.of("nystrom", "rank", 30))
                .filter(Filters.tikhonov(1e-2, 1e-4)).build();
        Model fromFile = OKL.pipeline(spec).fit(new org.okl.core.data.FileRows(file, OKL.tables(), new int[] {0, 1, 2},
                new int[] {3})).model();
        Model fromBlocks = OKL.pipeline(spec).fit(new MatrixRows(x, y, 7)).model();
        Model inMemory = OKL.pipeline(spec).fit(TrainingData.of(x, y));
        Map<String, Matrix> expected = org.okl.core.transform.FittedTransforms.fit(spec.inputs(), spec.targets(),
                org.okl.api.transform.ColumnSchema.unnamed(3), x, y, OKL.context()).arrays();
        for (Model m : List.of(fromFile, fromBlocks, inMemory)) {
            Map<String, Matrix> arrays = m.transforms().arrays();
            assertThat(arrays.keySet()).isEqualTo(expected.keySet());
            expected.forEach((k, v) -> assertThat(arrays.get(k).maxAbsDifference(v)).as(k).isLessThan(1e-12));
        }
        Matrix xt = TestMatrices.random(4, 3, 22);
        assertThat(fromBlocks.predict(xt).outputs().maxAbsDifference(inMemory.predict(xt).outputs()))
                .isLessThan(1e-9);
    }

    @Test
    void aTargetTransformThatCannotBeUndoneIsRefused() {
        PipelineSpec spec = PipelineSpec.builder().targets(Transforms.pca(1)).kernel(Kernels.gaussian(1.0))
                .filter(Filters.tikhonov(1e-2)).build();
        assertThatThrownBy(() -> OKL.pipeline(spec).fit(TrainingData.of(TestMatrices.random(10, 2, 1),
                TestMatrices.random(10, 2, 2)))).isInstanceOf(OklException.class)
                .hasMessageContaining("cannot all be undone");
        PipelineSpec loo = PipelineSpec.builder().inputs(Transforms.standardize()).kernel(Kernels.gaussian(1.0))
                .filter(Filters.tikhonov(1e-2, 1e-3)).selection(SelectionSpec.leaveOneOut().build()).build();
        assertThatThrownBy(() -> OKL.pipeline(loo).fit(TrainingData.of(TestMatrices.random(10, 2, 1),
                TestMatrices.random(10, 2, 2)))).hasMessageContaining("cannot refit the input and target transforms");
    }
}
