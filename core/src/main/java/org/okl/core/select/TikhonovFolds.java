package org.okl.core.select;

import java.util.List;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.streamed.OutputFactor;

/**
 * The K fold models of a separable Tikhonov fit, for CV+ intervals (Barber, Candes, Ramdas and Tibshirani 2021, §3):
 * model k is the fit on the rows outside fold k, with the same kernel, output matrix A and lambda and its own shift
 * {@code n_k·lambda} (n_k its training rows), exactly what refitting the pipeline's regression on those rows gives.
 * Each model is kept as its coefficients over all n training rows ({@code C_k A}, zero on fold k's rows), so that
 * {@code mu_{-k}(x) = k(x, X) C_k A} needs only the training inputs a model stores once. Cost: K eigendecompositions
 * of the n_k x n_k Gram blocks, then O(n d) per new point and fold.
 */
public final class TikhonovFolds {

    private TikhonovFolds() {
    }

    /**
     * The K fold models of targets Y (n x d) for a scalar Gram k (n x n), an output matrix A (d x d, {@code null} for
     * the identity) and the folds of a splitter (each split validates on one fold; every row in exactly one).
     *
     * @throws IllegalArgumentException when Y has missing values or the splits do not partition the rows
     */
    public static Fits fit(Matrix k, Matrix a, Matrix y, List<Split> splits, double lambda, LinearAlgebra la) {
        for (double v : y.data()) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("CV+ intervals do not support missing targets");
            }
        }
        int n = y.rows();
        int d = y.cols();
        int folds = splits.size();
        int[] foldOf = new int[n];
        java.util.Arrays.fill(foldOf, -1);
        for (int f = 0; f < folds; f++) {
            for (int i : splits.get(f).validation()) {
                if (foldOf[i] >= 0) {
                    throw new IllegalArgumentException("row " + i + " is in two folds");
                }
                foldOf[i] = f;
            }
        }
        for (int i = 0; i < n; i++) {
            if (foldOf[i] < 0) {
                throw new IllegalArgumentException("row " + i + " is in no fold");
            }
        }
        OutputFactor output = a == null || OutputFactor.isIdentity(a) ? null : OutputFactor.of(a, la);
        Matrix coefficients = Matrix.zeros(n, folds * d);
        for (int f = 0; f < folds; f++) {
            int[] train = splits.get(f).train();
            Matrix block = foldCoefficients(k.selectRows(train).selectColumns(train), output, y.selectRows(train),
                    lambda, la);
            for (int r = 0; r < train.length; r++) {
                for (int c = 0; c < d; c++) {
                    coefficients.set(train[r], f * d + c, block.get(r, c));
                }
            }
        }
        Fits fits = new Fits(foldOf, coefficients, d);
        Matrix[] own = fits.predictions(k);
        Matrix residuals = Matrix.zeros(n, d);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < d; c++) {
                residuals.set(i, c, y.get(i, c) - own[c].get(i, i));
            }
        }
        return new Fits(foldOf, coefficients, d, residuals);
    }

    /**
     * {@code C A} with C solving {@code k C A + n_k lambda C = Y} (the separable Tikhonov fit): with k = U diag(s) U^T
     * and A = W diag(a) W^T, {@code C A = U [(U^T Y W) .* a^T ./ (s a^T + n_k lambda)] W^T}.
     */
    private static Matrix foldCoefficients(Matrix k, OutputFactor output, Matrix y, double lambda, LinearAlgebra la) {
        int n = y.rows();
        int d = y.cols();
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(k, la);
        Matrix u = spectrum.vectors();
        double[] s = spectrum.values();
        Matrix w = output == null ? null : output.spectrum().vectors();
        double[] av = new double[d];
        for (int c = 0; c < d; c++) {
            av[c] = output == null ? 1.0 : output.spectrum().values()[c];
        }
        Matrix rotated = la.multiply(u, true, y, false);
        if (w != null) {
            rotated = la.multiply(rotated, w);
        }
        double shift = n * lambda;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < d; c++) {
                rotated.set(r, c, rotated.get(r, c) * av[c] / (s[r] * av[c] + shift));
            }
        }
        Matrix out = la.multiply(u, rotated);
        return w == null ? out : la.multiply(out, false, w, true);
    }

    /**
     * The K fold models: which fold each training row is in, and each model's coefficients over the n training rows.
     *
     * @param foldOf       the fold of each training row (0..K-1)
     * @param coefficients n x (K d): columns {@code k d .. k d + d - 1} are model k's {@code C_k A}, zero on its fold
     * @param outputs      d
     * @param residuals    the out-of-fold residuals {@code y_i - mu_{-k(i)}(x_i)} (n x d), or {@code null} when
     *                     not computed (a model read from its file stores them apart)
     */
    public record Fits(int[] foldOf, Matrix coefficients, int outputs, Matrix residuals) {

        /** Fold models without their residuals. */
        public Fits(int[] foldOf, Matrix coefficients, int outputs) {
            this(foldOf, coefficients, outputs, null);
        }

        /** The number of folds K. */
        public int folds() {
            return coefficients.cols() / outputs;
        }

        /**
         * {@code mu_{-k(i)}(x)} at new points from their cross Gram {@code k(x_new, x_train)} (m x n): one matrix per
         * output c (n x m), row i the model without row i's fold. O(m n K d).
         */
        public Matrix[] predictions(Matrix cross) {
            int n = foldOf.length;
            int m = cross.rows();
            Matrix all = cross.toDense();
            double[][] byFold = new double[folds() * outputs][];
            for (int j = 0; j < byFold.length; j++) {
                double[] coefficient = coefficients.columnValues(j);
                double[] v = new double[m];
                for (int t = 0; t < m; t++) {
                    double sum = 0;
                    for (int r = 0; r < n; r++) {
                        sum += all.get(t, r) * coefficient[r];
                    }
                    v[t] = sum;
                }
                byFold[j] = v;
            }
            Matrix[] out = new Matrix[outputs];
            for (int c = 0; c < outputs; c++) {
                out[c] = Matrix.zeros(n, m);
                for (int i = 0; i < n; i++) {
                    double[] v = byFold[foldOf[i] * outputs + c];
                    for (int t = 0; t < m; t++) {
                        out[c].set(i, t, v[t]);
                    }
                }
            }
            return out;
        }

        /** The folds as a column (n x 1) of fold numbers, for the model file. */
        public Matrix foldColumn() {
            double[] v = new double[foldOf.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = foldOf[i];
            }
            return Matrix.column(v);
        }

        /**
         * Fold models read back from a fold column and their coefficients.
         *
         * @throws IllegalArgumentException when the column does not hold fold numbers 0..K-1 of the coefficients
         */
        public static Fits of(Matrix foldColumn, Matrix coefficients, int outputs) {
            if (foldColumn.cols() != 1 || foldColumn.rows() != coefficients.rows() || outputs < 1
                    || coefficients.cols() % outputs != 0 || coefficients.cols() < 2 * outputs) {
                throw new IllegalArgumentException("the CV+ folds (" + foldColumn.rows() + " x " + foldColumn.cols()
                        + ") and coefficients (" + coefficients.rows() + " x " + coefficients.cols() + ") do not fit "
                        + outputs + " outputs in at least 2 folds");
            }
            int folds = coefficients.cols() / outputs;
            int[] foldOf = new int[foldColumn.rows()];
            for (int i = 0; i < foldOf.length; i++) {
                double v = foldColumn.get(i, 0);
                if (v != Math.rint(v) || v < 0 || v >= folds) {
                    throw new IllegalArgumentException("CV+ fold number " + v + " at row " + (i + 1) + " is not one "
                            + "of 0.." + (folds - 1));
                }
                foldOf[i] = (int) v;
            }
            return new Fits(foldOf, coefficients, outputs);
        }
    }
}
