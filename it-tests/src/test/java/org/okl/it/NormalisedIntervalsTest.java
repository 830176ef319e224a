package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.IntervalSpec;
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
 * Normalised scores ({@code "intervals": {"scores": "normalised"}}): on a synthetic set whose noise grows with |x0|,
 * jackknife+ and CV+ intervals over a fitted residual scale keep their coverage on held-out folds and are narrower
 * where the noise is small (wider where it is large) than those with absolute scores; the scale survives the model
 * file.
 */
class NormalisedIntervalsTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final double[] LEVELS = {0.8, 0.9, 0.95};

    /** y = (sin(3 x0), x0 x1) + noise of standard deviation 0.02 + 0.6 |x0|. */
    private static Matrix[] heteroscedastic(int n, long seed) {
        return SplitConformalIntervalsTest.heteroscedastic(n, seed, 0.02, 0.6);
    }

    private static PipelineSpec spec(IntervalSpec intervals) {
        return PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(1e-3)).intervals(intervals).build();
    }

    /**
     * Per method, coverage at 80/90/95 % on 5 held-out folds of 600 rows, per output and jointly, within
     * 1 - alpha ± 3.29 sqrt(alpha(1 - alpha)/m) (+ 1/(n_train + 1) above); and at 90 % the mean width of output 0 on
     * held-out rows with |x0| < 0.2 (noise sd at most 0.14) and |x0| > 0.8 (at least 0.5).
     */
    @Test
    void normalisedIntervalsKeepCoverageAndFollowTheNoise() {
        Matrix[] xy = heteroscedastic(600, 17);
        IntervalSpec absolute = IntervalSpec.auto();
        IntervalSpec normalised = IntervalSpec.auto().withScores(IntervalSpec.Scores.NORMALISED);
        IntervalSpec cvNormalised = IntervalSpec.cvPlus(5).withScores(IntervalSpec.Scores.NORMALISED);
        List<String> failures = new ArrayList<>();
        double[] absoluteWidths = widths("jackknife+", absolute, xy, failures);
        double[] normalisedWidths = widths("normalised jackknife+", normalised, xy, failures);
        double[] cvWidths = widths("normalised cv+", cvNormalised, xy, failures);
        System.out.printf("mean width of output 0 at 0.9, |x0| < 0.2 / |x0| > 0.8: absolute %.3f / %.3f, "
                + "normalised %.3f / %.3f, normalised cv+ %.3f / %.3f%n", absoluteWidths[0], absoluteWidths[1],
                normalisedWidths[0], normalisedWidths[1], cvWidths[0], cvWidths[1]);
        assertThat(failures).isEmpty();
        assertThat(normalisedWidths[0]).isLessThan(0.6 * absoluteWidths[0]);
        assertThat(normalisedWidths[1]).isGreaterThan(absoluteWidths[1]);
        assertThat(cvWidths[0]).isLessThan(0.6 * absoluteWidths[0]);
        assertThat(cvWidths[1]).isGreaterThan(absoluteWidths[1]);
    }

    /** Coverage checked into failures; returns the mean widths at 0.9 of output 0 where |x0| < 0.2 and > 0.8. */
    private static double[] widths(String name, IntervalSpec intervals, Matrix[] xy, List<String> failures) {
        Matrix x = xy[0];
        Matrix y = xy[1];
        int m = x.rows();
        int q = y.cols();
        long[][] covered = new long[LEVELS.length][q + 1];
        double[] width = new double[2];
        int[] count = new int[2];
        int trainSize = 0;
        for (Split s : new KFold(5, 8).splits(m)) {
            trainSize = s.train().length;
            Model model = OKL.pipeline(spec(intervals)).fit(TrainingData.of(x.selectRows(s.train()),
                    y.selectRows(s.train())));
            Matrix xt = x.selectRows(s.validation());
            Matrix yt = y.selectRows(s.validation());
            for (int l = 0; l < LEVELS.length; l++) {
                PredictionIntervals p = model.predictIntervals(xt, LEVELS[l]);
                assertThat(p.method().contains("normalised")).isEqualTo(intervals.scores()
                        == IntervalSpec.Scores.NORMALISED);
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
                    double x0 = Math.abs(xt.get(t, 0));
                    if (LEVELS[l] == 0.9 && (x0 < 0.2 || x0 > 0.8)) {
                        int k = x0 < 0.2 ? 0 : 1;
                        width[k] += p.upper().get(t, 0) - p.lower().get(t, 0);
                        count[k]++;
                    }
                }
            }
        }
        for (int l = 0; l < LEVELS.length; l++) {
            double alpha = 1 - LEVELS[l];
            double band = 3.29 * Math.sqrt(alpha * (1 - alpha) / m);
            for (int c = 0; c <= q; c++) {
                double coverage = covered[l][c] / (double) m;
                String line = name + (c == q ? " joint" : " output " + c) + " at " + LEVELS[l] + ": " + coverage;
                System.out.println(line);
                if (coverage < LEVELS[l] - band || coverage > LEVELS[l] + band + 1.0 / (trainSize + 1)) {
                    failures.add(line);
                }
            }
        }
        return new double[] {width[0] / count[0], width[1] / count[1]};
    }

    /** The scale is stored: a model read back gives the same normalised intervals; a sketch refuses the scores. */
    @Test
    void theScaleSurvivesTheModelFileAndASketchRefusesIt() {
        Matrix[] xy = heteroscedastic(120, 5);
        Model model = OKL.pipeline(spec(IntervalSpec.auto().withScores(IntervalSpec.Scores.NORMALISED)))
                .fit(TrainingData.of(xy[0], xy[1]));
        Matrix xNew = heteroscedastic(7, 6)[0];
        PredictionIntervals before = model.predictIntervals(xNew, 0.9);
        PredictionIntervals after = Model.fromBytes(model.toBytes(), "m.okl", OKL).predictIntervals(xNew, 0.9);
        assertThat(after.lower().data()).containsExactly(before.lower().data());
        assertThat(after.jointUpper().data()).containsExactly(before.jointUpper().data());
        assertThat(after.method()).contains("normalised");
        PipelineSpec sketched = spec(IntervalSpec.auto().withScores(IntervalSpec.Scores.NORMALISED)).toBuilder()
                .approximation(ComponentSpec.of("nystrom", "rank", 10)).build();
        assertThatThrownBy(() -> OKL.pipeline(sketched).plan(TrainingData.of(xy[0], xy[1])))
                .isInstanceOf(OklException.class).hasMessageContaining("normalised interval scores need the exact");
    }
}
