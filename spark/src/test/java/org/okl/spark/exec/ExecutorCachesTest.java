package org.okl.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.rows.MatrixRows;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.transform.FittedTransforms;
import org.okl.spark.SyntheticData;

/**
 * What an executor keeps per job (the sketch's features, the model) is built once, also when all its tasks start
 * together: they wait for the first one's copy instead of each building its own.
 */
class ExecutorCachesTest {
    private static final int TASKS = 8;

    /** Runs the same call from {@value #TASKS} threads released at once and returns what each got. */
    private static <T> List<T> together(Callable<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(TASKS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < TASKS; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void tasksStartingTogetherShareOneBuild() throws Exception {
        Okl okl = Okl.builder().build();
        SyntheticData d = SyntheticData.draw(600, 4, 2, 91);
        PipelineSpec spec = okl.defaults().complete(PipelineSpec.builder()
                .kernel(ComponentSpec.of("gaussian", "sigma", 2.0)).filter(ComponentSpec.of("tikhonov", "lambda", 1e-3))
                .approximation(ComponentSpec.of("nystrom", "rank", 200)).build());
        VectorKernel kernel = okl.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = okl.create(KernelSketch.class, spec.approximation().orElseThrow());
        SketchFeatures features = sketch.draw(kernel, new MatrixRows(d.x(), d.y()), okl.context());
        SketchRecipe recipe = new SketchRecipe(spec, FittedTransforms.none(), features);
        List<SketchRecipe.Prepared> prepared = together(recipe::prepare);
        assertThat(prepared).allSatisfy(p -> assertThat(p).isSameAs(prepared.get(0)));

        Model model = okl.pipeline(spec).fit(TrainingData.of(d.x(), d.y()));
        ModelBroadcast broadcast = ModelBroadcast.of(model);
        List<Model> models = together(broadcast::model);
        assertThat(models).allSatisfy(m -> assertThat(m).isSameAs(models.get(0)));
        assertThat(models.get(0).predict(d.x()).outputs().maxAbsDifference(model.predict(d.x()).outputs())).isZero();
    }
}
