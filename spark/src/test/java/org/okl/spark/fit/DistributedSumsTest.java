package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.linalg.streamed.Whitening;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.exec.SketchRecipe;

class DistributedSumsTest {
    private static final Okl OKL = Okl.builder().build();

    /**
     * The sums agree to round-off (they are added in another order); the predictions and validation errors of every
     * path point then agree to 1e-9 (the weights themselves, in the ill-conditioned landmark basis, less closely).
     */
    @Test
    void sumsAndPathEqualTheOneMachinePassOnTheSameRowsLandmarksAndFolds() {
        SyntheticData d = SyntheticData.draw(3000, 5, 2, 7);
        ComponentSpec sketchSpec = ComponentSpec.of("nystrom", "rank", 120);
        PipelineSpec spec = OKL.defaults().complete(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian",
                "sigma", 2.0)).filter(ComponentSpec.of("tikhonov", "lambda", List.of(1e-2, 1e-4, 1e-6)))
                .approximation(sketchSpec).build());
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, sketchSpec);
        LinearAlgebra la = OKL.context().linearAlgebra();
        FoldScheme scheme = FoldScheme.kFold(5, 3);

        MatrixRows local = new MatrixRows(d.x(), d.y());
        SketchFeatures features = sketch.draw(kernel, local, OKL.context());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, 500, new StreamTimings());
        local.forEachRowBlock(accumulator::add);
        FoldAggregates expected = accumulator.aggregates();

        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                new SparkRows.Settings(700, 0, 2))) {
            SketchFeatures drawn = sketch.draw(kernel, rows, OKL.context());
            assertThat(drawn.arrays().get("landmarks").maxAbsDifference(features.arrays().get("landmarks")))
                    .isZero();
            DistributedSums.Result result = DistributedSums.run(rows, new SketchRecipe(spec, FittedTransforms.none(),
                    drawn), scheme, 2, drawn.size(), 300, 2);
            FoldAggregates sums = result.sums();
            for (int g = 0; g < scheme.groups(); g++) {
                assertThat(sums.rows(g)).isEqualTo(expected.rows(g));
                assertClose(sums.gram(g), expected.gram(g));
                assertClose(sums.cross(g), expected.cross(g));
            }
            SpectralFilter filter = OKL.create(SpectralFilter.class, spec.filter());
            Whitening whitening = Whitening.of(features.metric(), features.size(), la);
            SketchSelection.Result one = SketchSelection.solve(expected, scheme, whitening,
                    OutputSpectrum.identity(2), filter, la);
            SketchSelection.Result spark = SketchSelection.solve(sums, scheme, whitening,
                    OutputSpectrum.identity(2), filter, la);
            Matrix phi = features.features(SyntheticData.draw(200, 5, 2, 8).x());
            for (int j = 0; j < one.length(); j++) {
                assertClose(la.multiply(phi, spark.weights()[j]), la.multiply(phi, one.weights()[j]));
                for (int f = 0; f < 5; f++) {
                    assertThat(spark.validation()[f][j].squaredErrors()[0])
                            .isCloseTo(one.validation()[f][j].squaredErrors()[0], org.assertj.core.data.Percentage
                                    .withPercentage(1e-7));
                }
            }
            assertThat(result.partials()).as("3 partitions coalesced to local[2]'s 2 cores").isEqualTo(2);
            assertThat(result.partialBytes()).as("lower triangles only").isEqualTo(FoldAggregates.serializedBytes(5,
                    120, 2)).isLessThan(FoldAggregates.bytes(5, 120, 2) * 52 / 100);
        }
    }

    static void assertClose(Matrix actual, Matrix expected) {
        double scale = Math.max(1e-300, expected.frobeniusNorm());
        assertThat(actual.maxAbsDifference(expected) / scale).isLessThan(1e-9);
    }
}
