package org.okl.core.solve.lowrank;

import java.util.Arrays;
import java.util.Random;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * Builds the feature map a problem's {@code approximation} asks for:
 * <ul>
 *   <li>{@code {"name": "nystrom", "rank": m, "sampling": "uniform" | "leverage", "lambda": 1e-3}}: m landmarks drawn
 *       uniformly without replacement, or by approximate ridge leverage scores (two passes: a uniform Nystrom sketch
 *       of m points gives {@code l_i = z_i^T (Z^T Z + n·lambda·I)^-1 z_i}, then m points are drawn without
 *       replacement with probabilities proportional to l_i); {@code lambda} (default 1e-3) is the ridge of the
 *       scores only;</li>
 *   <li>{@code {"name": "fourier", "features": r}}: r random Fourier features of a shift-invariant kernel.</li>
 * </ul>
 * All draws are seeded from the context seed.
 */
public final class Approximations {
    /** The approximation names. */
    public static final java.util.List<String> NAMES = java.util.List.of("nystrom", "fourier");

    private Approximations() {
    }

    /** The feature map for the training inputs. */
    public static FeatureMap features(ComponentSpec spec, VectorKernel kernel, Matrix inputs, long seed,
            LinearAlgebra linearAlgebra) {
        Random random = new Random(seed);
        switch (spec.name()) {
            case "nystrom": {
                int rank = Math.min(positiveInt(spec, "rank", 500), inputs.rows());
                String sampling = String.valueOf(spec.parameters().getOrDefault("sampling", "uniform"));
                int[] chosen;
                if (sampling.equals("uniform")) {
                    chosen = uniform(inputs.rows(), rank, random);
                } else if (sampling.equals("leverage")) {
                    double lambda = positiveReal(spec, "lambda", 1e-3);
                    chosen = leverage(kernel, inputs, rank, lambda, random, linearAlgebra);
                } else {
                    throw new InvalidParameterException("nystrom", "sampling",
                            "must be 'uniform' or 'leverage', got '" + sampling + "'");
                }
                return new NystromFeatures(kernel, inputs.selectRows(chosen), linearAlgebra);
            }
            case "fourier": {
                if (!(kernel instanceof ShiftInvariantKernel shiftInvariant)) {
                    throw new IllegalArgumentException("random Fourier features need a shift-invariant input kernel "
                            + "(gaussian, laplacian, ...), got " + kernel.getClass().getSimpleName());
                }
                int count = positiveInt(spec, "features", 1000);
                return FourierFeatures.sample(shiftInvariant, inputs.cols(), count, random, linearAlgebra);
            }
            default:
                throw new IllegalArgumentException("unknown kernel approximation '" + spec.name() + "'; known: "
                        + NAMES);
        }
    }

    /** m distinct indices of 0..n-1, uniformly (partial Fisher-Yates), sorted. */
    static int[] uniform(int n, int m, Random random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = 0; i < m; i++) {
            int j = i + random.nextInt(n - i);
            int swap = p[i];
            p[i] = p[j];
            p[j] = swap;
        }
        int[] chosen = Arrays.copyOf(p, m);
        Arrays.sort(chosen);
        return chosen;
    }

    private static int[] leverage(VectorKernel kernel, Matrix inputs, int m, double lambda, Random random,
            LinearAlgebra la) {
        int n = inputs.rows();
        Matrix z = new NystromFeatures(kernel, inputs.selectRows(uniform(n, m, random)), la).features(inputs);
        Matrix system = la.innerGram(z).addToDiagonal(n * lambda);
        Matrix lower = la.cholesky(system).orElseThrow(
                () -> new IllegalStateException("the leverage-score system is not positive definite"));
        Matrix solved = la.triangularSolve(lower, true, false, z.transpose());
        double[] keys = new double[n];
        for (int i = 0; i < n; i++) {
            double score = 0;
            for (int r = 0; r < solved.rows(); r++) {
                double v = solved.get(r, i);
                score += v * v;
            }
            // Efraimidis-Spirakis: the m largest u^(1/w) are a weighted sample without replacement
            keys[i] = score > 0 ? Math.log(random.nextDouble()) / score : Double.NEGATIVE_INFINITY;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(keys[y], keys[x]));
        int[] chosen = new int[m];
        for (int i = 0; i < m; i++) {
            chosen[i] = order[i];
        }
        Arrays.sort(chosen);
        return chosen;
    }

    private static int positiveInt(ComponentSpec spec, String name, int defaultValue) {
        Object v = spec.parameters().get(name);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())
                || number.doubleValue() < 1) {
            throw new InvalidParameterException(spec.name(), name, "must be a whole number >= 1, got " + v);
        }
        return number.intValue();
    }

    private static double positiveReal(ComponentSpec spec, String name, double defaultValue) {
        Object v = spec.parameters().get(name);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number number) || !(number.doubleValue() > 0)) {
            throw new InvalidParameterException(spec.name(), name, "must be a number > 0, got " + v);
        }
        return number.doubleValue();
    }
}
