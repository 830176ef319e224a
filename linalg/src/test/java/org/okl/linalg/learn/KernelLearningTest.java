package org.okl.linalg.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.linalg.LinearAlgebras;

/**
 * The synthetic check that learning works (issue 36): data drawn from an intrinsic coregionalisation model with a
 * known rank-2 output matrix over q = 6 outputs and inputs of which only 2 of 6 features matter. The learned A
 * recovers A's leading subspace (principal angles), the irrelevant features get large widths, and the learned
 * coupling beats independent outputs (the same learner with A diagonal) at n = 60 over 20 draws (paired t-test).
 */
class KernelLearningTest {
    private final LinearAlgebra la = LinearAlgebras.java();

    @Test
    void recoversTheOutputSubspaceAndTheRelevantFeatures() {
        IcmDraw draw = IcmDraw.of(200, 10, new Random(11), la);
        KernelLearning.Learned l = KernelLearning.learn(draw.x(), draw.y(), KernelLearning.Family.GAUSSIAN,
                new KernelLearning.Options(2, 2000, 100, 1), la);
        double[] angles = IcmDraw.principalAnglesDegrees(draw.w(), l.outputMatrix(), la);
        System.out.printf("principal angles %s deg; widths %s; stop %s after %d iterations%n",
                Arrays.toString(angles), Arrays.toString(l.widths()), l.stop(), l.iterations());
        assertThat(angles[1]).isLessThan(15.0);
        for (int f = 0; f < IcmDraw.RELEVANT; f++) {
            assertThat(l.widths()[f]).isBetween(0.5, 2.0);
        }
        for (int f = IcmDraw.RELEVANT; f < IcmDraw.FEATURES; f++) {
            assertThat(l.widths()[f]).as("irrelevant feature %d", f).isGreaterThan(10.0);
        }
        assertThat(Arrays.copyOf(l.featureRanking(), 2)).containsExactlyInAnyOrder(0, 1);
        assertThat(l.value()).isLessThan(l.start());
    }

    @Test
    void widthsThatRanOffAreCappedWhereTheirFeatureNoLongerCounts() {
        // what tecator's fold 4 hit: an irrelevant feature's width past exp's overflow, then refused by the kernel
        double start = 2.5;
        double[] w = KernelLearning.bounded(new double[] {Double.POSITIVE_INFINITY, 0.0, 1.7, Double.NaN, 3e9}, start);
        assertThat(w).containsExactly(start * 1e6, start / 1e6, 1.7, start, start * 1e6);
        // the capped feature's kernel is the kernel without that feature, to within 1e-11 (independent: the Gram
        // of the other features alone), for both families
        Random random = new Random(3);
        Matrix x = Matrix.zeros(30, 3);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = 2 * random.nextGaussian();
        }
        Matrix rest = x.columnRange(1, 3);
        for (KernelLearning.Family family : KernelLearning.Family.values()) {
            Matrix capped = IcmLikelihood.gram(family, new double[] {start * 1e6, 1.3, 0.8}, x, x);
            Matrix without = IcmLikelihood.gram(family, new double[] {1.3, 0.8}, rest, rest);
            for (int k = 0; k < capped.data().length; k++) {
                assertThat(capped.data()[k]).as("%s entry %d", family, k)
                        .isCloseTo(without.data()[k], org.assertj.core.api.Assertions.within(
                                family == KernelLearning.Family.GAUSSIAN ? 1e-11 : 1e-5));
            }
        }
    }

    @Test
    void learnedCouplingBeatsIndependentOutputsAtSmallN() {
        int draws = 20;
        double[] coupled = new double[draws];
        double[] independent = new double[draws];
        for (int t = 0; t < draws; t++) {
            IcmDraw d = IcmDraw.of(60, 200, new Random(100 + t), la);
            coupled[t] = d.testMse(KernelLearning.learn(d.x(), d.y(), KernelLearning.Family.GAUSSIAN,
                    new KernelLearning.Options(2, 2000, 100, 1), la), la);
            independent[t] = d.testMse(KernelLearning.learn(d.x(), d.y(), KernelLearning.Family.GAUSSIAN,
                    new KernelLearning.Options(0, 2000, 100, 1), la), la);
        }
        double p = new TTest().pairedTTest(coupled, independent);
        double mc = Arrays.stream(coupled).average().orElseThrow();
        double mi = Arrays.stream(independent).average().orElseThrow();
        System.out.printf("n = 60, 20 draws: test MSE learned A %.4f, independent %.4f, paired t-test p = %.2g%n",
                mc, mi, p);
        assertThat(mc).isLessThan(mi);
        assertThat(p).isLessThan(0.05);
    }

    /**
     * One draw of the intrinsic coregionalisation model: x ~ N(0, I_6), f ~ GP(0, k ⊗ A) with k Gaussian of width 1
     * on the first two features only and A = W W^T + 0.01 I (W 6 x 2), y = f + N(0, 0.1) on the training rows.
     */
    record IcmDraw(Matrix x, Matrix y, Matrix test, Matrix truth, Matrix w) {
        static final int FEATURES = 6;
        static final int RELEVANT = 2;
        static final int OUTPUTS = 6;

        static IcmDraw of(int n, int m, Random r, LinearAlgebra la) {
            int all = n + m;
            Matrix x = Matrix.zeros(all, FEATURES);
            for (int i = 0; i < x.data().length; i++) {
                x.data()[i] = r.nextGaussian();
            }
            Matrix w = Matrix.zeros(OUTPUTS, 2);
            for (int i = 0; i < w.data().length; i++) {
                w.data()[i] = r.nextGaussian();
            }
            double[] widths = new double[FEATURES];
            Arrays.fill(widths, 1e300);
            widths[0] = 1.0;
            widths[1] = 1.0;
            Matrix k = IcmLikelihood.gram(KernelLearning.Family.GAUSSIAN, widths, x, x).addToDiagonal(1e-8);
            double[] diag = new double[OUTPUTS];
            Arrays.fill(diag, 0.01);
            Matrix a = IcmLikelihood.outputMatrix(w, diag);
            Matrix lk = la.cholesky(k).orElseThrow();
            Matrix labs = la.cholesky(a).orElseThrow();
            Matrix z = Matrix.zeros(all, OUTPUTS);
            for (int i = 0; i < z.data().length; i++) {
                z.data()[i] = r.nextGaussian();
            }
            Matrix lz = Matrix.zeros(all, OUTPUTS);
            la.gemm(1.0, lk, false, z, false, 0.0, lz);
            Matrix f = Matrix.zeros(all, OUTPUTS);
            la.gemm(1.0, lz, false, labs, true, 0.0, f);
            int[] train = new int[n];
            int[] rest = new int[m];
            Arrays.setAll(train, i -> i);
            Arrays.setAll(rest, i -> n + i);
            Matrix y = f.selectRows(train);
            for (int i = 0; i < y.data().length; i++) {
                y.data()[i] += Math.sqrt(0.1) * r.nextGaussian();
            }
            return new IcmDraw(x.selectRows(train), y, x.selectRows(rest), f.selectRows(rest), w);
        }

        double testMse(KernelLearning.Learned l, LinearAlgebra la) {
            Matrix p = KernelLearning.predict(l, x, y, test, la);
            double s = 0;
            for (int i = 0; i < p.data().length; i++) {
                double e = p.data()[i] - truth.data()[i];
                s += e * e;
            }
            return s / p.data().length;
        }

        /** The principal angles (degrees, increasing) between span(W) and the top-2 eigenvectors of A. */
        static double[] principalAnglesDegrees(Matrix w, Matrix a, LinearAlgebra la) {
            Matrix q1 = la.orthonormalBasis(w);
            SymmetricEigen e = la.eigenSymmetric(a);
            Matrix q2 = e.vectors().columnRange(0, w.cols());
            Matrix m = Matrix.zeros(w.cols(), w.cols());
            la.gemm(1.0, q1, true, q2, false, 0.0, m);
            Matrix mtm = Matrix.zeros(w.cols(), w.cols());
            la.gemm(1.0, m, true, m, false, 0.0, mtm);
            double[] cos2 = la.eigenSymmetric(mtm.symmetrize()).values();
            double[] angles = new double[cos2.length];
            for (int i = 0; i < cos2.length; i++) {
                angles[i] = Math.toDegrees(Math.acos(Math.min(1.0, Math.sqrt(Math.max(cos2[i], 0.0)))));
            }
            return angles;
        }
    }
}
