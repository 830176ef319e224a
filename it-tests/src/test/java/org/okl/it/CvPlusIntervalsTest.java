package org.okl.it;

import static org.okl.it.PredictionIntervalsTest.ridge;
import static org.okl.it.PredictionIntervalsTest.small;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.FitPlan;
import org.okl.core.IntervalSpec;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.transforms.Transforms;

/**
 * CV+ intervals ({@code "intervals": {"method": "cv+"}}, Barber, Candes, Ramdas and Tibshirani 2021, §3): against K
 * explicit refits of the pipeline on the folds' training rows, through the model file, as the fit plan decides them,
 * and their empirical coverage on held-out folds of bundled regression sets.
 */
class CvPlusIntervalsTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final double[] LEVELS = {0.8, 0.9, 0.95};

    /**
     * K = 4 folds of the selection's k-fold splits (seed 7): each fold model is the pipeline refitted on the other
     * folds' rows (the same lambda, so the shift n_k·lambda of its own n_k rows). R_i is row i's residual under the
     * model without its fold; per output the bounds are the floor(alpha(n+1))-th smallest of mu_{-k(i)}(x) - |R_i|
     * and the ceil((1-alpha)(n+1))-th smallest of mu_{-k(i)}(x) + |R_i|; jointly the same with S_i·s_c for |R_i|.
     */
    @Test
    void cvPlusIntervalsEqualThoseFromExplicitRefitsAndSurviveTheModelFile() {
        Matrix[] xy = small();
        int n = xy[0].rows();
        double lambda = 2e-3;
        PipelineSpec spec = ridge(lambda).toBuilder().selection(SelectionSpec.kfold(4).seed(7).build())
                .intervals(IntervalSpec.cvPlus(0)).build();
        FitPlan plan = OKL.pipeline(spec).plan(TrainingData.of(xy[0], xy[1]));
        assertThat(plan.intervals()).isEqualTo(IntervalSpec.cvPlus(4));
        assertThat(plan.lines()).contains("intervals: cv+ from the 4 fold models of the chosen fit");
        Model model = plan.fit().model();
        Matrix xNew = Matrix.fromRows(new double[][] {{0.1, -0.3}, {0.7, 0.2}, {-0.9, 0.8}});
        Matrix refitResiduals = Matrix.zeros(n, 2);
        Matrix[] leaveOut = new Matrix[n];
        for (Split s : new KFold(4, 7).splits(n)) {
            Model without = OKL.pipeline(ridge(lambda)).fit(TrainingData.of(xy[0].selectRows(s.train()),
                    xy[1].selectRows(s.train())));
            Matrix held = without.predict(xy[0].selectRows(s.validation())).outputs();
            Matrix atNew = without.predict(xNew).outputs();
            for (int v = 0; v < s.validation().length; v++) {
                int i = s.validation()[v];
                for (int c = 0; c < 2; c++) {
                    refitResiduals.set(i, c, xy[1].get(i, c) - held.get(v, c));
                }
                leaveOut[i] = atNew;
            }
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
            assertThat(p.method()).startsWith("cv+ on the 4 fold models of 23 training rows");
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
                    Arrays.sort(low);
                    Arrays.sort(high);
                    Arrays.sort(jointLow);
                    Arrays.sort(jointHigh);
                    int upperRank = (int) Math.ceil(level * (n + 1) - 1e-9);
                    int lowerRank = (int) Math.floor(alpha * (n + 1) + 1e-9);
                    assertThat(p.lower().get(t, c)).isCloseTo(low[lowerRank - 1], within(1e-8));
                    assertThat(p.upper().get(t, c)).isCloseTo(high[upperRank - 1], within(1e-8));
                    assertThat(p.jointLower().get(t, c)).isCloseTo(jointLow[lowerRank - 1], within(1e-8));
                    assertThat(p.jointUpper().get(t, c)).isCloseTo(jointHigh[upperRank - 1], within(1e-8));
                }
            }
        }
        byte[] file = model.toBytes();
        Model loaded = Model.fromBytes(file, "m.okl", OKL);
        PredictionIntervals before = model.predictIntervals(xNew, 0.9);
        PredictionIntervals after = loaded.predictIntervals(xNew, 0.9);
        assertThat(after.lower().data()).containsExactly(before.lower().data());
        assertThat(after.upper().data()).containsExactly(before.upper().data());
        assertThat(after.jointUpper().data()).containsExactly(before.jointUpper().data());
        assertThat(after.method()).isEqualTo(before.method());
        assertThat(loaded.spec().intervals()).contains(IntervalSpec.cvPlus(4));
        // a jackknife+ model of the same pipeline is not the CV+ one: the test can tell them apart
        PredictionIntervals jackknife = OKL.pipeline(ridge(lambda)).fit(TrainingData.of(xy[0], xy[1]))
                .predictIntervals(xNew, 0.9);
        assertThat(jackknife.lower().maxAbsDifference(before.lower())).isGreaterThan(1e-6);
    }

    /** The plan decides: jackknife+ without a kernel sketch unless CV+ is asked; CV+ with a sketch is refused. */
    @Test
    void theFitPlanDecidesTheIntervalMethodOnce() {
        Matrix[] xy = small();
        TrainingData data = TrainingData.of(xy[0], xy[1]);
        assertThat(OKL.pipeline(ridge(1e-2)).plan(data).intervals().method())
                .isEqualTo(IntervalSpec.Method.JACKKNIFE_PLUS);
        assertThat(OKL.pipeline(ridge(1e-2).withIntervals(IntervalSpec.cvPlus(3))).plan(data).intervals())
                .isEqualTo(IntervalSpec.cvPlus(3));
        assertThat(OKL.pipeline(ridge(1e-2).withIntervals(IntervalSpec.cvPlus(0))).plan(data).intervals())
                .isEqualTo(IntervalSpec.cvPlus(IntervalSpec.DEFAULT_FOLDS));
        PipelineSpec sketched = ridge(1e-2).toBuilder().approximation(ComponentSpec.of("nystrom", "rank", 10))
                .intervals(IntervalSpec.cvPlus(3)).build();
        assertThatThrownBy(() -> OKL.pipeline(sketched).plan(data)).isInstanceOf(OklException.class)
                .satisfies(e -> assertThat(((OklException) e).errorCode()).isEqualTo(ErrorCode.INVALID_PIPELINE))
                .hasMessageContaining("'cv+' need the exact route");
    }

    /** {@code "intervals"} in a pipeline file: read, written back the same, and a wrong method named in one line. */
    @Test
    void thePipelineFileCarriesTheIntervalMethod(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("p.json");
        java.nio.file.Files.writeString(file, "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 0.8}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": [0.01]}, \"intervals\": {\"method\": \"cv+\", \"folds\": 3}}");
        PipelineSpec read = OKL.readPipeline(file);
        assertThat(read.intervals()).contains(IntervalSpec.cvPlus(3));
        assertThat(PipelineFiles.toJsonNode(read).path("intervals").toString())
                .isEqualTo("{\"method\":\"cv+\",\"folds\":3}");
        java.nio.file.Files.writeString(file, "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 0.8}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": [0.01]}, \"intervals\": {\"method\": \"cv-\"}}");
        assertThatThrownBy(() -> OKL.readPipeline(file)).isInstanceOf(OklException.class)
                .hasMessageContaining("p.json").hasMessageContaining("unknown interval method 'cv-'");
        java.nio.file.Files.writeString(file, "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 0.8}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": [0.01]}, \"intervals\": {\"method\": \"cv+\", "
                + "\"folds\": 1}}");
        assertThatThrownBy(() -> OKL.readPipeline(file)).isInstanceOf(OklException.class)
                .hasMessageContaining("at least 2 folds");
    }

    /**
     * Coverage of CV+ on 5 held-out folds per set, per output and jointly, at 80/90/95 %: within 1 - alpha ±
     * 3.29 sqrt(alpha(1 - alpha)/m) (two-sided 99.9 % band of Binomial(m, 1 - alpha)/m), widened above by
     * 1/(n_train + 1) as for jackknife+ and by 1/K for CV+'s fold models, each fitted on (K-1)/K of the rows (wider
     * residuals than the full model's, Barber et al. 2021, §3: CV+ errs on the conservative side).
     */
    @Test
    void coverageOnHeldOutFoldsLiesInTheBinomialBand() {
        List<String> failures = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (String name : new String[] {"slump", "enb", "jura"}) {
            Dataset d = OKL.dataset(name);
            check(name, d.train().inputs(), d.train().outputs(), failures, seen);
        }
        System.out.println(String.join("\n", seen));
        assertThat(failures).isEmpty();
    }

    private static void check(String name, Matrix x, Matrix y, List<String> failures, List<String> seen) {
        int q = y.cols();
        int m = x.rows();
        int folds = 5;
        long[][] covered = new long[LEVELS.length][q + 1];
        int trainSize = 0;
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(1e-3))
                .intervals(IntervalSpec.cvPlus(folds)).build();
        for (Split s : new KFold(5, 8).splits(m)) {
            trainSize = s.train().length;
            Model model = OKL.pipeline(spec).fit(TrainingData.of(x.selectRows(s.train()), y.selectRows(s.train())));
            Matrix xt = x.selectRows(s.validation());
            Matrix yt = y.selectRows(s.validation());
            for (int l = 0; l < LEVELS.length; l++) {
                PredictionIntervals p = model.predictIntervals(xt, LEVELS[l]);
                assertThat(p.method()).startsWith("cv+");
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
                String line = name + (c == q ? " joint" : " output " + c) + " at " + LEVELS[l] + ": " + coverage;
                seen.add(line);
                if (coverage < LEVELS[l] - band
                        || coverage > LEVELS[l] + band + 1.0 / (trainSize + 1)) {
                    failures.add(line);
                }
            }
        }
    }
}
