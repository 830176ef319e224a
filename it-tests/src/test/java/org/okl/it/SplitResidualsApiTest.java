package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.conformal.CalibrationSlice;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.transforms.Transforms;

/**
 * The public split-residual API a cluster back-end uses ({@link Model#calibrationResiduals},
 * {@link Model#withSplitResiduals}, {@link Model#splitResiduals}, {@link Model#hasIntervals}): the residuals it
 * computes are those the streamed route stores for the same held-out rows, and a model given them predicts the same
 * intervals, also after a save and load.
 */
class SplitResidualsApiTest {
    private static final Okl OKL = Okl.builder().seed(3).build();

    @Test
    void theResidualsAreThoseTheStreamedRouteStores(@TempDir Path dir) {
        Matrix[] xy = SplitConformalIntervalsTest.heteroscedastic(700, 5);
        Matrix y = xy[1].copy();
        for (int i = 0; i < y.rows(); i++) {
            y.set(i, 1, 40 + 25 * y.get(i, 1));
        }
        PipelineSpec spec = PipelineSpec.builder().inputs(Transforms.standardize()).targets(Transforms.standardize())
                .kernel(Kernels.gaussian(1.5)).filter(Filters.tikhonov(1e-3))
                .approximation(ComponentSpec.of("fourier", "features", 60)).build();
        Pipeline plain = OKL.pipeline(spec);
        Model calibrated = plain.withCalibrationRows(100).fit(TrainingData.of(xy[0], y));
        CalibrationSlice slice = CalibrationSlice.of(new MatrixRows(xy[0], y), 100, 3);
        int[] held = IntStream.range(0, 700).filter(slice::heldOut).toArray();
        Matrix stored = calibrated.splitResiduals().orElseThrow();
        assertThat(calibrated.hasIntervals()).isTrue();
        Matrix computed = calibrated.calibrationResiduals(xy[0].selectRows(held), y.selectRows(held)).orElseThrow();
        assertThat(computed.rows()).isEqualTo(held.length);
        assertThat(computed.maxAbsDifference(stored)).isLessThan(1e-12);
        // on the standardised scale: the raw errors over each output's scale (the second 25 times the first's)
        Matrix raw = y.selectRows(held).minus(calibrated.predict(xy[0].selectRows(held)).outputs());
        double s0 = raw.get(0, 0) / computed.get(0, 0);
        double s1 = raw.get(0, 1) / computed.get(0, 1);
        for (int i = 0; i < held.length; i++) {
            assertThat(raw.get(i, 0) / computed.get(i, 0)).isCloseTo(s0, org.assertj.core.api.Assertions.within(
                    1e-8 * s0));
            assertThat(raw.get(i, 1) / computed.get(i, 1)).isCloseTo(s1, org.assertj.core.api.Assertions.within(
                    1e-8 * s1));
        }
        assertThat(s1 / s0).isBetween(15.0, 40.0);

        int[] kept = IntStream.range(0, 700).filter(i -> !slice.heldOut(i)).toArray();
        Model onKept = plain.fit(TrainingData.of(xy[0].selectRows(kept), y.selectRows(kept)));
        assertThat(onKept.hasIntervals()).isFalse();
        assertThat(onKept.splitResiduals()).isEmpty();
        Model given = onKept.withSplitResiduals(onKept.calibrationResiduals(xy[0].selectRows(held),
                y.selectRows(held)).orElseThrow());
        Matrix test = SplitConformalIntervalsTest.heteroscedastic(40, 9)[0];
        PredictionIntervals expected = calibrated.predictIntervals(test, 0.9);
        PredictionIntervals p = given.predictIntervals(test, 0.9);
        assertThat(p.lower().maxAbsDifference(expected.lower())).isLessThan(1e-8);
        assertThat(p.jointUpper().maxAbsDifference(expected.jointUpper())).isLessThan(1e-8);
        Path file = dir.resolve("m.okl");
        given.save(file);
        Model loaded = Model.load(file);
        assertThat(loaded.splitResiduals().orElseThrow().maxAbsDifference(given.splitResiduals().orElseThrow()))
                .isZero();
        assertThat(loaded.predictIntervals(test, 0.9).upper().maxAbsDifference(p.upper())).isZero();

        assertThatThrownBy(() -> onKept.withSplitResiduals(Matrix.zeros(3, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one column per output (2)");
        assertThatThrownBy(() -> onKept.withSplitResiduals(Matrix.zeros(0, 2)))
                .isInstanceOf(IllegalArgumentException.class);
        Matrix nan = Matrix.zeros(2, 2);
        nan.set(1, 1, Double.NaN);
        assertThatThrownBy(() -> onKept.withSplitResiduals(nan)).isInstanceOf(IllegalArgumentException.class);
    }
}
