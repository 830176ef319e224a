package org.okl.testkit;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.Matrix;

/**
 * Plain-loop oracles for pipeline tests: the median distance, and separable Gaussian kernel ridge by a dense (nd x nd)
 * solve, against which the structured solvers are checked.
 */
public final class NaiveRidge {
    private NaiveRidge() {
    }

    /** The median of the pairwise Euclidean distances between the rows of x. */
    public static double medianDistance(Matrix x) {
        List<Double> d = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            for (int j = i + 1; j < x.rows(); j++) {
                d.add(Math.sqrt(squared(x.row(i), x.row(j))));
            }
        }
        d.sort(Double::compare);
        int m = d.size();
        return m % 2 == 1 ? d.get(m / 2) : 0.5 * (d.get(m / 2 - 1) + d.get(m / 2));
    }

    /** The squared Euclidean distance between two vectors. */
    public static double squared(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += (a[k] - b[k]) * (a[k] - b[k]);
        }
        return s;
    }

    /** The Gaussian Gram matrix {@code exp(-|a_i - b_j|^2 / (2 sigma^2))}. */
    public static Matrix gram(Matrix a, Matrix b, double sigma) {
        Matrix k = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                k.set(i, j, Math.exp(-squared(a.row(i), b.row(j)) / (2 * sigma * sigma)));
            }
        }
        return k;
    }

    /**
     * The coefficients C (n x d) of Tikhonov regularization with the separable kernel k·A in OKL's scale:
     * {@code K C A + n lambda C = Y}, solved as {@code (A^T ⊗ K + n lambda I) vec(C) = vec(Y)}.
     */
    public static Matrix ridge(Matrix x, Matrix y, double sigma, double lambda, Matrix a) {
        int n = x.rows();
        int d = y.cols();
        Matrix k = gram(x, x, sigma);
        Matrix big = Matrix.zeros(n * d, n * d);
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < d; q++) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        big.set(i + p * n, j + q * n, a.get(q, p) * k.get(i, j));
                    }
                }
            }
        }
        for (int i = 0; i < n * d; i++) {
            big.add(i, i, n * lambda);
        }
        Matrix vec = new Matrix(n * d, 1, y.data().clone());
        Matrix c = TestMatrices.naiveSolve(big, vec);
        return new Matrix(n, d, c.data());
    }

    /** Predictions {@code k(test, train) C A}. */
    public static Matrix predict(Matrix test, Matrix train, Matrix c, double sigma, Matrix a) {
        return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(gram(test, train, sigma), c), a);
    }
}
