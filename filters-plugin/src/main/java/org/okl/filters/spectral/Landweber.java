package org.okl.filters.spectral;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.PathListener;
import org.okl.api.linalg.Matrix;

/**
 * Landweber iteration (L2 boosting): C_0 = 0, C_i = C_{i-1} + (eta/n)·(Y - Gamma·C_{i-1}), eta = 1/s_max unless a
 * step is given. On the spectrum g_t(s) = (1 - (1 - eta·s)^t)/s, and eta·t at s = 0; evaluated stably as
 * -expm1(t·log1p(-eta·s))/s. Convergence needs eta·s_max &lt; 2.
 */
public final class Landweber extends IterationPathFilter {
    private final double step;

    /**
     * @param iterations the largest iteration count t (at least 1)
     * @param step       the step eta (> 0), or NaN for the default 1/s_max
     */
    public Landweber(int iterations, double step) {
        this(iterations, step, true);
    }

    /**
     * @param iterations the largest iteration count t (at least 1)
     * @param step       the step eta (> 0), or NaN for the default 1/s_max
     * @param path       every iteration a path point; false: the t-th iterate alone
     */
    public Landweber(int iterations, double step, boolean path) {
        super("landweber", iterations, path);
        if (!Double.isNaN(step) && !(step > 0 && Double.isFinite(step))) {
            throw new InvalidParameterException("landweber", "step", "must be a finite value > 0, got " + step);
        }
        this.step = step;
    }

    /** The step eta for a Gram whose normalised largest eigenvalue is sMax. */
    double step(double sMax) {
        if (Double.isNaN(step)) {
            return 1.0 / sMax;
        }
        if (step * sMax >= 2) {
            throw new InvalidParameterException("landweber", "step",
                    "must be < 2/s_max = " + (2 / sMax) + " for the iteration to converge, got " + step);
        }
        return step;
    }

    @Override
    public double apply(int index, double s, double sMax) {
        double eta = step(sMax);
        int t = iterate(index) + 1;
        if (s <= 0) {
            return eta * t;
        }
        double x = eta * s;
        if (x < 1) {
            return -Math.expm1(t * Math.log1p(-x)) / s;
        }
        return (1 - Math.pow(1 - x, t)) / s;
    }

    @Override
    public void run(GramOperator gram, Matrix targets, double sMax, PathListener listener) {
        int n = gram.size();
        double factor = step(sMax) / n;
        Matrix c = Matrix.zeros(targets.rows(), targets.cols());
        for (int i = 0; i < iterations(); i++) {
            addResidual(c, targets, gram.apply(c), factor);
            report(listener, i, c);
        }
    }
}
