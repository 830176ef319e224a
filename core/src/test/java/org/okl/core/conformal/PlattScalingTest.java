package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Platt scaling against scikit-learn 1.2.1's {@code sklearn.calibration._sigmoid_calibration} (BFGS on the same
 * objective and smoothed targets) and its gradient against central finite differences of the objective; the expected
 * calibration error against a direct numpy computation.
 */
class PlattScalingTest {
    /** numpy RandomState(0): y = rand(60) < 0.4, f = round(0.6 y + 0.35 randn(60), 4). */
    private static final double[] SCORES = {-0.3134, 0.1354, -0.1788, -0.4132, -0.0099, 0.1499, 0.0233, 0.1059,
        -0.222, 0.473, -0.2354, -0.1258, -0.2846, -0.6042, 0.6621, 0.4594, 0.0294, 0.162, -0.3176, 0.0182, 0.2552,
        0.0451, 0.3988, -0.4322, 0.7408, -0.2397, 0.2952, -0.2026, -0.109, 0.0197, 0.1922, 0.3153, 0.163, -0.5377,
        1.1209, 0.6636, 0.4126, -0.063, -0.3748, 0.3691, 0.4589, 0.4279, 0.0729, 0.9418, 0.1247, 0.2473, 0.6037,
        1.2251, 0.6444, 0.7407, 0.6591, -0.4717, -0.4447, 0.9393, 0.1894, 1.2803, -0.1448, 0.3384, 0.673, 1.1182};
    private static final double[] LABELS = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1,
        0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1};

    @Test
    void fitMatchesScikitLearn() {
        PlattScaling s = PlattScaling.fit(SCORES, LABELS);
        // sklearn: a = -4.3006927866743325, b = 2.057791615592838 (BFGS stops at a gradient norm of 1e-5)
        assertThat(s.a()).isCloseTo(-4.3006927866743325, within(1e-4));
        assertThat(s.b()).isCloseTo(2.057791615592838, within(1e-4));
        double[] g = PlattScaling.gradient(SCORES, PlattScaling.targets(LABELS), s.a(), s.b());
        assertThat(Math.hypot(g[0], g[1])).isLessThan(1e-5);
        assertThat(s.probability(0.0)).isCloseTo(1 / (1 + Math.exp(s.b())), within(1e-15));
        assertThat(new PlattScaling(-2, 0.5).probability(800)).isCloseTo(1.0, within(1e-15));
        assertThat(new PlattScaling(-2, 0.5).probability(-800)).isCloseTo(0.0, within(1e-15));
    }

    @Test
    void gradientMatchesFiniteDifferences() {
        double[] t = PlattScaling.targets(LABELS);
        double[][] points = {{0, 0}, {-4, 2}, {1.5, -0.7}};
        double h = 1e-6;
        for (double[] p : points) {
            double[] g = PlattScaling.gradient(SCORES, t, p[0], p[1]);
            double da = (PlattScaling.objective(SCORES, t, p[0] + h, p[1])
                    - PlattScaling.objective(SCORES, t, p[0] - h, p[1])) / (2 * h);
            double db = (PlattScaling.objective(SCORES, t, p[0], p[1] + h)
                    - PlattScaling.objective(SCORES, t, p[0], p[1] - h)) / (2 * h);
            assertThat(g[0]).isCloseTo(da, within(1e-6));
            assertThat(g[1]).isCloseTo(db, within(1e-6));
        }
    }

    @Test
    void expectedCalibrationErrorMatchesADirectComputation() {
        double[] p = {0.05, 0.12, 0.33, 0.35, 0.71, 0.95, 0.99, 0.5, 0.5, 1.2};
        double[] y = {0, 0, 1, 0, 1, 1, 1, 0, 1, 1};
        // numpy: bins floor(10 clip(p)), sum_b |sum y - sum p| / n = 0.084
        assertThat(CalibrationError.expected(p, y, 10)).isCloseTo(0.084, within(1e-12));
    }
}
