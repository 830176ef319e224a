package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.data.Dataset;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.transforms.Transforms;

/**
 * {@link Model#predictIntervals}: the jackknife+ intervals from the closed-form leave-one-out fits against n explicit
 * refits through the pipeline, their survival in the model file, and their empirical coverage on held-out folds of the
 * bundled regression sets and of a synthetic heteroscedastic set.
 */
class PredictionIntervalsTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final double[] LEVELS = {0.8, 0.9, 0.95};

    /** A Gaussian kernel ridge of width 0.8 (also the CV+ tests' pipeline). */
    static PipelineSpec ridge(double lambda) {
        return PipelineSpec.builder().kernel(Kernels.gaussian(0.8)).filter(Filters.tikhonov(lambda)).build();
    }

    /** 23 rows, 2 inputs, 2 outputs (seed 5): the small problem the refit comparisons use. */
    static Matrix[] small() {
        Random r = new Random(5);
        Matrix x = Matrix.zeros(23, 2);
        Matrix y = Matrix.zeros(23, 2);
        for (int i = 0; i < 23; i++) {
            x.set(i, 0, 2 * r.nextDouble() - 1);
            x.set(i, 1, 2 * r.nextDouble() - 1);
            y.set(i, 0, Math.sin(2 * x.get(i, 0)) + 0.2 * r.nextGaussian());
            y.set(i, 1, x.get(i, 0) * x.get(i, 1) + 0.3 * r.nextGaussian());
        }
        return new Matrix[] {x, y};
    }

    /**
     * Refit without each row i at lambda·n/(n-1) (the same ridge shift n·lambda on n - 1 rows): its residual R_i at x_i
     * and its predictions mu_{-i} at the new points. Per output the jackknife+ bounds are the floor(alpha(n+1))-th
     * smallest of mu_{-i} - |R_i| and the ceil((1-alpha)(n+1))-th smallest of mu_{-i} + |R_i|; jointly the same with
     * |R_i| replaced by S_i·s_c (S_i the row's largest |R_ic|/s_c, s_c the output's residual root mean square).
     */
    @Test
    void jackknifePlusIntervalsEqualThoseFromExplicitRefits() {
        Matrix[] xy = small();
        int n = xy[0].rows();
        double lambda = 2e-3;
        Model model = OKL.pipeline(ridge(lambda)).fit(TrainingData.of(xy[0], xy[1]));
        Matrix xNew = Matrix.fromRows(new double[][] {{0.1, -0.3}, {0.7, 0.2}, {-0.9, 0.8}});
        Matrix refitResiduals = Matrix.zeros(n, 2);
        Matrix[] leaveOut = new Matrix[n];
        for (int i = 0; i < n; i++) {
            int left = i;
            int[] rows = IntStream.range(0, n).filter(r -> r != left).toArray();
            Model without = OKL.pipeline(ridge(lambda * n / (n - 1))).fit(TrainingData.of(xy[0].selectRows(rows),
                    xy[1].selectRows(rows)));
            Matrix f = without.predict(xy[0].selectRows(new int[] {i})).outputs();
            for (int c = 0; c < 2; c++) {
                refitResiduals.set(i, c, xy[1].get(i, c) - f.get(0, c));
            }
            leaveOut[i] = without.predict(xNew).outputs();
        }
        double[] rms = new double[2];
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < n; i++) {
                rms[c] += refitResiduals.get(i, c) * refitResiduals.get(i, c) / n;
            }
            rms[c] = Math.sqrt(rms[c]);
        }
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            scores[i] = Math.max(Math.abs(refitResiduals.get(i, 0)) / rms[0],
                    Math.abs(refitResiduals.get(i, 1)) / rms[1]);
        }
        for (double level : LEVELS) {
            double alpha = 1 - level;
            PredictionIntervals p = model.predictIntervals(xNew, level);
            for (int t = 0; t < xNew.rows(); t++) {
                for (int c = 0; c < 2; c++) {
                    double[] low = new double[n];
                    double[] high = new double[n];
                    double[] jointLow = new double[n];
                    double[] jointHigh = new double[n];
                    for (int i = 0; i < n; i++) {
                        double mu = leaveOut[i].get(t, c);
                        low[i] = mu - Math.abs(refitResiduals.get(i, c));
                        high[i] = mu + Math.abs(refitResiduals.get(i, c));
                        jointLow[i] = mu - scores[i] * rms[c];
                        jointHigh[i] = mu + scores[i] * rms[c];
                    }
                    java.util.Arrays.sort(low);
                    java.util.Arrays.sort(high);
                    java.util.Arrays.sort(jointLow);
                    java.util.Arrays.sort(jointHigh);
                    int upperRank = (int) Math.ceil(level * (n + 1) - 1e-9);
                    int lowerRank = (int) Math.floor(alpha * (n + 1) + 1e-9);
                    assertThat(p.lower().get(t, c)).isCloseTo(low[lowerRank - 1], within(1e-8));
                    assertThat(p.upper().get(t, c)).isCloseTo(high[upperRank - 1], within(1e-8));
                    assertThat(p.jointLower().get(t, c)).isCloseTo(jointLow[lowerRank - 1], within(1e-8));
                    assertThat(p.jointUpper().get(t, c)).isCloseTo(jointHigh[upperRank - 1], within(1e-8));
                }
            }
        }
        PredictionIntervals before = model.predictIntervals(xNew, 0.9);
        PredictionIntervals after = Model.fromBytes(model.toBytes(), "m.okl", OKL).predictIntervals(xNew, 0.9);
        assertThat(after.lower().data()).containsExactly(before.lower().data());
        assertThat(after.jointUpper().data()).containsExactly(before.jointUpper().data());
    }

    @Test
    void levelsOutsideTheUnitIntervalAndModelsWithoutResidualsAreRefused() {
        Matrix[] xy = small();
        Model model = OKL.pipeline(ridge(1e-2)).fit(TrainingData.of(xy[0], xy[1]));
        assertThatThrownBy(() -> model.predictIntervals(xy[0], 1.5)).isInstanceOf(OklException.class)
                .hasMessageContaining("strictly between 0 and 1");
        Model landweber = OKL.pipeline(PipelineSpec.builder().kernel(Kernels.gaussian(0.8))
                .filter(Filters.landweber(20)).build()).fit(TrainingData.of(xy[0], xy[1]));
        assertThatThrownBy(() -> landweber.predictIntervals(xy[0], 0.9)).isInstanceOf(OklException.class)
                .hasMessageContaining("stores no leave-one-out residuals");
    }

    /** A model file written before intervals (no 'conformal' member) still loads and predicts, and says why not. */
    @Test
    void anOldModelFileLoadsAndRefusesIntervalsInOneSentence() throws Exception {
        Model old = Model.load(java.nio.file.Path.of(PredictionIntervalsTest.class.getClassLoader()
                .getResource("model-v3-flat/model-v3.okl").toURI()));
        Matrix x = Matrix.zeros(2, old.inputCount());
        assertThat(old.predict(x).outputs().rows()).isEqualTo(2);
        assertThatThrownBy(() -> old.predictIntervals(x, 0.9)).isInstanceOf(OklException.class)
                .hasMessageContaining("stores no leave-one-out residuals");
    }

    /**
     * A model just fitted computes its jackknife+ intervals from the leave-one-out decomposition its fit made: a fit
     * and its intervals take two n x n symmetric eigendecompositions (the solver's and the leave-one-out fits'), not
     * three; a model loaded from a file makes one more, once.
     */
    @Test
    void aJustFittedModelReusesItsLeaveOneOutDecomposition(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        Matrix[] xy = small();
        int n = xy[0].rows();
        java.util.concurrent.atomic.AtomicInteger square = new java.util.concurrent.atomic.AtomicInteger();
        org.okl.api.linalg.LinearAlgebra plain = org.okl.linalg.LinearAlgebras.active();
        org.okl.api.linalg.LinearAlgebra counting = (org.okl.api.linalg.LinearAlgebra) java.lang.reflect.Proxy
                .newProxyInstance(getClass().getClassLoader(), new Class<?>[] {org.okl.api.linalg.LinearAlgebra.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("eigenSymmetric") && ((Matrix) args[0]).rows() == n) {
                                square.incrementAndGet();
                            }
                            try {
                                return method.invoke(plain, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
        Okl okl = Okl.builder().seed(3).linearAlgebra(counting).build();
        Model model = okl.pipeline(ridge(2e-3)).fit(TrainingData.of(xy[0], xy[1]));
        Matrix xNew = Matrix.fromRows(new double[][] {{0.1, -0.3}, {0.7, 0.2}});
        PredictionIntervals fresh = model.predictIntervals(xNew, 0.9);
        assertThat(square.get()).isEqualTo(2);
        model.save(dir.resolve("m.okl"));
        PredictionIntervals loaded = Model.load(dir.resolve("m.okl"), okl).predictIntervals(xNew, 0.9);
        assertThat(square.get()).isEqualTo(3);
        assertThat(loaded.lower().maxAbsDifference(fresh.lower())).isLessThan(1e-10);
        assertThat(loaded.upper().maxAbsDifference(fresh.upper())).isLessThan(1e-10);
    }

    /**
     * Coverage on 5 held-out folds per set, per output and jointly, at 80/90/95 %. The band: the number of covered
     * held-out rows m·c is Binomial(m, 1 - alpha) when coverage is exact, so c must lie within 1 - alpha ± 3.29
     * sqrt(alpha(1 - alpha)/m) (two-sided 99.9 % normal band), widened above by 1/(n_train + 1), the finite-sample
     * excess that the ceil((1-alpha)(n+1)) rank allows.
     */
    @Test
    void coverageOnHeldOutFoldsLiesInTheBinomialBand() {
        List<String> failures = new ArrayList<>();
        for (String name : new String[] {"slump", "enb", "jura", "tecator", "sf1", "sf2"}) {
            Dataset d = OKL.dataset(name);
            Matrix x = d.train().inputs();
            Matrix y = d.train().outputs();
            check(name, x, y, failures);
        }
        Matrix[] h = SplitConformalIntervalsTest.heteroscedastic(600, 17);
        check("heteroscedastic", h[0], h[1], failures);
        assertThat(failures).isEmpty();
    }

    private static void check(String name, Matrix x, Matrix y, List<String> failures) {
        int q = y.cols();
        int m = x.rows();
        long[][] covered = new long[LEVELS.length][q + 1];
        int trainSize = 0;
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(1e-3)).build();
        for (Split s : new KFold(5, 8).splits(m)) {
            trainSize = s.train().length;
            Model model = OKL.pipeline(spec).fit(TrainingData.of(x.selectRows(s.train()), y.selectRows(s.train())));
            Matrix xt = x.selectRows(s.validation());
            Matrix yt = y.selectRows(s.validation());
            for (int l = 0; l < LEVELS.length; l++) {
                PredictionIntervals p = model.predictIntervals(xt, LEVELS[l]);
                for (int t = 0; t < xt.rows(); t++) {
                    boolean all = true;
                    for (int c = 0; c < q; c++) {
                        double v = yt.get(t, c);
                        if (v >= p.lower().get(t, c) && v <= p.upper().get(t, c)) {
                            covered[l][c]++;
                        }
                        all &= v >= p.jointLower().get(t, c) && v <= p.jointUpper().get(t, c);
                    }
                    if (all) {
                        covered[l][q]++;
                    }
                }
            }
        }
        for (int l = 0; l < LEVELS.length; l++) {
            double alpha = 1 - LEVELS[l];
            double band = 3.29 * Math.sqrt(alpha * (1 - alpha) / m);
            for (int c = 0; c <= q; c++) {
                double coverage = covered[l][c] / (double) m;
                if (coverage < LEVELS[l] - band || coverage > LEVELS[l] + band + 1.0 / (trainSize + 1)) {
                    failures.add(name + (c == q ? " joint" : " output " + c) + " at " + LEVELS[l] + ": " + coverage);
                }
            }
        }
    }
}
