package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.okl.datasets.source.DatasetsTestSupport.factory;
import static org.okl.datasets.source.DatasetsTestSupport.load;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.plugin.ValidatedParameters;
import org.okl.datasets.Contexts;

class GeneratorsTest {

    private static void assertSame(Dataset.Split a, Dataset.Split b) {
        assertThat(a.inputs().maxAbsDifference(b.inputs())).isZero();
        assertThat(a.outputs().maxAbsDifference(b.outputs())).isZero();
    }

    /** The B12 task targets written out independently: sin(2 pi x) + 0.6 sum_k w_tk exp(-(x - c_k)^2 / 0.02). */
    private static double task(int t, double x) {
        double[][] w = {{1, 0, -1}, {-1, 1, 0}, {0, -1, 1}, {0.5, 0.5, -0.5}};
        double[] c = {0.05, 0.4, 0.7};
        double s = Math.sin(2 * Math.PI * x);
        for (int k = 0; k < 3; k++) {
            s += 0.6 * w[t][k] * Math.exp(-(x - c[k]) * (x - c[k]) / 0.02);
        }
        return s;
    }

    @Test
    void relatedTasksAreReproducibleAndFollowTheRecipe() {
        Dataset a = load("related-tasks", Contexts.plain(), "n", 15, "seed", 3);
        Dataset b = load("related-tasks", Contexts.of(999, Optional.empty()), "n", 15, "seed", 3);
        assertSame(a.train(), b.train());
        assertSame(a.test().orElseThrow(), b.test().orElseThrow());
        Dataset c = load("related-tasks", Contexts.plain(), "n", 15, "seed", 4);
        assertThat(a.train().inputs().maxAbsDifference(c.train().inputs())).isPositive();
        // without a seed parameter the context's seed decides
        Dataset d1 = load("related-tasks", Contexts.of(5, Optional.empty()));
        Dataset d2 = load("related-tasks", Contexts.of(5, Optional.empty()));
        Dataset d3 = load("related-tasks", Contexts.of(6, Optional.empty()));
        assertSame(d1.train(), d2.train());
        assertThat(d1.train().outputs().maxAbsDifference(d3.train().outputs())).isPositive();

        assertThat(a.task()).isEqualTo(Dataset.Task.MULTI_TASK);
        assertThat(a.train().size()).isEqualTo(60);
        assertThat(a.test().orElseThrow().size()).isEqualTo(1000);
        int[] groups = a.train().groups().orElseThrow();
        for (int i = 0; i < 60; i++) {
            assertThat(groups[i]).isEqualTo(i / 15);
            double x = a.train().inputs().get(i, 0);
            assertThat(x).isBetween(0.0, 1.0);
        }
        Dataset clean = load("related-tasks", Contexts.plain(), "n", 10, "noise", 0.0, "seed", 1);
        for (int i = 0; i < 40; i++) {
            double x = clean.train().inputs().get(i, 0);
            assertThat(clean.train().outputs().get(i, 0)).isCloseTo(task(i / 10, x), within(1e-12));
        }
        // noise 0.1: residual variance close to 0.01 on 4 x 2000 points
        Dataset noisy = load("related-tasks", Contexts.plain(), "n", 2000, "nTest", 1, "seed", 2);
        double ss = 0;
        for (int i = 0; i < 8000; i++) {
            double r = noisy.train().outputs().get(i, 0) - task(i / 2000, noisy.train().inputs().get(i, 0));
            ss += r * r;
        }
        assertThat(ss / 8000).isCloseTo(0.01, within(0.001));
    }

    @Test
    void relatedTasksWithSharedInputs() {
        Dataset d = load("related-tasks", Contexts.plain(), "n", 12, "nTest", 7, "noise", 0.0, "sameInputs", true,
                "seed", 8);
        assertThat(d.task()).isEqualTo(Dataset.Task.REGRESSION);
        assertThat(d.train().outputs().cols()).isEqualTo(4);
        assertThat(d.train().groups()).isEmpty();
        assertThat(d.test().orElseThrow().size()).isEqualTo(7);
        for (int i = 0; i < 12; i++) {
            for (int t = 0; t < 4; t++) {
                assertThat(d.train().outputs().get(i, t)).isCloseTo(task(t, d.train().inputs().get(i, 0)),
                        within(1e-12));
            }
        }
    }

    /** The scalar potential of vector field 1, written out independently. */
    private static double potential(double x1, double x2) {
        double[][] centres = {{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        double s = 0;
        for (double[] c : centres) {
            s += Math.exp(-((x1 - c[0]) * (x1 - c[0]) + (x2 - c[1]) * (x2 - c[1])) / 0.9);
        }
        return s;
    }

    @Test
    void mixtureFieldIsTheGradientOfThePotentialAndItsRotation() {
        double h = 1e-5;
        java.util.Random r = new java.util.Random(11);
        for (int trial = 0; trial < 20; trial++) {
            double x1 = -2 + 4 * r.nextDouble();
            double x2 = -2 + 4 * r.nextDouble();
            double g1 = (potential(x1 + h, x2) - potential(x1 - h, x2)) / (2 * h);
            double g2 = (potential(x1, x2 + h) - potential(x1, x2 - h)) / (2 * h);
            double[] curlFree = VectorField.field(VectorField.Kind.MIXTURE, 0, x1, x2);
            double[] divFree = VectorField.field(VectorField.Kind.MIXTURE, 1, x1, x2);
            double[] half = VectorField.field(VectorField.Kind.MIXTURE, 0.3, x1, x2);
            assertThat(curlFree[0]).isCloseTo(g1, within(1e-8));
            assertThat(curlFree[1]).isCloseTo(g2, within(1e-8));
            assertThat(divFree[0]).isCloseTo(-g2, within(1e-8));
            assertThat(divFree[1]).isCloseTo(g1, within(1e-8));
            assertThat(half[0]).isCloseTo(0.3 * divFree[0] + 0.7 * curlFree[0], within(1e-12));
            // divergence of the divergence-free part vanishes (central differences)
            double div = (VectorField.field(VectorField.Kind.MIXTURE, 1, x1 + h, x2)[0]
                    - VectorField.field(VectorField.Kind.MIXTURE, 1, x1 - h, x2)[0]
                    + VectorField.field(VectorField.Kind.MIXTURE, 1, x1, x2 + h)[1]
                    - VectorField.field(VectorField.Kind.MIXTURE, 1, x1, x2 - h)[1]) / (2 * h);
            assertThat(div).isCloseTo(0, within(1e-6));
        }
    }

    @Test
    void helmholtzFieldAtAGridPoint() {
        // grid 5 over [-2,2]: -2,-1,0,1,2. At (1,-1): envelope exp(-2/2.88) = 0.49935;
        // v1 = 2 sin(3) sin(-1.5) * env = -0.1405840077, v2 = 2 cos(1.5) cos(-3) * env = -0.0699385113
        Dataset d = load("vector-field-helmholtz", Contexts.plain(), "grid", 5, "n", 3, "seed", 1);
        Matrix x = d.train().inputs().stackRows(d.test().orElseThrow().inputs());
        Matrix v = d.train().outputs().stackRows(d.test().orElseThrow().outputs());
        int found = 0;
        for (int i = 0; i < x.rows(); i++) {
            if (x.get(i, 0) == 1.0 && x.get(i, 1) == -1.0) {
                assertThat(v.get(i, 0)).isCloseTo(-0.1405840076, within(1e-9));
                assertThat(v.get(i, 1)).isCloseTo(-0.0699385113, within(1e-9));
                found++;
            }
        }
        assertThat(found).isEqualTo(1);
    }

    @Test
    void vectorFieldSplitsTheGridAndIsReproducible() {
        Dataset a = load("vector-field-mixture", Contexts.plain(), "n", 50, "grid", 20, "gamma", 0.4, "seed", 9);
        Dataset b = load("vector-field-mixture", Contexts.plain(), "n", 50, "grid", 20, "gamma", 0.4, "seed", 9);
        assertSame(a.train(), b.train());
        assertThat(a.task()).isEqualTo(Dataset.Task.REGRESSION);
        assertThat(a.train().size()).isEqualTo(50);
        assertThat(a.test().orElseThrow().size()).isEqualTo(350);
        Set<String> points = new HashSet<>();
        for (Dataset.Split s : new Dataset.Split[] {a.train(), a.test().orElseThrow()}) {
            for (int i = 0; i < s.size(); i++) {
                assertThat(points.add(s.inputs().get(i, 0) + "," + s.inputs().get(i, 1))).isTrue();
                double[] f = VectorField.field(VectorField.Kind.MIXTURE, 0.4, s.inputs().get(i, 0),
                        s.inputs().get(i, 1));
                assertThat(s.outputs().row(i)).containsExactly(f);
            }
        }
        assertThat(points).hasSize(400);
        Dataset c = load("vector-field-mixture", Contexts.plain(), "n", 50, "grid", 20, "seed", 10);
        assertThat(a.train().inputs().maxAbsDifference(c.train().inputs())).isPositive();
    }

    @Test
    void vectorFieldNoiseLevels() {
        Dataset abs = load("vector-field-mixture", Contexts.plain(), "n", 4000, "noise", 0.3, "seed", 2);
        assertThat(residualStd(abs, false)).isCloseTo(0.3, within(0.01));
        Dataset rel = load("vector-field-helmholtz", Contexts.plain(), "n", 4000, "relativeNoise", 0.2, "seed", 2);
        assertThat(residualStd(rel, true)).isCloseTo(0.2, within(0.01));
        // the test split keeps the exact field
        Dataset.Split test = abs.test().orElseThrow();
        double[] f = VectorField.field(VectorField.Kind.MIXTURE, 0.5, test.inputs().get(0, 0), test.inputs().get(0, 1));
        assertThat(test.outputs().row(0)).containsExactly(f);
    }

    /** The standard deviation of the training noise, relative to the local magnitude when {@code relative}. */
    private static double residualStd(Dataset d, boolean relative) {
        VectorField.Kind kind = d.name().endsWith("mixture") ? VectorField.Kind.MIXTURE : VectorField.Kind.HELMHOLTZ;
        double ss = 0;
        int count = 0;
        for (int i = 0; i < d.train().size(); i++) {
            double[] f = VectorField.field(kind, 0.5, d.train().inputs().get(i, 0), d.train().inputs().get(i, 1));
            double scale = relative ? Math.hypot(f[0], f[1]) : 1;
            if (scale < 1e-3) {
                continue;
            }
            for (int c = 0; c < 2; c++) {
                double r = (d.train().outputs().get(i, c) - f[c]) / scale;
                ss += r * r;
                count++;
            }
        }
        return Math.sqrt(ss / count);
    }

    @Test
    void vectorFieldRejectsTooManyTrainingPoints() {
        var f = factory("vector-field-helmholtz");
        assertThatThrownBy(() -> f.create(ValidatedParameters.bind(f, ComponentSpec.of(f.id(), "grid", 3, "n", 9)), Contexts.plain()))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("vector-field-helmholtz: parameter 'n' must be smaller than the 9 grid points");
    }
}
