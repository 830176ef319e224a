package org.okl.datasets.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;

/**
 * {@code related-tasks}: the four related regression tasks of Baldassarre et al. 2012, §6.1. On x in [0, 1], task t
 * (t = 0..3) is f_t(x) = sin(2πx) + alpha · Σ_k W[t][k] · exp(−(x − c_k)² / (2·0.1²)), with centres
 * c = (0.05, 0.4, 0.7) and Gaussian noise of standard deviation {@code noise} (the paper: variance 0.01, so 0.1).
 * The paper does not print the task weights W; OKL fixes them to {@link #WEIGHTS}.
 *
 * <p>Multi-task form (default): every task has its own n training inputs drawn uniformly on [0, 1]; rows are task
 * 0's points, then task 1's, ...; one input column {@code x}, one output {@code y}, groups = task. With
 * {@code sameInputs}, the vector-valued form: n inputs shared by the 4 outputs {@code y0..y3} (REGRESSION). The test
 * split is drawn the same way with {@code nTest} points per task (noisy unless {@code noisyTest} is false). All
 * draws come from one {@link Random} seeded with {@code seed}, in a fixed order, so a seed gives the same data.
 */
final class RelatedTasks implements DatasetSource {
    /** The task weights of the three perturbation Gaussians (OKL's choice; rows are tasks). */
    static final double[][] WEIGHTS = {{1.0, 0.0, -1.0}, {-1.0, 1.0, 0.0}, {0.0, -1.0, 1.0}, {0.5, 0.5, -0.5}};
    private static final double[] CENTRES = {0.05, 0.4, 0.7};
    private static final double WIDTH = 0.1;
    private static final int TASKS = 4;

    private final int n;
    private final int nTest;
    private final double noise;
    private final double alpha;
    private final boolean sameInputs;
    private final boolean noisyTest;
    private final Optional<Long> seed;

    RelatedTasks(int n, int nTest, double noise, double alpha, boolean sameInputs, boolean noisyTest,
            Optional<Long> seed) {
        this.n = n;
        this.nTest = nTest;
        this.noise = noise;
        this.alpha = alpha;
        this.sameInputs = sameInputs;
        this.noisyTest = noisyTest;
        this.seed = seed;
    }

    /** The noiseless target of task t at x. */
    static double target(int t, double x, double alpha) {
        double perturbation = 0;
        for (int k = 0; k < CENTRES.length; k++) {
            double d = x - CENTRES[k];
            perturbation += WEIGHTS[t][k] * Math.exp(-d * d / (2 * WIDTH * WIDTH));
        }
        return Math.sin(2 * Math.PI * x) + alpha * perturbation;
    }

    @Override
    public String summary() {
        return (sameInputs ? "REGRESSION, " + n + " (test " + nTest + ") x 1 -> 4"
                : "MULTI_TASK, 4 tasks x " + n + " (test 4 x " + nTest + ") points, 1 -> 1")
                + "; generated: Baldassarre et al. 2012 section 6.1 (sine + task Gaussians)";
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
        Random random = new Random(seed.orElse(context.seed()));
        Dataset.Split train = draw(random, n, true);
        Dataset.Split test = draw(random, nTest, noisyTest);
        List<String> outputs = new ArrayList<>();
        if (sameInputs) {
            for (int t = 0; t < TASKS; t++) {
                outputs.add("y" + t);
            }
        } else {
            outputs.add("y");
        }
        return new Dataset("related-tasks", sameInputs ? Dataset.Task.REGRESSION : Dataset.Task.MULTI_TASK, train,
                Optional.of(test), List.of("x"), outputs, "generated (Baldassarre et al. 2012, section 6.1; task "
                        + "weights chosen by OKL)");
    }

    private Dataset.Split draw(Random random, int count, boolean noisy) {
        double sd = noisy ? noise : 0.0;
        if (sameInputs) {
            Matrix x = Matrix.zeros(count, 1);
            Matrix y = Matrix.zeros(count, TASKS);
            for (int i = 0; i < count; i++) {
                double xi = random.nextDouble();
                x.set(i, 0, xi);
                for (int t = 0; t < TASKS; t++) {
                    y.set(i, t, target(t, xi, alpha) + sd * random.nextGaussian());
                }
            }
            return new Dataset.Split(x, y);
        }
        Matrix x = Matrix.zeros(TASKS * count, 1);
        Matrix y = Matrix.zeros(TASKS * count, 1);
        int[] groups = new int[TASKS * count];
        for (int t = 0; t < TASKS; t++) {
            for (int i = 0; i < count; i++) {
                int row = t * count + i;
                double xi = random.nextDouble();
                x.set(row, 0, xi);
                y.set(row, 0, target(t, xi, alpha) + sd * random.nextGaussian());
                groups[row] = t;
            }
        }
        return new Dataset.Split(x, y, Optional.of(groups));
    }
}
