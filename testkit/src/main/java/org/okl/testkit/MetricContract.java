package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.metric.TargetSpaceMetric;

/**
 * The contract every {@link Metric} must meet: a finite score, the same for the same data, unchanged when the rows
 * of the truth and the predictions are permuted together (a metric scores samples, not their order), and a perfect
 * prediction scores at least as well as a perturbed one, in the direction {@link Metric#higherIsBetter} says.
 * A {@link TargetSpaceMetric} is scored on the squared distances of the predictions, the outputs standing for their
 * own codes. Subclasses say what truth the metric scores (real outputs by default; 0/1 labels for label metrics) and
 * how predictions are decoded (with scores or a ranking, when the metric reads them).
 */
public abstract class MetricContract {

    /** The metric under test. */
    protected abstract Metric metric();

    /** True outputs (default: 40 x 3 standard normal entries). */
    protected Matrix truth(Random random) {
        return TestMatrices.random(40, 3, random.nextLong());
    }

    /** A prediction that is not perfect (default: the truth plus Gaussian noise of standard deviation 0.5). */
    protected Matrix perturbed(Matrix truth, Random random) {
        Matrix p = truth.copy();
        double[] d = p.data();
        for (int i = 0; i < d.length; i++) {
            d[i] += 0.5 * random.nextGaussian();
        }
        return p;
    }

    /** The decoded predictions the metric reads, for predicted outputs (default: the outputs alone). */
    protected Decoded decoded(Matrix predicted, Matrix truth) {
        return Decoded.of(predicted);
    }

    /**
     * The metric's score; a {@link TargetSpaceMetric} scores before decoding, so it is given the rows' squared
     * distances with the outputs themselves as the target space (the identity coding).
     */
    private double score(Matrix truth, Matrix predicted) {
        if (metric() instanceof TargetSpaceMetric target) {
            double[] distances = new double[truth.rows()];
            for (int i = 0; i < distances.length; i++) {
                for (int j = 0; j < truth.cols(); j++) {
                    double e = truth.get(i, j) - predicted.get(i, j);
                    distances[i] += e * e;
                }
            }
            return target.fromSquaredDistances(distances, truth.cols());
        }
        return metric().evaluate(truth, decoded(predicted, truth));
    }

    @Test
    void scoresAreFiniteAndRepeatable() {
        Random random = new Random(11);
        Matrix y = truth(random);
        Matrix p = perturbed(y, random);
        double first = score(y, p);
        assertThat(first).as("score").isFinite();
        assertThat(score(y.copy(), p.copy())).as("the same data again").isEqualTo(first);
    }

    @Test
    void permutingTheSamplesTogetherChangesNothing() {
        Random random = new Random(12);
        Matrix y = truth(random);
        Matrix p = perturbed(y, random);
        int[] order = new int[y.rows()];
        for (int i = 0; i < order.length; i++) {
            order[i] = order.length - 1 - i;
        }
        assertThat(score(y.selectRows(order), p.selectRows(order))).as("score of the reversed samples")
                .isCloseTo(score(y, p), org.assertj.core.data.Offset.offset(1e-12 * (1 + Math.abs(score(y, p)))));
    }

    @Test
    void aPerfectPredictionScoresAtLeastAsWellAsAPerturbedOne() {
        Random random = new Random(13);
        Matrix y = truth(random);
        double perfect = score(y, y.copy());
        double noisy = score(y, perturbed(y, random));
        if (metric().higherIsBetter()) {
            assertThat(perfect).as("perfect against perturbed (higher is better)").isGreaterThanOrEqualTo(noisy);
        } else {
            assertThat(perfect).as("perfect against perturbed (lower is better)").isLessThanOrEqualTo(noisy);
        }
    }
}
