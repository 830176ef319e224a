package org.okl.linalg.learn;

import java.util.Arrays;

/**
 * Limited-memory BFGS (Nocedal and Wright, Numerical Optimization, 2nd ed., Algorithm 7.4 with the two-loop
 * recursion 7.5) with a line search that satisfies the strong Wolfe conditions (Algorithms 3.5 and 3.6, zoom by
 * safeguarded cubic interpolation). It minimises a smooth function of a few hundred variables given its value and
 * gradient. Written here because no small, permissively licensed L-BFGS is available to the build (commons-math3 has
 * none; Smile's is GPL); {@code LbfgsTest} holds it against commons-math3's non-linear conjugate gradient and the
 * published minima of the Rosenbrock function.
 */
public final class Lbfgs {
    private static final double C1 = 1e-4;
    private static final double C2 = 0.9;
    private static final int MAX_LINE_STEPS = 30;
    private final int memory;
    private final int maxIterations;
    private final double gradientTolerance;
    private final double relativeTolerance;

    /** A function and its gradient. */
    @FunctionalInterface
    public interface Objective {
        /**
         * The value at x, its gradient written into {@code gradient} (same length as x). May return a non-finite
         * value where the function is undefined; the line search then steps back.
         */
        double valueAndGradient(double[] x, double[] gradient);
    }

    /**
     * The outcome.
     *
     * @param x           the last (best) point
     * @param value       the function's value there
     * @param iterations  the iterations done
     * @param evaluations the function-and-gradient evaluations
     * @param stop        why it stopped ({@code gradient}, {@code value}, {@code iterations}, {@code line search})
     */
    public record Result(double[] x, double value, int iterations, int evaluations, String stop) {
    }

    /**
     * @param memory            the number of correction pairs kept (5 to 20 is usual)
     * @param maxIterations     the most iterations
     * @param gradientTolerance stop when the gradient's largest entry is below this times max(1, |x|_inf)
     * @param relativeTolerance stop when an iteration lowers the value by less than this times max(1, |f|)
     */
    public Lbfgs(int memory, int maxIterations, double gradientTolerance, double relativeTolerance) {
        if (memory < 1 || maxIterations < 0) {
            throw new IllegalArgumentException("memory must be >= 1 and maxIterations >= 0");
        }
        this.memory = memory;
        this.maxIterations = maxIterations;
        this.gradientTolerance = gradientTolerance;
        this.relativeTolerance = relativeTolerance;
    }

    /**
     * Minimises {@code f} from {@code start}.
     *
     * @throws IllegalArgumentException when f is not finite at the start
     */
    public Result minimize(Objective f, double[] start) {
        int n = start.length;
        double[] x = start.clone();
        double[] g = new double[n];
        int[] evaluations = {0};
        double fx = evaluate(f, x, g, evaluations);
        if (!Double.isFinite(fx) || !finite(g)) {
            throw new IllegalArgumentException("the objective is not finite at the starting point");
        }
        double[][] s = new double[memory][];
        double[][] y = new double[memory][];
        double[] rho = new double[memory];
        int stored = 0;
        int newest = -1;
        for (int it = 0; it < maxIterations; it++) {
            if (normInf(g) <= gradientTolerance * Math.max(1.0, normInf(x))) {
                return new Result(x, fx, it, evaluations[0], "gradient");
            }
            double[] d = direction(g, s, y, rho, stored, newest);
            double slope = dot(g, d);
            if (!(slope < 0)) {
                for (int k = 0; k < n; k++) {
                    d[k] = -g[k];
                }
                slope = dot(g, d);
                stored = 0;
            }
            double initial = stored == 0 ? Math.min(1.0, 1.0 / Math.max(normInf(g), 1e-300)) : 1.0;
            LineSearch ls = new LineSearch(f, x, fx, g, d, slope, evaluations);
            if (!ls.search(initial)) {
                return new Result(x, fx, it, evaluations[0], "line search");
            }
            double[] sNew = new double[n];
            double[] yNew = new double[n];
            for (int k = 0; k < n; k++) {
                sNew[k] = ls.x[k] - x[k];
                yNew[k] = ls.g[k] - g[k];
            }
            double previous = fx;
            x = ls.x;
            g = ls.g;
            fx = ls.f;
            double sy = dot(sNew, yNew);
            if (sy > 1e-12 * Math.sqrt(dot(sNew, sNew) * dot(yNew, yNew))) {
                newest = (newest + 1) % memory;
                s[newest] = sNew;
                y[newest] = yNew;
                rho[newest] = 1.0 / sy;
                stored = Math.min(stored + 1, memory);
            }
            if (previous - fx <= relativeTolerance * Math.max(1.0, Math.abs(fx))) {
                return new Result(x, fx, it + 1, evaluations[0], "value");
            }
        }
        return new Result(x, fx, maxIterations, evaluations[0], "iterations");
    }

    /** The two-loop recursion: -H g with H the L-BFGS inverse-Hessian approximation. */
    private double[] direction(double[] g, double[][] s, double[][] y, double[] rho, int stored, int newest) {
        double[] q = g.clone();
        double[] alpha = new double[memory];
        for (int k = 0; k < stored; k++) {
            int i = Math.floorMod(newest - k, memory);
            alpha[i] = rho[i] * dot(s[i], q);
            axpy(-alpha[i], y[i], q);
        }
        if (stored > 0) {
            double gamma = dot(s[newest], y[newest]) / dot(y[newest], y[newest]);
            for (int k = 0; k < q.length; k++) {
                q[k] *= gamma;
            }
        }
        for (int k = stored - 1; k >= 0; k--) {
            int i = Math.floorMod(newest - k, memory);
            double beta = rho[i] * dot(y[i], q);
            axpy(alpha[i] - beta, s[i], q);
        }
        for (int k = 0; k < q.length; k++) {
            q[k] = -q[k];
        }
        return q;
    }

    /** Nocedal and Wright's Algorithms 3.5 and 3.6 along x + a d. */
    private static final class LineSearch {
        private final Objective objective;
        private final double[] x0;
        private final double f0;
        private final double slope0;
        private final double[] d;
        private final int[] evaluations;
        double[] x;
        double[] g;
        double f;

        LineSearch(Objective f, double[] x0, double f0, double[] g0, double[] d, double slope0, int[] evaluations) {
            this.objective = f;
            this.x0 = x0;
            this.f0 = f0;
            this.d = d;
            this.slope0 = slope0;
            this.evaluations = evaluations;
        }

        /** Whether a step meeting the strong Wolfe conditions (or at least lowering f) was found. */
        boolean search(double initial) {
            double aPrev = 0;
            double fPrev = f0;
            double slopePrev = slope0;
            double a = initial;
            for (int i = 0; i < MAX_LINE_STEPS; i++) {
                Point p = at(a);
                if (!Double.isFinite(p.f)) {
                    a = aPrev + 0.25 * (a - aPrev);
                    continue;
                }
                if (p.f > f0 + C1 * a * slope0 || (i > 0 && p.f >= fPrev)) {
                    return zoom(aPrev, fPrev, slopePrev, a, p.f, p.slope);
                }
                if (Math.abs(p.slope) <= -C2 * slope0) {
                    return accept(p);
                }
                if (p.slope >= 0) {
                    return zoom(a, p.f, p.slope, aPrev, fPrev, slopePrev);
                }
                keep(p);
                aPrev = a;
                fPrev = p.f;
                slopePrev = p.slope;
                a = Math.min(2.0 * a, a + 1e6);
            }
            return x != null && f < f0;
        }

        private boolean zoom(double lo, double fLo, double slopeLo, double hi, double fHi, double slopeHi) {
            for (int i = 0; i < MAX_LINE_STEPS; i++) {
                double a = cubic(lo, fLo, slopeLo, hi, fHi, slopeHi);
                Point p = at(a);
                if (!Double.isFinite(p.f) || p.f > f0 + C1 * a * slope0 || p.f >= fLo) {
                    hi = a;
                    fHi = Double.isFinite(p.f) ? p.f : Double.MAX_VALUE;
                    slopeHi = Double.isFinite(p.slope) ? p.slope : 0;
                } else {
                    if (Math.abs(p.slope) <= -C2 * slope0) {
                        return accept(p);
                    }
                    keep(p);
                    if (p.slope * (hi - lo) >= 0) {
                        hi = lo;
                        fHi = fLo;
                        slopeHi = slopeLo;
                    }
                    lo = a;
                    fLo = p.f;
                    slopeLo = p.slope;
                }
                if (Math.abs(hi - lo) <= 1e-12 * Math.max(1.0, Math.abs(lo))) {
                    break;
                }
            }
            return x != null && f < f0;
        }

        /** The minimiser of the cubic through both ends, kept inside the middle 80 % of the interval. */
        private static double cubic(double a, double fa, double da, double b, double fb, double db) {
            double d1 = da + db - 3 * (fa - fb) / (a - b);
            double disc = d1 * d1 - da * db;
            double lo = Math.min(a, b);
            double hi = Math.max(a, b);
            double margin = 0.1 * (hi - lo);
            double t;
            if (disc >= 0 && Double.isFinite(disc)) {
                double d2 = Math.signum(b - a) * Math.sqrt(disc);
                t = b - (b - a) * (db + d2 - d1) / (db - da + 2 * d2);
            } else {
                t = 0.5 * (a + b);
            }
            if (!Double.isFinite(t) || t < lo + margin || t > hi - margin) {
                t = 0.5 * (a + b);
            }
            return t;
        }

        private record Point(double a, double f, double[] x, double[] g, double slope) {
        }

        private Point at(double a) {
            double[] xa = new double[x0.length];
            for (int k = 0; k < xa.length; k++) {
                xa[k] = x0[k] + a * d[k];
            }
            double[] ga = new double[x0.length];
            double fa = evaluate(objective, xa, ga, evaluations);
            double slope = dot(ga, d);
            return new Point(a, Double.isFinite(slope) ? fa : Double.NaN, xa, ga, slope);
        }

        private void keep(Point p) {
            if (x == null || p.f < f) {
                x = p.x;
                g = p.g;
                f = p.f;
            }
        }

        private boolean accept(Point p) {
            x = p.x;
            g = p.g;
            f = p.f;
            return true;
        }
    }

    private static double evaluate(Objective f, double[] x, double[] g, int[] evaluations) {
        evaluations[0]++;
        Arrays.fill(g, 0.0);
        return f.valueAndGradient(x, g);
    }

    private static boolean finite(double[] v) {
        for (double e : v) {
            if (!Double.isFinite(e)) {
                return false;
            }
        }
        return true;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static void axpy(double alpha, double[] x, double[] y) {
        for (int k = 0; k < x.length; k++) {
            y[k] += alpha * x[k];
        }
    }

    private static double normInf(double[] v) {
        double m = 0;
        for (double e : v) {
            m = Math.max(m, Math.abs(e));
        }
        return m;
    }
}
