package org.okl.linalg.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.analysis.MultivariateVectorFunction;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.SimpleValueChecker;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.apache.commons.math3.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;
import org.junit.jupiter.api.Test;

/**
 * L-BFGS against the published minima of the Rosenbrock function (2 and 10 variables: 0 at (1, ..., 1)) and against
 * commons-math3's non-linear conjugate gradient on a convex quadratic-plus-quartic function.
 */
class LbfgsTest {

    /** The extended Rosenbrock function sum 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2 and its gradient. */
    static double rosenbrock(double[] x, double[] g) {
        double f = 0;
        for (int i = 0; i + 1 < x.length; i++) {
            double a = x[i + 1] - x[i] * x[i];
            double b = 1 - x[i];
            f += 100 * a * a + b * b;
            g[i] += -400 * a * x[i] - 2 * b;
            g[i + 1] += 200 * a;
        }
        return f;
    }

    @Test
    void findsRosenbrocksMinimumFromTheClassicStart() {
        Lbfgs.Result r = new Lbfgs(7, 500, 1e-10, 0).minimize(LbfgsTest::rosenbrock, new double[] {-1.2, 1.0});
        assertThat(r.value()).isLessThan(1e-14);
        assertThat(r.x()[0]).isCloseTo(1.0, within(1e-6));
        assertThat(r.x()[1]).isCloseTo(1.0, within(1e-6));
        // Nocedal and Wright report a few dozen iterations for quasi-Newton methods from (-1.2, 1)
        assertThat(r.iterations()).isLessThan(60);
    }

    @Test
    void findsTheTenDimensionalRosenbrockMinimum() {
        double[] start = new double[10];
        for (int i = 0; i < start.length; i++) {
            start[i] = i % 2 == 0 ? -1.2 : 1.0;
        }
        Lbfgs.Result r = new Lbfgs(10, 1000, 1e-10, 0).minimize(LbfgsTest::rosenbrock, start);
        assertThat(r.value()).isLessThan(1e-12);
        for (double v : r.x()) {
            assertThat(v).isCloseTo(1.0, within(1e-5));
        }
    }

    /** f(x) = sum_i c_i (x_i - t_i)^2 + (sum x)^4 / 10: smooth, convex, one minimum. */
    private static double convex(double[] x, double[] g) {
        double s = 0;
        double f = 0;
        for (int i = 0; i < x.length; i++) {
            double c = 1 + i;
            double d = x[i] - Math.sin(i + 1.0);
            f += c * d * d;
            g[i] += 2 * c * d;
            s += x[i];
        }
        f += s * s * s * s / 10;
        for (int i = 0; i < x.length; i++) {
            g[i] += 0.4 * s * s * s;
        }
        return f;
    }

    @Test
    void agreesWithCommonsMathsConjugateGradient() {
        int n = 8;
        Lbfgs.Result r = new Lbfgs(5, 500, 1e-12, 0).minimize(LbfgsTest::convex, new double[n]);
        NonLinearConjugateGradientOptimizer cg = new NonLinearConjugateGradientOptimizer(
                NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-15, 1e-15));
        MultivariateFunction f = x -> convex(x, new double[x.length]);
        MultivariateVectorFunction grad = x -> {
            double[] g = new double[x.length];
            convex(x, g);
            return g;
        };
        PointValuePair ref = cg.optimize(new MaxEval(100000), new ObjectiveFunction(f),
                new ObjectiveFunctionGradient(grad), GoalType.MINIMIZE, new InitialGuess(new double[n]));
        // the conjugate gradient stops about 2e-9 above the minimum; L-BFGS gets as low or lower
        assertThat(r.value()).isCloseTo(ref.getValue(), within(1e-8)).isLessThanOrEqualTo(ref.getValue() + 1e-12);
        for (int i = 0; i < n; i++) {
            assertThat(r.x()[i]).isCloseTo(ref.getPoint()[i], within(1e-4));
        }
    }

    @Test
    void stepsBackWhereTheFunctionIsUndefined() {
        // f = x - log(x) is undefined for x <= 0; minimum 1 at x = 1. A full first step from 0.1 overshoots below 0.
        Lbfgs.Objective f = (x, g) -> {
            if (x[0] <= 0) {
                return Double.NaN;
            }
            g[0] = 1 - 1 / x[0];
            return x[0] - Math.log(x[0]);
        };
        Lbfgs.Result r = new Lbfgs(5, 100, 1e-10, 0).minimize(f, new double[] {5.0});
        assertThat(r.x()[0]).isCloseTo(1.0, within(1e-6));
    }
}
