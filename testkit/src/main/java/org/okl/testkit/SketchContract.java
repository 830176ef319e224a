package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;

/**
 * The contract every {@link KernelSketch} must meet; a plugin's test extends this class once per sketch setting and
 * supplies {@link #sketch()} and {@link #kernel}.
 *
 * <ul>
 *   <li>features are t x m with m = {@link SketchFeatures#size()} at most {@link KernelSketch#features(long)};</li>
 *   <li>the metric, if any, is m x m, symmetric and positive semi-definite, and the sketched kernel
 *       {@code Phi M^+ Phi^T} is symmetric positive semi-definite;</li>
 *   <li>drawing is deterministic (same rows and seed, same features) and does not depend on how the rows are
 *       blocked, so every route over the same rows draws the same sketch;</li>
 *   <li>{@link KernelSketch#restore} of the stored arrays gives the same features;</li>
 *   <li>features of concurrent blocks equal those computed one at a time (solvers evaluate blocks in parallel).</li>
 * </ul>
 */
public abstract class SketchContract {
    private static final int N = 60;

    /** The sketch under test. */
    protected abstract KernelSketch sketch();

    /** The kernel it sketches, created with the given context. */
    protected abstract VectorKernel kernel(ComponentContext context);

    /** The training inputs (default 60 x 3 standard normal). */
    protected Matrix inputs() {
        return TestMatrices.random(N, 3, 71);
    }

    /** The rows the sketch is drawn from, served in blocks of {@code blockRows} (and in memory). */
    protected SketchRows rows(Matrix inputs, int blockRows) {
        return new MatrixRows(inputs, Matrix.zeros(inputs.rows(), 0), blockRows);
    }

    private SketchFeatures draw(SketchRows rows) {
        ComponentContext context = TestContext.active();
        return sketch().draw(kernel(context), rows, context);
    }

    @Test
    void featuresHaveTheAnnouncedShape() {
        Matrix x = inputs();
        SketchFeatures f = draw(rows(x, 17));
        assertThat(f.size()).isBetween(1, sketch().features(x.rows()));
        Matrix phi = f.features(x.rowRange(0, 7));
        assertThat(phi.rows()).isEqualTo(7);
        assertThat(phi.cols()).isEqualTo(f.size());
        assertThat(phi.isFinite()).isTrue();
    }

    /** Features written into a reused array are the features, bit for bit, whatever the array held. */
    @Test
    void featuresWrittenIntoAReusedArrayEqualTheFeatures() {
        Matrix x = inputs();
        SketchFeatures f = draw(rows(x, 17));
        Matrix into = Matrix.zeros(7, f.size());
        java.util.Arrays.fill(into.data(), -2.5);
        f.features(x.rowRange(0, 7), into);
        assertThat(into.data()).containsExactly(f.features(x.rowRange(0, 7)).data());
        f.features(x.rowRange(7, 14), into);
        assertThat(into.data()).containsExactly(f.features(x.rowRange(7, 14)).data());
    }

    @Test
    void theSketchedKernelIsSymmetricPositiveSemiDefinite() {
        Matrix x = inputs();
        SketchFeatures f = draw(rows(x, 17));
        LinearAlgebra la = TestContext.active().linearAlgebra();
        Matrix phi = f.features(x);
        Matrix sketched;
        if (f.metric().isPresent()) {
            Matrix m = f.metric().get();
            assertThat(m.rows()).isEqualTo(f.size());
            assertThat(m.maxAbsDifference(m.transpose())).isLessThan(1e-12);
            double[] e = la.eigenvaluesSymmetric(m.copy().symmetrize());
            assertThat(e[e.length - 1]).isGreaterThan(-1e-10 * Math.max(1, e[0]));
            var eigen = la.eigenSymmetric(m.copy().symmetrize());
            Matrix pinv = Matrix.zeros(f.size(), f.size());
            for (int k = 0; k < e.length; k++) {
                if (e[k] > 1e-10 * e[0]) {
                    Matrix v = eigen.vectors().columnRange(k, k + 1);
                    pinv = pinv.plus(TestMatrices.naiveMultiply(v, false, v, true).times(1 / e[k]));
                }
            }
            sketched = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(phi, pinv), false, phi, true);
        } else {
            sketched = TestMatrices.naiveMultiply(phi, false, phi, true);
        }
        // round-off is amplified by up to 1/RTOL = 1e10 through the pseudo-inverse of an ill-conditioned metric
        double[] s = la.eigenvaluesSymmetric(sketched.copy().symmetrize());
        assertThat(sketched.maxAbsDifference(sketched.transpose())).isLessThan(1e-6 * Math.max(1, s[0]));
        assertThat(s[s.length - 1]).isGreaterThan(-1e-6 * Math.max(1, s[0]));
    }

    @Test
    void drawingIsDeterministicWhateverTheBlocks() {
        Matrix x = inputs();
        Matrix probe = x.rowRange(0, 9);
        Matrix first = draw(rows(x, 7)).features(probe);
        Matrix second = draw(rows(x, 1000)).features(probe);
        assertThat(first.maxAbsDifference(second)).isZero();
    }

    @Test
    void restoredFeaturesEqualTheDrawnOnes() {
        Matrix x = inputs();
        SketchFeatures f = draw(rows(x, 17));
        Map<String, Matrix> arrays = f.arrays();
        ComponentContext context = TestContext.active();
        SketchFeatures restored = sketch().restore(kernel(context), arrays, context);
        assertThat(restored.size()).isEqualTo(f.size());
        assertThat(restored.features(x).maxAbsDifference(f.features(x))).isZero();
    }

    @Test
    void concurrentBlocksGiveTheSameFeatures() throws Exception {
        Matrix x = inputs();
        SketchFeatures f = draw(rows(x, 17));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Matrix>> futures = new java.util.ArrayList<>();
            for (int b = 0; b < 6; b++) {
                int from = b * 10;
                futures.add(pool.submit(() -> f.features(x.rowRange(from, from + 10))));
            }
            for (int b = 0; b < 6; b++) {
                assertThat(futures.get(b).get().maxAbsDifference(f.features(x.rowRange(b * 10, b * 10 + 10))))
                        .isZero();
            }
        } finally {
            pool.shutdown();
        }
    }
}
