package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.linalg.streamed.CrossSums;
import org.okl.linalg.streamed.FalkonPasses;
import org.okl.spark.DriverBlocks;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.exec.SketchRecipe;

/**
 * Falkon's recipe broadcast (the pipeline and the drawn sketch, m x p landmarks) is released when the rows close (the
 * fit's end, also on failure: {@code SparkFit} closes them in {@code finally}), even while the passes object is still
 * referenced, which keeps Spark's cleaner from finding the broadcast.
 */
class FalkonBroadcastTest {
    private static final Okl OKL = Okl.builder().build();

    @Test
    void closingTheRowsReleasesTheRecipeEvenWhileThePassesAreHeld() throws InterruptedException {
        SyntheticData d = SyntheticData.draw(600, 3, 2, 151);
        ComponentSpec sketchSpec = ComponentSpec.of("nystrom", "rank", 30);
        PipelineSpec spec = OKL.defaults().complete(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian",
                "sigma", 2.0)).filter(ComponentSpec.of("tikhonov", "lambda", 1e-3)).approximation(sketchSpec)
                .build());
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, sketchSpec);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        String recipe = SketchRecipe.class.getName();
        Set<Long> before = DriverBlocks.broadcasts(recipe);
        FalkonPasses passes;
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                SparkRows.Settings.DEFAULT)) {
            SketchFeatures drawn = sketch.draw(kernel, rows, OKL.context());
            passes = rows.falkonPasses(spec, FittedTransforms.none(), drawn, FoldScheme.kFold(3, 5), 2, 300,
                    new StreamTimings());
            CrossSums sums = passes.cross();
            assertThat(sums).isNotNull();
            Set<Long> held = DriverBlocks.broadcasts(recipe);
            held.removeAll(before);
            assertThat(held).as("the recipe, broadcast for the passes").hasSize(1);
        }
        assertThat(DriverBlocks.leftSince(before, recipe)).as("recipe broadcasts left after the rows closed")
                .isEmpty();
        assertThat(passes.sets()).as("the passes are still referenced here").isEqualTo(4);
    }
}
