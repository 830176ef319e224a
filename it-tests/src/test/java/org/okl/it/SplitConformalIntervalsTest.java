package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.conformal.CalibrationSlice;
import org.okl.core.conformal.ConformalQuantiles;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.transforms.Transforms;

/**
 * Split conformal intervals on the streamed (sketched) route ({@link Pipeline#withCalibrationRows}): the held-out
 * calibration rows are exactly the rows the fit does not read, the stored residuals are theirs under the fitted model,
 * the intervals are the split conformal ones and survive the model file, and their coverage on held-out folds of the
 * bundled regression sets and a heteroscedastic set lies in the band.
 */
class SplitConformalIntervalsTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final double[] LEVELS = {0.8, 0.9, 0.95};

    /** Random Fourier features of a fixed-width Gaussian: the sketch does not depend on which rows it sees. */
    private static PipelineSpec fourier() {
        return PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussian(1.5)).filter(Filters.tikhonov(1e-3))
                .approximation(ComponentSpec.of("fourier", "features", 60)).build();
    }

    /**
     * The model fitted with calibration rows predicts as the same pipeline fitted on the other rows alone (the fit
     * never reads the held-out ones); its bounds are the prediction ± the ceil(level(n_cal+1))-th smallest absolute
     * residual y_i - mu(x_i) over the held-out rows (recomputed here from the rows and the model's predictions), and
     * they are the same after a save and load.
     */
    @Test
    void heldOutRowsAreNotFittedAndTheirResidualsSetTheWidths(@TempDir Path dir) {
        Matrix[] xy = heteroscedastic(800, 4);
        Pipeline plain = OKL.pipeline(fourier());
        Model calibrated = plain.withCalibrationRows(120).fit(TrainingData.of(xy[0], xy[1]));
        CalibrationSlice slice = CalibrationSlice.of(new MatrixRows(xy[0], xy[1]), 120, 3);
        int[] held = IntStream.range(0, 800).filter(slice::heldOut).toArray();
        int[] kept = IntStream.range(0, 800).filter(i -> !slice.heldOut(i)).toArray();
        assertThat(held.length).isBetween(80, 160);
        Model onKept = plain.fit(TrainingData.of(xy[0].selectRows(kept), xy[1].selectRows(kept)));
        Matrix test = heteroscedastic(50, 9)[0];
        assertThat(calibrated.predict(test).outputs().maxAbsDifference(onKept.predict(test).outputs()))
                .isLessThan(1e-9);

        Matrix heldX = xy[0].selectRows(held);
        Matrix heldY = xy[1].selectRows(held);
        Matrix mu = calibrated.predict(heldX).outputs();
        Matrix at = calibrated.predict(test).outputs();
        PredictionIntervals p = calibrated.predictIntervals(test, 0.9);
        assertThat(p.method()).contains("split conformal on the residuals of " + held.length);
        for (int c = 0; c < 2; c++) {
            double[] abs = new double[held.length];
            for (int i = 0; i < held.length; i++) {
                // the target transform is affine: residuals on the standardised scale are the raw ones over s_c
                abs[i] = Math.abs(heldY.get(i, c) - mu.get(i, c));
            }
            double half = ConformalQuantiles.upper(abs, 0.1);
            for (int r = 0; r < test.rows(); r++) {
                assertThat(p.lower().get(r, c)).isCloseTo(at.get(r, c) - half, org.assertj.core.api.Assertions
                        .within(1e-9));
                assertThat(p.upper().get(r, c)).isCloseTo(at.get(r, c) + half, org.assertj.core.api.Assertions
                        .within(1e-9));
            }
        }
        Path file = dir.resolve("m.okl");
        calibrated.save(file);
        PredictionIntervals loaded = Model.load(file).predictIntervals(test, 0.9);
        assertThat(loaded.lower().maxAbsDifference(p.lower())).isLessThan(1e-12);
        assertThat(loaded.jointUpper().maxAbsDifference(p.jointUpper())).isLessThan(1e-12);
        assertThat(Files.exists(file)).isTrue();
        assertThatThrownBy(() -> onKept.predictIntervals(test, 0.9)).isInstanceOf(OklException.class)
                .hasMessageContaining("calibration rows");
    }

    /**
     * Coverage on 5 held-out folds per set, per output and jointly, at 80/90/95 %. Split conformal's coverage given
     * one calibration set of n_cal rows is Beta-distributed with variance about alpha(1 - alpha)/(n_cal + 2) (Vovk
     * 2012; Angelopoulos and Bates 2021, §3.2), on top of the binomial variance alpha(1 - alpha)/m of the m held-out
     * rows; over 5 folds the band is 1 - alpha ± 3.29 sqrt(alpha(1 - alpha)(1/m + 1/(5(n_cal + 2)))) (99.9 %),
     * widened above by 1/(n_cal + 1), the excess the ceil((1-alpha)(n_cal+1)) rank allows.
     */
    @Test
    void coverageOnHeldOutFoldsLiesInTheBand() {
        List<String> failures = new ArrayList<>();
        for (String name : new String[] {"slump", "enb", "jura", "tecator", "sf1", "sf2"}) {
            Dataset d = OKL.dataset(name);
            check(name, d.train().inputs(), d.train().outputs(), failures);
        }
        Matrix[] h = heteroscedastic(1500, 17);
        check("heteroscedastic", h[0], h[1], failures);
        assertThat(failures).isEmpty();
    }

    private static void check(String name, Matrix x, Matrix y, List<String> failures) {
        int q = y.cols();
        int m = x.rows();
        long[][] covered = new long[LEVELS.length][q + 1];
        int calibration = Integer.MAX_VALUE;
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussianMedianWidth()).filter(Filters.tikhonov(1e-3))
                .approximation(ComponentSpec.of("nystrom", "rank", Math.min(100, m / 3))).build();
        for (Split s : new KFold(5, 8).splits(m)) {
            Model model = OKL.pipeline(spec).withCalibrationRows(400).fit(TrainingData.of(x.selectRows(s.train()),
                    y.selectRows(s.train())));
            Matrix xt = x.selectRows(s.validation());
            Matrix yt = y.selectRows(s.validation());
            for (int l = 0; l < LEVELS.length; l++) {
                PredictionIntervals p = model.predictIntervals(xt, LEVELS[l]);
                calibration = Math.min(calibration, Integer.parseInt(p.method().replaceAll(".*residuals of (\\d+) .*",
                        "$1")));
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
            double band = 3.29 * Math.sqrt(alpha * (1 - alpha) * (1.0 / m + 1.0 / (5.0 * (calibration + 2))));
            for (int c = 0; c <= q; c++) {
                double coverage = covered[l][c] / (double) m;
                if (coverage < LEVELS[l] - band || coverage > LEVELS[l] + band + 1.0 / (calibration + 1)) {
                    failures.add(name + (c == q ? " joint" : " output " + c) + " at " + LEVELS[l] + ": " + coverage
                            + " (n_cal " + calibration + ")");
                }
            }
        }
    }

    /** y = (sin(3 x0), x0 x1) + noise whose scale grows with |x0| (0.05 to 0.85). */
    static Matrix[] heteroscedastic(int n, long seed) {
        return heteroscedastic(n, seed, 0.05, 0.8);
    }

    /** y = (sin(3 x0), x0 x1) + noise of standard deviation {@code floor + slope |x0|}, x uniform on [-1, 1]^2. */
    static Matrix[] heteroscedastic(int n, long seed, double floor, double slope) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(n, 2);
        Matrix y = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            x.set(i, 0, 2 * r.nextDouble() - 1);
            x.set(i, 1, 2 * r.nextDouble() - 1);
            double scale = floor + slope * Math.abs(x.get(i, 0));
            y.set(i, 0, Math.sin(3 * x.get(i, 0)) + scale * r.nextGaussian());
            y.set(i, 1, x.get(i, 0) * x.get(i, 1) + scale * r.nextGaussian());
        }
        return new Matrix[] {x, y};
    }
}
