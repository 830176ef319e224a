package org.okl.linalg.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.LinearAlgebras;

/**
 * The likelihood's value against a dense computation on the (nq x nq) covariance (Cholesky: log-determinant and
 * solve), and every entry of its gradient against central finite differences.
 */
class IcmLikelihoodTest {
    private final LinearAlgebra la = LinearAlgebras.java();

    private static Matrix random(int rows, int cols, Random r) {
        Matrix m = Matrix.zeros(rows, cols);
        for (int i = 0; i < m.data().length; i++) {
            m.data()[i] = r.nextGaussian();
        }
        return m;
    }

    private static double[] theta(int length, Random r) {
        double[] t = new double[length];
        for (int i = 0; i < length; i++) {
            t[i] = 0.3 * r.nextGaussian();
        }
        return t;
    }

    @ParameterizedTest
    @EnumSource(KernelLearning.Family.class)
    void valueMatchesTheDenseGaussianProcess(KernelLearning.Family family) {
        Random r = new Random(3);
        int n = 9;
        int q = 3;
        Matrix x = random(n, 2, r);
        Matrix y = random(n, q, r);
        IcmLikelihood l = new IcmLikelihood(x, y, family, 2, la);
        double[] t = theta(l.parameters(), r);
        double value = l.valueAndGradient(t, new double[t.length]);
        Matrix k = IcmLikelihood.gram(family, l.widths(t), x, x);
        Matrix a = IcmLikelihood.outputMatrix(l.factor(t), l.diagonal(t));
        int m = n * q;
        Matrix sigma = Matrix.zeros(m, m);
        double[] yv = new double[m];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < q; c++) {
                yv[i * q + c] = y.get(i, c);
                for (int j = 0; j < n; j++) {
                    for (int e = 0; e < q; e++) {
                        sigma.set(i * q + c, j * q + e, k.get(i, j) * a.get(c, e) + (i == j && c == e
                                ? l.noise(t) : 0.0));
                    }
                }
            }
        }
        Matrix chol = la.cholesky(sigma).orElseThrow();
        Matrix alpha = la.choleskySolve(chol, Matrix.column(yv));
        double logDet = 0;
        for (int i = 0; i < m; i++) {
            logDet += 2 * Math.log(chol.get(i, i));
        }
        double quad = 0;
        for (int i = 0; i < m; i++) {
            quad += yv[i] * alpha.get(i, 0);
        }
        double expected = 0.5 * quad + 0.5 * logDet + 0.5 * m * Math.log(2 * Math.PI);
        assertThat(value).isCloseTo(expected, within(1e-9 * Math.abs(expected)));
    }

    @ParameterizedTest
    @EnumSource(KernelLearning.Family.class)
    void gradientMatchesFiniteDifferences(KernelLearning.Family family) {
        Random r = new Random(7);
        int n = 14;
        Matrix x = random(n, 3, r);
        Matrix y = random(n, 4, r);
        IcmLikelihood l = new IcmLikelihood(x, y, family, 2, la);
        double[] t = theta(l.parameters(), r);
        double[] g = new double[t.length];
        l.valueAndGradient(t, g);
        double h = 1e-5;
        for (int i = 0; i < t.length; i++) {
            double[] up = t.clone();
            double[] down = t.clone();
            up[i] += h;
            down[i] -= h;
            double fd = (l.valueAndGradient(up, new double[t.length]) - l.valueAndGradient(down,
                    new double[t.length])) / (2 * h);
            assertThat(g[i]).as("parameter %d", i).isCloseTo(fd, within(1e-6 * Math.max(1.0, Math.abs(fd))));
        }
    }
}
