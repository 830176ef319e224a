package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.resource.ResourceInformation;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.transform.ColumnSchema;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.gpu.compute.DeviceCompute;
import org.okl.gpu.device.HostDevice;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.exec.ExecutorOkl;
import org.okl.spark.exec.SketchRecipe;
import org.okl.transforms.Transforms;

/**
 * Which device a task's sums run on (the GPU address Spark's resource scheduling gives it, else the executor's
 * okl.gpu setting), and the distributed pass with the tasks on a device (the CPU device standing in for a GPU in
 * local mode) equal to the one-machine sums.
 */
class TaskDeviceTest {
    private static final Okl OKL = Okl.builder().build();

    /** An executor runtime whose tasks use the given device with {@code okl.gpu=on}. */
    private static Okl onDevice(HostDevice device, LinearAlgebra la) {
        return Okl.builder().dataDirectory(null).linearAlgebra(la).computeDevices(ComputeDevices.of(
                new DeviceCompute(device, la, true), ComputeDevices.Mode.ON)).build();
    }

    @Test
    void aTaskUsesTheFirstGpuAddressSparkGaveIt() {
        assertThat(TaskDevice.address(Map.of())).isEmpty();
        assertThat(TaskDevice.address(Map.of("gpu", new ResourceInformation("gpu", new String[0])))).isEmpty();
        assertThat(TaskDevice.address(Map.of("gpu", new ResourceInformation("gpu", new String[] {"3", "1"}))))
                .contains(3);
        assertThatThrownBy(() -> TaskDevice.address(Map.of("gpu", new ResourceInformation("gpu",
                new String[] {"GPU-5f1a"})))).hasMessageContaining("the GPU address 'GPU-5f1a'")
                .hasMessageContaining("nvidia-smi's indices");
    }

    @Test
    void tasksOnADeviceGiveTheSumsOfTheOneMachinePass() {
        SyntheticData d = SyntheticData.draw(3000, 5, 2, 7);
        PipelineSpec spec = sketched(120);
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, spec.approximation().orElseThrow());
        LinearAlgebra la = OKL.context().linearAlgebra();
        FoldScheme scheme = FoldScheme.kFold(5, 3);
        MatrixRows local = new MatrixRows(d.x(), d.y());
        SketchFeatures features = sketch.draw(kernel, local, OKL.context());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, 500, new StreamTimings());
        local.forEachRowBlock(accumulator::add);
        FoldAggregates expected = accumulator.aggregates();
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        HostDevice device = new HostDevice(la, 256L << 20);
        try (ExecutorOkl.Scope scope = ExecutorOkl.use(onDevice(device, la));
                SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                        Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                        new SparkRows.Settings(700, 0, 2))) {
            DistributedSums.Result result = DistributedSums.run(rows, new SketchRecipe(spec, FittedTransforms.none(),
                    sketch.draw(kernel, rows, OKL.context())), scheme, 2, 120, 300, 2);
            assertThat(result.devices()).containsExactly("host CPU");
            for (int g = 0; g < scheme.groups(); g++) {
                assertThat(result.sums().rows(g)).isEqualTo(expected.rows(g));
                DistributedSumsTest.assertClose(result.sums().gram(g), expected.gram(g));
                DistributedSumsTest.assertClose(result.sums().cross(g), expected.cross(g));
            }
        }
        assertThat(device.freeBytes()).as("every task's device memory is freed").isEqualTo(device.totalBytes());
    }

    /**
     * With input and target transforms the executors' features are those of the transformed rows, made on the CPU and
     * summed on the device: the sums of the one-machine pass over the transformed rows.
     */
    @Test
    void tasksOnADeviceSumTheRowsThroughTheTransforms() {
        SyntheticData d = SyntheticData.draw(3000, 5, 2, 7);
        PipelineSpec spec = sketched(120).toBuilder().inputs(Transforms.standardize(), Transforms.pca(3))
                .targets(Transforms.standardize()).build();
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, spec.approximation().orElseThrow());
        LinearAlgebra la = OKL.context().linearAlgebra();
        FoldScheme scheme = FoldScheme.kFold(5, 3);
        FittedTransforms transforms = FittedTransforms.fit(spec.inputs(), spec.targets(), ColumnSchema.unnamed(5),
                d.x(), d.y(), OKL.context());
        MatrixRows local = new MatrixRows(transforms.transformInputs(d.x()), transforms.transformOutputs(d.y()));
        SketchFeatures features = sketch.draw(kernel, local, OKL.context());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, 500, new StreamTimings());
        local.forEachRowBlock(accumulator::add);
        FoldAggregates expected = accumulator.aggregates();
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        HostDevice device = new HostDevice(la, 256L << 20);
        try (ExecutorOkl.Scope scope = ExecutorOkl.use(onDevice(device, la));
                SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                        Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                        new SparkRows.Settings(700, 0, 2))) {
            DistributedSums.Result result = DistributedSums.run(rows, new SketchRecipe(spec, transforms, features),
                    scheme, 2, 120, 300, 2);
            assertThat(result.devices()).containsExactly("host CPU");
            for (int g = 0; g < scheme.groups(); g++) {
                assertThat(result.sums().rows(g)).isEqualTo(expected.rows(g));
                DistributedSumsTest.assertClose(result.sums().gram(g), expected.gram(g));
                DistributedSumsTest.assertClose(result.sums().cross(g), expected.cross(g));
            }
        }
        assertThat(device.freeBytes()).as("every task's device memory is freed").isEqualTo(device.totalBytes());
    }

    @Test
    void weightedRowsRunOnTheCpuWithADevicePresent() {
        SyntheticData d = SyntheticData.draw(2000, 5, 2, 9);
        PipelineSpec spec = sketched(80);
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, spec.approximation().orElseThrow());
        LinearAlgebra la = OKL.context().linearAlgebra();
        FoldScheme scheme = FoldScheme.kFold(5, 3);
        MatrixRows local = new MatrixRows(d.x(), d.y());
        SketchFeatures features = sketch.draw(kernel, local, OKL.context());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, 2, la, 500, new StreamTimings());
        local.forEachRowBlock((first, inputs, outputs) -> {
            double[] w = new double[outputs.rows()];
            for (int i = 0; i < w.length; i++) {
                w[i] = 1.0 + outputs.get(i, 0) * outputs.get(i, 0);
            }
            accumulator.add(first, inputs, outputs, w);
        });
        FoldAggregates expected = accumulator.aggregates();
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3).withColumn("w", functions.expr("1.0 + y0 * y0"));
        HostDevice device = new HostDevice(la, 256L << 20);
        try (ExecutorOkl.Scope scope = ExecutorOkl.use(onDevice(device, la));
                SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                        Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                        Optional.of("w"), new SparkRows.Settings(700, 0, 2))) {
            DistributedSums.Result result = DistributedSums.run(rows, new SketchRecipe(spec, FittedTransforms.none(),
                    sketch.draw(kernel, rows, OKL.context())), scheme, 2, 80, 300, 2);
            assertThat(result.devices()).as("the device's sums take no weights").isEmpty();
            for (int g = 0; g < scheme.groups(); g++) {
                assertThat(result.sums().weight(g)).isCloseTo(expected.weight(g), org.assertj.core.api.Assertions
                        .within(1e-9 * expected.weight(g)));
                DistributedSumsTest.assertClose(result.sums().gram(g), expected.gram(g));
                DistributedSumsTest.assertClose(result.sums().cross(g), expected.cross(g));
            }
        }
    }

    /** A Gaussian kernel's pipeline with a Nystrom sketch of the given rank and two lambdas. */
    private static PipelineSpec sketched(int rank) {
        return OKL.defaults().complete(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 2.0))
                .filter(ComponentSpec.of("tikhonov", "lambda", List.of(1e-2, 1e-4)))
                .approximation(ComponentSpec.of("nystrom", "rank", rank)).build());
    }
}
