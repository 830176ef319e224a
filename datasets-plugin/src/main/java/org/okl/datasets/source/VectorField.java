package org.okl.datasets.source;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;

/**
 * The 2-D vector fields of Baldassarre et al. 2012, §6.1, on a {@code grid} x {@code grid} grid over [−2, 2]²
 * (the paper: 70 x 70). Inputs {@code x1, x2}; outputs {@code v1, v2}; REGRESSION.
 *
 * <ul>
 *   <li>{@link Kind#MIXTURE} ({@code vector-field-mixture}, "vector field 1"): the potential
 *       φ(x) = Σ_c exp(−‖x − c‖² / (2·0.45)) over the centres (0,0), (1,0), (0,1), (−1,0), (0,−1) (Gaussians of
 *       covariance 0.45·I, without normalising constant); curl-free field v_cf = ∇φ; divergence-free field
 *       v_df = v_cf rotated by π/2, (−v_cf2, v_cf1); the field is gamma·v_df + (1 − gamma)·v_cf.</li>
 *   <li>{@link Kind#HELMHOLTZ} ({@code vector-field-helmholtz}, "vector field 2"):
 *       v1 = 2 sin(3 x1) sin(1.5 x2), v2 = 2 cos(1.5 x1) cos(3 x2), both multiplied by the Gaussian
 *       exp(−‖x‖² / (2·1.2²)) (width 1.2 read as its standard deviation).</li>
 * </ul>
 * As in the paper's protocol, the training split is {@code n} grid points drawn uniformly without replacement
 * (seeded), each component with added Gaussian noise of variance noise² + (relativeNoise·‖v(x)‖)² (absolute
 * noise as for field 1, signal-proportional noise as for field 2); the test split is every other grid point, in grid
 * order, with the exact field.
 */
final class VectorField implements DatasetSource {

    /** Which field. */
    enum Kind {
        /** Vector field 1: convex combination of a divergence-free and a curl-free field. */
        MIXTURE,
        /** Vector field 2: the Helmholtz field. */
        HELMHOLTZ
    }

    private static final double[][] CENTRES = {{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    private static final double VARIANCE = 0.45;
    private static final double ENVELOPE_WIDTH = 1.2;

    private final Kind kind;
    private final double gamma;
    private final int n;
    private final int grid;
    private final double noise;
    private final double relativeNoise;
    private final Optional<Long> seed;

    VectorField(Kind kind, double gamma, int n, int grid, double noise, double relativeNoise, Optional<Long> seed) {
        this.kind = kind;
        this.gamma = gamma;
        this.n = n;
        this.grid = grid;
        this.noise = noise;
        this.relativeNoise = relativeNoise;
        this.seed = seed;
    }

    /** The exact field at (x1, x2), as {v1, v2}. */
    static double[] field(Kind kind, double gamma, double x1, double x2) {
        if (kind == Kind.HELMHOLTZ) {
            double envelope = Math.exp(-(x1 * x1 + x2 * x2) / (2 * ENVELOPE_WIDTH * ENVELOPE_WIDTH));
            return new double[] {2 * Math.sin(3 * x1) * Math.sin(1.5 * x2) * envelope,
                2 * Math.cos(1.5 * x1) * Math.cos(3 * x2) * envelope};
        }
        double g1 = 0;
        double g2 = 0;
        for (double[] c : CENTRES) {
            double d1 = x1 - c[0];
            double d2 = x2 - c[1];
            double e = Math.exp(-(d1 * d1 + d2 * d2) / (2 * VARIANCE));
            g1 -= d1 / VARIANCE * e;
            g2 -= d2 / VARIANCE * e;
        }
        return new double[] {gamma * -g2 + (1 - gamma) * g1, gamma * g1 + (1 - gamma) * g2};
    }

    private String id() {
        return kind == Kind.MIXTURE ? "vector-field-mixture" : "vector-field-helmholtz";
    }

    @Override
    public String summary() {
        return "REGRESSION, " + n + " (test " + (grid * grid - n) + ") x 2 -> 2; generated: Baldassarre et al. "
                + "2012 section 6.1, " + (kind == Kind.MIXTURE ? "vector field 1 (gamma " + gamma + ")"
                : "vector field 2 (Helmholtz)") + " on a " + grid + "x" + grid + " grid";
    }

    @Override
    public boolean isAvailable(ComponentContext context) {
        return true;
    }

    @Override
    public String expectedLocation(ComponentContext context) {
        return "generated";
    }

    @Override
    public Dataset load(ComponentContext context) {
        int points = grid * grid;
        double[][] xy = new double[points][];
        for (int a = 0; a < grid; a++) {
            for (int b = 0; b < grid; b++) {
                xy[a * grid + b] = new double[] {-2 + 4.0 * a / (grid - 1), -2 + 4.0 * b / (grid - 1)};
            }
        }
        Random random = new Random(seed.orElse(context.seed()));
        int[] order = new int[points];
        for (int i = 0; i < points; i++) {
            order[i] = i;
        }
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(points - i);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        int[] rest = java.util.Arrays.copyOfRange(order, n, points);
        java.util.Arrays.sort(rest);
        Dataset.Split train = split(java.util.Arrays.copyOf(order, n), xy, random);
        Dataset.Split test = split(rest, xy, null);
        return new Dataset(id(), Dataset.Task.REGRESSION, train, Optional.of(test), List.of("x1", "x2"),
                List.of("v1", "v2"), "generated (Baldassarre et al. 2012, section 6.1)");
    }

    /** The field at the chosen grid points, with noise when {@code random} is given. */
    private Dataset.Split split(int[] indices, double[][] xy, Random random) {
        Matrix x = Matrix.zeros(indices.length, 2);
        Matrix v = Matrix.zeros(indices.length, 2);
        for (int i = 0; i < indices.length; i++) {
            double[] p = xy[indices[i]];
            double[] f = field(kind, gamma, p[0], p[1]);
            double sd = 0;
            if (random != null) {
                double norm = Math.hypot(f[0], f[1]);
                sd = Math.sqrt(noise * noise + relativeNoise * relativeNoise * norm * norm);
            }
            x.set(i, 0, p[0]);
            x.set(i, 1, p[1]);
            for (int c = 0; c < 2; c++) {
                v.set(i, c, f[c] + (sd > 0 ? sd * random.nextGaussian() : 0));
            }
        }
        return new Dataset.Split(x, v);
    }
}
