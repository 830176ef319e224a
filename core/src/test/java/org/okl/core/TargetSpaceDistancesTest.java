package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * The squared distances to the true codes (read off the embedding's criterion), against ||h - e_y||^2 summed entry
 * by entry, with a class the fold never saw and a missing output.
 */
class TargetSpaceDistancesTest {

    /** One-hot codes of classes 0..d-1 (class c coded by e_c); an unknown class is refused, as ClassEmbedding does. */
    private record OneHot(int d) implements FittedOutputEmbedding {
        @Override
        public Optional<Matrix> targets() {
            return Optional.of(Matrix.identity(d));
        }

        @Override
        public Matrix outputGram() {
            return Matrix.identity(d);
        }

        @Override
        public Matrix scores(Matrix h) {
            return h;
        }

        @Override
        public Matrix toOutputs(Matrix decisions) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Matrix candidateDistances(Matrix h, Matrix candidates) {
            Matrix out = Matrix.zeros(h.rows(), candidates.rows());
            for (int c = 0; c < candidates.rows(); c++) {
                double y = candidates.get(c, 0);
                if (y != Math.rint(y) || y < 0 || y >= d) {
                    throw new IllegalArgumentException("class value " + y + " is not a training class");
                }
                for (int i = 0; i < h.rows(); i++) {
                    out.set(i, c, 1.0 - 2.0 * h.get(i, (int) y));
                }
            }
            return out;
        }
    }

    @Test
    void distancesAreTheSquaredErrorsAgainstTheOneHotCodes() {
        int d = 4;
        int t = 301;
        Random random = new Random(11);
        Matrix h = Matrix.zeros(t, d);
        Matrix y = Matrix.zeros(t, 1);
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < d; j++) {
                h.set(i, j, random.nextGaussian());
            }
            y.set(i, 0, random.nextInt(d));
        }
        y.set(7, 0, 9.0);
        y.set(259, 0, Double.NaN);
        double[] got = TargetSpaceDistances.of(new OneHot(d), y).distances(h);

        assertThat(got).hasSize(t - 1);
        int k = 0;
        for (int i = 0; i < t; i++) {
            if (Double.isNaN(y.get(i, 0))) {
                continue;
            }
            double expected = 0;
            for (int j = 0; j < d; j++) {
                double code = j == y.get(i, 0) ? 1.0 : 0.0;
                expected += (h.get(i, j) - code) * (h.get(i, j) - code);
            }
            if (i == 7) {
                expected += 1.0;
            }
            assertThat(got[k++]).as("row %d", i).isCloseTo(expected, within(1e-12));
        }
    }

    @Test
    void anOutputKernelHasNoTargetSpace() {
        FittedOutputEmbedding oneHot = new OneHot(2);
        FittedOutputEmbedding kernel = new FittedOutputEmbedding() {
            @Override
            public Optional<Matrix> targets() {
                return Optional.empty();
            }

            @Override
            public Matrix outputGram() {
                return oneHot.outputGram();
            }

            @Override
            public Matrix scores(Matrix h) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Matrix toOutputs(Matrix decisions) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Matrix candidateDistances(Matrix h, Matrix candidates) {
                return oneHot.candidateDistances(h, candidates);
            }
        };
        Matrix h = Matrix.zeros(3, 2);
        Matrix y = Matrix.column(new double[] {0, 1, 0});
        assertThatThrownBy(() -> TargetSpaceDistances.of(kernel, y)).isInstanceOf(OklException.class)
                .hasMessageContaining("explicit output embedding");
        assertThat(Arrays.stream(TargetSpaceDistances.of(oneHot, y).distances(h)).sum()).isCloseTo(3.0, within(1e-12));
    }
}
