package org.okl.bench;

import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * {@code vvmr}: vector-valued manifold regularization (preset {@code vvmr}: output-Laplacian separable kernel,
 * 5-NN input graph, Sylvester solve) on N points of which the first l are labelled (N = 2000, l = 500, d = 6). The
 * data are the Mulan {@code scene} images (train then test split) when the data directory holds them, else the
 * synthetic generator with p = 50, d = 6 and labels {@code Y > 0}. Timed: {@code Pipeline.fit} (graph Laplacian over
 * all N points, Grams, the Sylvester solve).
 */
public final class ManifoldWorkload implements Workload {
    /** The labels of the manifold workload. */
    static final int LABELS = 6;
    /** The input dimension of the synthetic fall-back. */
    static final int SYNTHETIC_INPUTS = 50;

    @Override
    public String name() {
        return "vvmr";
    }

    @Override
    public String description() {
        return "Pipeline.fit of preset vvmr (manifold-regularized Sylvester solve) on N points, l labelled, d = 6 "
                + "(scene if available, else synthetic)";
    }

    @Override
    public boolean scalesWithN() {
        return false;
    }

    @Override
    public int size(BenchEnvironment environment, int n) {
        return environment.structured().manifoldPoints();
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        Okl okl = environment.okl();
        StructuredSizes sizes = environment.structured();
        Matrix[] xy = points(environment, sizes.manifoldPoints());
        int l = sizes.manifoldLabelled();
        Matrix x = xy[0];
        TrainingData data = TrainingData.builder(x.rowRange(0, l), xy[1].rowRange(0, l))
                .unlabelledInputs(x.rowRange(l, x.rows())).build();
        PipelineSpec spec = Pipelines.parse(okl, name(), "{\"preset\": \"vvmr\"}");
        return () -> okl.pipeline(spec).fit(data);
    }

    /** The data set the workload runs on: {@code scene} or {@code synthetic}. */
    static String source(Okl okl) {
        return Pipelines.available(okl, "scene") ? "scene" : "synthetic";
    }

    /** N points with their 0/1 labels: inputs [0] and labels [1]. */
    private static Matrix[] points(BenchEnvironment environment, int count) {
        Okl okl = environment.okl();
        if (source(okl).equals("scene")) {
            Dataset scene = Pipelines.load(okl, "scene");
            Matrix x = scene.train().inputs();
            Matrix y = scene.train().outputs();
            if (scene.test().isPresent()) {
                x = x.stackRows(scene.test().get().inputs());
                y = y.stackRows(scene.test().get().outputs());
            }
            int rows = Pipelines.rows("scene (train + test)", x.rows(), count);
            return new Matrix[] {x.rowRange(0, rows), y.rowRange(0, rows)};
        }
        BenchData data = BenchData.synthetic(count, SYNTHETIC_INPUTS, LABELS, environment.seed());
        Matrix labels = data.outputs().copy();
        double[] v = labels.data();
        for (int i = 0; i < v.length; i++) {
            v[i] = v[i] > 0 ? 1.0 : 0.0;
        }
        return new Matrix[] {data.inputs(), labels};
    }
}
