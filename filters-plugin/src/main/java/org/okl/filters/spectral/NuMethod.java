package org.okl.filters.spectral;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.PathListener;
import org.okl.api.linalg.Matrix;

/**
 * The nu-method (accelerated Landweber) on the operator scaled by S = n·s_max, with the recurrence of
 * docs/conventions.md#filters: C_1 = w_1·Y/S, C_i = C_{i-1} + u_i·(C_{i-1} - C_{i-2}) + (w_i/S)·(Y - Gamma·C_{i-1}).
 * On the spectrum the same recurrence runs on scalars: g_1 = w_1/s_max, g_i = g_{i-1} + u_i·(g_{i-1} - g_{i-2}) +
 * (w_i/s_max)·(1 - s·g_{i-1}).
 */
public final class NuMethod extends IterationPathFilter {
    private final double nu;

    /**
     * @param iterations the largest iteration count t (at least 1)
     * @param nu         the qualification nu (> 0)
     */
    public NuMethod(int iterations, double nu) {
        this(iterations, nu, true);
    }

    /**
     * @param iterations the largest iteration count t (at least 1)
     * @param nu         the qualification nu (> 0)
     * @param path       every iteration a path point; false: the t-th iterate alone
     */
    public NuMethod(int iterations, double nu, boolean path) {
        super("nu-method", iterations, path);
        if (!(nu > 0 && Double.isFinite(nu))) {
            throw new InvalidParameterException("nu-method", "nu", "must be a finite value > 0, got " + nu);
        }
        this.nu = nu;
    }

    private double w1() {
        return (4 * nu + 2) / (4 * nu + 1);
    }

    /** u_i for iteration i >= 2. */
    private double u(int i) {
        return (i - 1.0) * (2 * i - 3.0) * (2 * i + 2 * nu - 1)
                / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1) * (2 * i + 2 * nu - 3));
    }

    /** w_i for iteration i >= 2. */
    private double w(int i) {
        return 4 * (2 * i + 2 * nu - 1) * (i + nu - 1) / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1));
    }

    @Override
    public double apply(int index, double s, double sMax) {
        double previous = 0;
        double current = w1() / sMax;
        for (int i = 2; i <= iterate(index) + 1; i++) {
            double next = current + u(i) * (current - previous) + w(i) / sMax * (1 - s * current);
            previous = current;
            current = next;
        }
        return current;
    }

    @Override
    public void run(GramOperator gram, Matrix targets, double sMax, PathListener listener) {
        int n = gram.size();
        double sc = 1.0 / (n * sMax);
        Matrix previous = Matrix.zeros(targets.rows(), targets.cols());
        Matrix current = targets.times(w1() * sc);
        report(listener, 0, current);
        for (int i = 2; i <= iterations(); i++) {
            Matrix gammaC = gram.apply(current);
            double ui = u(i);
            double wi = w(i) * sc;
            double[] p = previous.data();
            double[] c = current.data();
            double[] y = targets.data();
            double[] g = gammaC.data();
            for (int k = 0; k < c.length; k++) {
                double next = c[k] + ui * (c[k] - p[k]) + wi * (y[k] - g[k]);
                p[k] = next;
            }
            Matrix swap = previous;
            previous = current;
            current = swap;
            report(listener, i - 1, current);
        }
    }
}
