package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;

/**
 * Conformal class sets ({@link Model#predictLabelSets}) of an exact multi-class fit: coverage of the true class on
 * held-out folds of the bundled digits set (every second row of the first 1,700) within the binomial band at 80/90/95 %, sets that grow
 * with the level, and the same sets after a save and load.
 */
class ClassSetsTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final double[] LEVELS = {0.8, 0.9, 0.95};

    private static PipelineSpec classes() {
        return PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "bandwidth", "median"))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2)).output(ComponentSpec.of("one-hot"))
                .decoder(ComponentSpec.of("argmax")).build();
    }

    /**
     * The band: m held-out rows, covered count Binomial(m, level) when coverage is exact, so the share lies within
     * level ± 3.29 sqrt(level(1 - level)/m) (99.9 %), widened above by 1/(n_train + 1) (the rank's excess).
     */
    @Test
    void setsCoverTheTrueClassAtTheLevel(@TempDir Path dir) {
        Dataset d = OKL.dataset("digits");
        int[] slice = IntStream.range(0, 850).map(i -> 2 * i).toArray();
        Matrix x = d.train().inputs().selectRows(slice);
        Matrix y = d.train().outputs().selectRows(slice);
        int m = x.rows();
        long[] covered = new long[LEVELS.length];
        double[] size = new double[LEVELS.length];
        int trainSize = 0;
        int fold = 0;
        for (Split s : new KFold(3, 8).splits(m)) {
            trainSize = s.train().length;
            Model model = OKL.pipeline(classes()).fit(TrainingData.of(x.selectRows(s.train()),
                    y.selectRows(s.train())));
            assertThat(model.hasLabelSets()).isTrue();
            double[] values = model.classValues();
            Matrix xt = x.selectRows(s.validation());
            Matrix yt = y.selectRows(s.validation());
            Matrix previous = null;
            for (int l = 0; l < LEVELS.length; l++) {
                Matrix sets = model.predictLabelSets(xt, LEVELS[l]);
                for (int t = 0; t < xt.rows(); t++) {
                    for (int k = 0; k < values.length; k++) {
                        size[l] += sets.get(t, k);
                        if (values[k] == yt.get(t, 0) && sets.get(t, k) == 1) {
                            covered[l]++;
                        }
                        if (previous != null) {
                            assertThat(sets.get(t, k)).isGreaterThanOrEqualTo(previous.get(t, k));
                        }
                    }
                }
                previous = sets;
            }
            if (fold++ == 0) {
                model.save(dir.resolve("digits.okl"));
                Model loaded = Model.load(dir.resolve("digits.okl"), OKL);
                assertThat(loaded.predictLabelSets(xt, 0.9).maxAbsDifference(model.predictLabelSets(xt, 0.9)))
                        .isZero();
                assertThatThrownBy(() -> loaded.predictIntervals(xt, 0.9)).isInstanceOf(OklException.class)
                        .hasMessageContaining("label sets");
            }
        }
        List<String> failures = new ArrayList<>();
        for (int l = 0; l < LEVELS.length; l++) {
            double band = 3.29 * Math.sqrt(LEVELS[l] * (1 - LEVELS[l]) / m);
            double coverage = covered[l] / (double) m;
            System.out.println("digits class sets at " + LEVELS[l] + ": coverage " + coverage + ", mean size "
                    + size[l] / m);
            if (coverage < LEVELS[l] - band || coverage > LEVELS[l] + band + 1.0 / (trainSize + 1)) {
                failures.add(LEVELS[l] + ": " + coverage);
            }
        }
        assertThat(failures).isEmpty();
    }
}
