package org.okl.linalg.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * Learns the parameters of a separable kernel {@code k(x, x') A} from training rows by minimising the negative log
 * marginal likelihood of the equivalent Gaussian process ({@link IcmLikelihood}) with {@link Lbfgs}: per-feature
 * widths of an ARD Gaussian or Laplacian kernel, the output matrix {@code A = B B^T + diag(d)} (rank r plus diagonal,
 * positive definite by construction) and the noise {@code s2 = n lambda}. The objective looks at no row it scores:
 * the learner sees only the training rows it is given (at most {@link Options#maxRows()}, drawn with a seed). Each
 * iteration costs one Gram (n² p), one eigendecomposition of it (n³) and two n x n products.
 */
public final class KernelLearning {

    private KernelLearning() {
    }

    /** The kernel families with per-feature widths. */
    public enum Family {
        /** exp(-sum_f (x_f - x'_f)^2 / (2 w_f^2)). */
        GAUSSIAN,
        /** exp(-sum_f |x_f - x'_f| / w_f). */
        LAPLACIAN
    }

    /**
     * The learner's budget.
     *
     * @param rank       r, the rank of B (capped at q - 1; 0 for one output)
     * @param maxRows    the most training rows it learns on (a seeded draw above)
     * @param iterations the most L-BFGS iterations
     * @param seed       the seed of the row draw
     */
    public record Options(int rank, int maxRows, int iterations, long seed) {
    }

    /**
     * What was learned.
     *
     * @param family      the kernel's family
     * @param widths      per input feature
     * @param factor      B (q x r)
     * @param diagonal    d (q)
     * @param noise       s2, the Gaussian process's noise variance (Tikhonov's n lambda)
     * @param value       the negative log marginal likelihood per learning row at the end
     * @param start       the same at the start (the median-width kernel, A from the targets' covariance)
     * @param rows        the rows learned on
     * @param iterations  the L-BFGS iterations
     * @param evaluations the objective's evaluations (each one eigendecomposition of the n x n Gram)
     * @param stop        why L-BFGS stopped
     * @param seconds     the time spent
     */
    public record Learned(Family family, double[] widths, Matrix factor, double[] diagonal, double noise, double value,
            double start, int rows, int iterations, int evaluations, String stop, double seconds) {

        /** The output matrix A = B B^T + diag(d). */
        public Matrix outputMatrix() {
            return IcmLikelihood.outputMatrix(factor, diagonal);
        }

        /** The Tikhonov lambda for a fit on n rows: s2 / n (lambda is on the normalised kernel). */
        public double lambda(int n) {
            return noise / n;
        }

        /** The input features by increasing width (most relevant first). */
        public int[] featureRanking() {
            Integer[] order = new Integer[widths.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble(i -> widths[i]));
            return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        }

        /**
         * The groups of outputs A couples: each output whose shared part {@code (B B^T)_kk} is at least half of
         * {@code A_kk} joins the leading eigenvector of B B^T it loads most on; the others stay alone. Empty groups
         * are left out; indices are 0-based.
         */
        public List<List<Integer>> groups(LinearAlgebra la) {
            int q = diagonal.length;
            List<List<Integer>> groups = new ArrayList<>();
            if (factor.cols() == 0) {
                return groups;
            }
            Matrix shared = IcmLikelihood.outputMatrix(factor, new double[q]);
            SymmetricEigen e = la.eigenSymmetric(shared);
            int r = factor.cols();
            for (int c = 0; c < r; c++) {
                groups.add(new ArrayList<>());
            }
            for (int k = 0; k < q; k++) {
                if (shared.get(k, k) < 0.5 * (shared.get(k, k) + diagonal[k])) {
                    continue;
                }
                int best = 0;
                double most = -1;
                for (int c = 0; c < r; c++) {
                    double load = e.values()[c] * e.vectors().get(k, c) * e.vectors().get(k, c);
                    if (load > most) {
                        most = load;
                        best = c;
                    }
                }
                groups.get(best).add(k);
            }
            groups.removeIf(List::isEmpty);
            return groups;
        }
    }

    /**
     * Learns the kernel on inputs x (n x p, transformed as the pipeline's kernel sees them) and targets y (n x q,
     * no missing values).
     *
     * @throws IllegalArgumentException when y has missing values or there are fewer than 3 rows
     */
    public static Learned learn(Matrix x, Matrix y, Family family, Options options, LinearAlgebra la) {
        long start = System.nanoTime();
        if (x.rows() < 3 || !y.isFinite()) {
            throw new IllegalArgumentException("kernel learning needs at least 3 rows and no missing targets");
        }
        int[] rows = draw(x.rows(), options.maxRows(), options.seed());
        Matrix xs = x.selectRows(rows);
        Matrix ys = y.selectRows(rows);
        int q = ys.cols();
        int rank = Math.max(0, Math.min(options.rank(), q - 1));
        IcmLikelihood objective = new IcmLikelihood(xs, ys, family, rank, la);
        double[] theta0 = initial(xs, ys, family, rank, la);
        double[] g = new double[theta0.length];
        double startValue = objective.valueAndGradient(theta0, g);
        Lbfgs.Result r = new Lbfgs(10, options.iterations(), 1e-5, 1e-7).minimize(objective, theta0);
        int n = xs.rows();
        double[] widths = bounded(objective.widths(r.x()), Math.exp(theta0[0]));
        Matrix factor = objective.factor(r.x());
        double[] diagonal = objective.diagonal(r.x());
        double noise = objective.noise(r.x());
        // (a diagonal entry may underflow to 0: A = B B^T + diag(d) stays positive semi-definite, and the ridge's
        // lambda keeps the solve regular)
        if (!factor.isFinite() || !Arrays.stream(diagonal).allMatch(d -> Double.isFinite(d) && d >= 0)
                || !(noise > 0 && Double.isFinite(noise)) || !Double.isFinite(r.value())) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "kernel learning diverged after "
                    + "%d iterations: output matrix %s, diagonal %s, noise %.3g, objective %.3g", r.iterations(),
                    factor.isFinite() ? "finite" : "not finite", Arrays.toString(diagonal), noise, r.value()));
        }
        return new Learned(family, widths, factor, diagonal, noise, r.value() / n, startValue / n, n, r.iterations(),
                r.evaluations() + 1, r.stop(), (System.nanoTime() - start) / 1e9);
    }

    /** How far a learned width may move from the start (the median distance), either way: a factor of 10^6. */
    static final double WIDTH_RANGE = 1e6;

    /**
     * The learned widths within {@code [start / WIDTH_RANGE, start * WIDTH_RANGE]}. The likelihood of a feature that
     * carries no signal keeps growing its width, and L-BFGS's line search can carry its logarithm past where
     * {@code exp} overflows: an infinite width that no kernel spec accepts. Capped at 10^6 times the median
     * distance, such a feature's share of any squared distance is below 10^-12 of the start's (Gaussian; 10^-6 for
     * the Laplacian's L1), the same kernel to within rounding wherever the rows' distances are of the median's order.
     * The lower cap, which the likelihood does not approach in practice (a width far below every distance makes the
     * Gram the identity), keeps the width positive where {@code exp} would underflow to 0.
     */
    static double[] bounded(double[] widths, double start) {
        double low = start / WIDTH_RANGE;
        double high = start * WIDTH_RANGE;
        double[] w = new double[widths.length];
        for (int f = 0; f < w.length; f++) {
            double v = widths[f];
            w[f] = Double.isNaN(v) ? start : Math.min(high, Math.max(low, v));
        }
        return w;
    }

    /**
     * The Tikhonov (Gaussian-process posterior mean) predictions of a learned kernel at test inputs, fitted on
     * training rows with {@code n lambda = s2}: {@code F = k(X*, X) C A}, C from the eigendecompositions of K and A.
     */
    public static Matrix predict(Learned learned, Matrix x, Matrix y, Matrix test, LinearAlgebra la) {
        Matrix k = IcmLikelihood.gram(learned.family(), learned.widths(), x, x);
        Matrix a = learned.outputMatrix();
        SymmetricEigen ek = la.eigenSymmetric(k);
        SymmetricEigen ea = la.eigenSymmetric(a);
        double[] s = ek.clampedValues();
        double[] av = ea.clampedValues();
        int n = x.rows();
        int q = y.cols();
        Matrix uty = Matrix.zeros(n, q);
        la.gemm(1.0, ek.vectors(), true, y, false, 0.0, uty);
        Matrix ct = Matrix.zeros(n, q);
        la.gemm(1.0, uty, false, ea.vectors(), false, 0.0, ct);
        for (int j = 0; j < q; j++) {
            for (int l = 0; l < n; l++) {
                ct.set(l, j, ct.get(l, j) * av[j] / (s[l] * av[j] + learned.noise()));
            }
        }
        // C A = U Ct diag(a) V^T (Ct already scaled by a)
        Matrix ctv = Matrix.zeros(n, q);
        la.gemm(1.0, ct, false, ea.vectors(), true, 0.0, ctv);
        Matrix ca = Matrix.zeros(n, q);
        la.gemm(1.0, ek.vectors(), false, ctv, false, 0.0, ca);
        Matrix kt = IcmLikelihood.gram(learned.family(), learned.widths(), test, x);
        Matrix f = Matrix.zeros(test.rows(), q);
        la.gemm(1.0, kt, false, ca, false, 0.0, f);
        return f;
    }

    /** All rows when there are at most {@code max}, else a seeded draw of {@code max} of them, in order. */
    static int[] draw(int n, int max, long seed) {
        if (n <= max) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] perm = new int[n];
        Arrays.setAll(perm, i -> i);
        Random random = new Random(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] chosen = Arrays.copyOf(perm, max);
        Arrays.sort(chosen);
        return chosen;
    }

    /**
     * The start: every width the median pairwise distance (squared Euclidean's root for the Gaussian, L1 for the
     * Laplacian) of the rows, as {@code bandwidth: median} gives; B the top-r eigenpairs of half the targets'
     * second-moment matrix, d half its diagonal (at least 1e-3 of its mean); s2 a tenth of its mean diagonal.
     */
    static double[] initial(Matrix x, Matrix y, Family family, int rank, LinearAlgebra la) {
        int n = x.rows();
        int p = x.cols();
        int q = y.cols();
        double width = medianDistance(x, family);
        double[] theta = new double[p + q * rank + q + 1];
        Arrays.fill(theta, 0, p, Math.log(width));
        Matrix cov = Matrix.zeros(q, q);
        la.gemm(1.0 / n, y, true, y, false, 0.0, cov);
        double mean = 0;
        for (int k = 0; k < q; k++) {
            mean += cov.get(k, k) / q;
        }
        mean = Math.max(mean, 1e-6);
        SymmetricEigen e = la.eigenSymmetric(cov.symmetrize());
        for (int c = 0; c < rank; c++) {
            double scale = Math.sqrt(Math.max(0.5 * e.values()[c], 1e-3 * mean));
            for (int k = 0; k < q; k++) {
                theta[p + c * q + k] = scale * e.vectors().get(k, c);
            }
        }
        for (int k = 0; k < q; k++) {
            theta[p + q * rank + k] = Math.log(Math.max(0.5 * cov.get(k, k), 1e-3 * mean));
        }
        theta[theta.length - 1] = Math.log(0.1 * mean);
        return theta;
    }

    private static double medianDistance(Matrix x, Family family) {
        int n = Math.min(x.rows(), 500);
        int p = x.cols();
        double[] d = new double[n * (n - 1) / 2];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = 0;
                for (int f = 0; f < p; f++) {
                    double diff = x.get(i, f) - x.get(j, f);
                    s += family == Family.GAUSSIAN ? diff * diff : Math.abs(diff);
                }
                d[t++] = family == Family.GAUSSIAN ? Math.sqrt(s) : s;
            }
        }
        Arrays.sort(d);
        double m = d.length == 0 ? 1.0 : d[d.length / 2];
        return m > 0 ? m : 1.0;
    }
}
