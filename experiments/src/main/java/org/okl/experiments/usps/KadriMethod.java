package org.okl.experiments.usps;

import java.util.List;
import java.util.Locale;

/**
 * A method of Kadri et al. 2013 Table 2 (left, USPS) with the settings and result the paper reports
 * (Table 2, left).
 *
 * @param preset       the named pipeline ({@code kde-cortes}, ...)
 * @param label        the row name in the paper
 * @param lambdaK      the paper's (unnormalised) ridge parameter λ_K
 * @param sigmaK       the paper's input-kernel width σ_k
 * @param sigmaL       the paper's output-kernel width σ_l (also the width of its RBF loss)
 * @param paperLoss    the paper's mean RBF loss
 * @param paperStd     the paper's standard deviation over the 5 runs
 */
record KadriMethod(String preset, String label, double lambdaK, double sigmaK, double sigmaL, double paperLoss,
        double paperStd) {

    /** The kPCA components of KDE - Weston: not reported by K13; BM22 use 64 on the same task. */
    static final int WESTON_COMPONENTS = 64;

    /** The four rows of K13 Table 2 (left), as printed. */
    static final List<KadriMethod> ALL = List.of(
            new KadriMethod("kde-cortes", "KDE - Cortes", 0.01, 0.1, 10, 0.9247, 0.0112),
            new KadriMethod("kde-weston", "KDE - Weston", 0.01, 0.07, 10, 0.8145, 0.0131),
            new KadriMethod("kde-covariance", "KDE - Covariance", 0.1, 1, 12, 0.7550, 0.0142),
            new KadriMethod("kde-conditional-covariance", "KDE - Cond. Covariance", 0.1, 1, 12, 0.6276, 0.0106));

    /**
     * OKL's normalised λ for the paper's λ_K with n training points
     * (docs/conventions.md#kadri-kernel-dependency-estimation): λ = λ_K / n.
     */
    static double oklLambda(double lambdaK, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        return lambdaK / n;
    }

    /** Whether the method is the conditional-covariance KDE (it has the extra ε). */
    boolean conditional() {
        return preset.equals("kde-conditional-covariance");
    }

    /** The paper's value as printed, {@code 0.6276 ± 0.0106}. */
    String paperText() {
        return String.format(Locale.ROOT, "%.4f ± %.4f", paperLoss, paperStd);
    }

    /** The {@code output} member of the pipeline for an output-kernel width. */
    String outputJson(double outputSigma) {
        String kernel = "{\"name\": \"gaussian\", \"sigma\": " + outputSigma + "}";
        return preset.equals("kde-weston")
                ? "{\"name\": \"kpca\", \"kernel\": " + kernel + ", \"components\": " + WESTON_COMPONENTS + "}"
                : "{\"name\": \"kernel\", \"kernel\": " + kernel + "}";
    }
}
