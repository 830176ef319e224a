package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * {@code Model.predict} on more rows than a tile (it then predicts by tiles of at most 1,024 rows, core's
 * {@code PredictionTiles}) against the same model predicting the rows in blocks smaller than a tile (all at once)
 * and one by one: exact, Nystrom, multi-output and classifier models, with input and target transforms.
 */
class TiledPredictionTest {
    private static final Okl OKL = Okl.builder().build();
    private static final int ROWS = 1300;

    private static Matrix gaussian(int rows, int cols, long seed) {
        Random r = new Random(seed);
        Matrix m = Matrix.zeros(rows, cols);
        for (int k = 0; k < m.data().length; k++) {
            m.data()[k] = r.nextGaussian();
        }
        return m;
    }

    private static Model fit(ComponentSpec kernel, ComponentSpec approximation, ComponentSpec decoder, int q) {
        Matrix x = gaussian(400, 4, 1);
        Matrix y = Matrix.zeros(400, q);
        for (int i = 0; i < 400; i++) {
            for (int j = 0; j < q; j++) {
                double s = Math.sin(x.get(i, j % 4)) + 10 * j + x.get(i, 1) * x.get(i, 2);
                y.set(i, j, decoder == null ? s : s > 10 * j ? 1 : 0);
            }
        }
        PipelineSpec.Builder spec = PipelineSpec.builder().kernel(kernel)
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-3)).inputs(java.util.List.of(
                        ComponentSpec.of("standardize")));
        if (decoder == null) {
            spec.targets(java.util.List.of(ComponentSpec.of("standardize")));
        } else {
            spec.decoder(decoder);
        }
        if (approximation != null) {
            spec.approximation(approximation);
        }
        return OKL.pipeline(OKL.defaults().complete(spec.build())).fit(TrainingData.of(x, y));
    }

    /** The rows i to j of a matrix predicted in blocks of {@code block} rows (each all at once), stacked. */
    private static Matrix byBlocks(Model model, Matrix x, int block, boolean scores) {
        Matrix out = null;
        for (int from = 0; from < x.rows(); from += block) {
            int to = Math.min(x.rows(), from + block);
            Decoded d = model.predict(x.rowRange(from, to));
            Matrix part = scores ? d.scores().orElseThrow() : d.outputs();
            out = out == null ? part : out.stackRows(part);
        }
        return out;
    }

    private static void assertSame(Matrix tiled, Matrix reference) {
        assertThat(tiled.rows()).isEqualTo(reference.rows());
        assertThat(tiled.cols()).isEqualTo(reference.cols());
        for (int k = 0; k < tiled.data().length; k++) {
            double a = tiled.data()[k];
            double b = reference.data()[k];
            assertThat(Math.abs(a - b)).as("value %d: %s against %s", k, a, b)
                    .isLessThanOrEqualTo(1e-12 * Math.max(1, Math.abs(b)));
        }
    }

    private static void check(Model model, boolean scores) {
        Matrix x = gaussian(ROWS, 4, 9);
        Decoded tiled = model.predict(x);
        assertSame(tiled.outputs(), byBlocks(model, x, 100, false));
        assertSame(tiled.outputs(), byBlocks(model, x, 1, false));
        if (scores) {
            assertSame(tiled.scores().orElseThrow(), byBlocks(model, x, 100, true));
        }
    }

    @Test
    void exactMultiOutputModelPredictsByTilesAsAllAtOnceAndRowByRow() {
        Model exact = fit(ComponentSpec.of("gaussian", "sigma", 2.0), null, null, 3);
        check(exact, false);
    }

    @Test
    void nystromModelPredictsByTilesAsAllAtOnceAndRowByRow() {
        Model nystrom = fit(ComponentSpec.of("gaussian", "sigma", 2.0), ComponentSpec.of("nystrom", "rank", 100),
                null, 2);
        check(nystrom, false);
    }

    @Test
    void classifierScoresAndLabelsAreTheSameByTiles() {
        Model classifier = fit(ComponentSpec.of("gaussian", "sigma", 2.0), null, ComponentSpec.of("threshold"), 2);
        check(classifier, true);
    }

    /**
     * Many callers at once (a server's threads): their tiles share the runtime's pool, and each caller gets its own
     * rows' predictions, the same as alone.
     */
    @Test
    void manyCallersAtOnceEachGetTheirOwnRowsPredictions() throws Exception {
        Model nystrom = fit(ComponentSpec.of("gaussian", "sigma", 2.0), ComponentSpec.of("nystrom", "rank", 100),
                null, 2);
        int callers = 8;
        java.util.List<Matrix> inputs = new java.util.ArrayList<>();
        java.util.List<Matrix> alone = new java.util.ArrayList<>();
        for (int c = 0; c < callers; c++) {
            inputs.add(gaussian(ROWS, 4, 100 + c));
            alone.add(byBlocks(nystrom, inputs.get(c), 100, false));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(callers);
        try {
            java.util.List<java.util.concurrent.Future<Matrix>> answers = new java.util.ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (int c = 0; c < callers; c++) {
                    Matrix x = inputs.get(c);
                    answers.add(pool.submit(() -> nystrom.predict(x).outputs()));
                }
            }
            for (int k = 0; k < answers.size(); k++) {
                assertSame(answers.get(k).get(), alone.get(k % callers));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPredictionThatOverflowsInALaterTileNamesItsRowInTheWholeRequest() {
        Model cubic = fit(ComponentSpec.of("polynomial", "degree", 3), null, null, 1);
        Matrix x = gaussian(ROWS, 4, 10);
        x.set(1100, 2, 1e140); // in the second tile, which starts at row 1,025
        assertThatThrownBy(() -> cubic.predict(x)).hasMessageContaining("the prediction for input row 1101 is");
    }
}
