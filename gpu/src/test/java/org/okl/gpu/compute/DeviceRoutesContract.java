package org.okl.gpu.compute;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.decoders.Decoders.CandidateSet;
import org.okl.decoders.Decoders;
import org.okl.filters.Filters;
import org.okl.gpu.device.Device;
import org.okl.kernels.Kernels;
import org.okl.kernels.scalar.GaussianKernel;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.streamed.FalkonRoute;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.transforms.Transforms;

/**
 * Every device route, run through the real pipeline, against the CPU route on the same data: the same chosen
 * parameters, predictions equal to 1e-8 relative, and the provenance saying where the fit ran. The CPU device runs
 * it ({@link HostDeviceRoutesTest}, with the memory checks), and so do the CUDA binding on stand-ins and on a card.
 */
public abstract class DeviceRoutesContract {
    private static final int P = 6;
    private static final int D = 3;
    protected final Okl okl = Okl.builder().seed(11).build();
    protected final LinearAlgebra la = okl.context().linearAlgebra();

    /** A device with (at least) the given memory. */
    protected abstract Device device(long bytes);

    /** What provenance names the device by: its name and card. */
    private String where(Device device) {
        return device.name() + " " + device.card() + ": ";
    }

    /** Rows of a smooth problem: y = tanh(x W / sqrt(p)) + 0.05 noise. */
    public static Matrix[] data(int n, long seed) {
        Random random = new Random(seed);
        Matrix w = Matrix.zeros(P, D);
        for (int k = 0; k < w.data().length; k++) {
            w.data()[k] = random.nextGaussian();
        }
        Matrix x = Matrix.zeros(n, P);
        for (int k = 0; k < x.data().length; k++) {
            x.data()[k] = random.nextGaussian();
        }
        Matrix y = Matrix.zeros(n, D);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < D; c++) {
                double s = 0;
                for (int j = 0; j < P; j++) {
                    s += x.get(i, j) * w.get(j, c);
                }
                y.set(i, c, Math.tanh(s / Math.sqrt(P)) + 0.05 * random.nextGaussian());
            }
        }
        return new Matrix[] {x, y};
    }

    /** A runtime that uses exactly this device (or none) with this setting. */
    protected Okl runtime(Device device, ComputeDevices.Mode mode) {
        DeviceCompute compute = device == null ? null : new DeviceCompute(device, la, mode == ComputeDevices.Mode.ON);
        return Okl.builder().seed(11).linearAlgebra(la).computeDevices(ComputeDevices.of(compute, mode)).build();
    }

    protected Model fit(PipelineSpec spec, Matrix[] rows, Device device, ComputeDevices.Mode mode) {
        return runtime(device, mode).pipeline(spec).fit(TrainingData.of(rows[0], rows[1]));
    }

    /** The model as another runtime reads its file's bytes: it predicts with that runtime's devices. */
    protected static Model loadedBy(Model model, Okl runtime) {
        return Model.fromBytes(model.toBytes(), "the model of the other runtime", runtime);
    }

    private Matrix predict(Model model, Matrix x, Device device, ComputeDevices.Mode mode) {
        return loadedBy(model, runtime(device, mode)).predict(x).outputs();
    }

    static void assertRelativelyClose(Matrix expected, Matrix actual, double tolerance) {
        double scale = 0;
        for (double v : expected.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        assertThat(actual.rows()).isEqualTo(expected.rows());
        assertThat(actual.cols()).isEqualTo(expected.cols());
        assertThat(expected.maxAbsDifference(actual)).isLessThanOrEqualTo(tolerance * scale);
    }

    protected static PipelineSpec sketched(TypedSpec<VectorKernel> kernel, ComponentSpec solver) {
        PipelineSpec.Builder b = PipelineSpec.builder().kernel(kernel)
                .filter(Filters.tikhonov(1e-6, 1e-5, 1e-4, 1e-3, 1e-2))
                .approximation(ComponentSpec.of("nystrom", "rank", 120))
                .selection(SelectionSpec.kfold(5).metric(ComponentSpec.of("mse")).seed(3).build());
        if (solver != null) {
            b.solver(solver);
        }
        return b.build();
    }

    private void assertSameFit(PipelineSpec spec, int n, String what, Device device) {
        Matrix[] rows = data(n, 5);
        Matrix test = data(300, 6)[0];
        Model cpu = fit(spec, rows, null, ComputeDevices.Mode.OFF);
        Model gpu = fit(spec, rows, device, ComputeDevices.Mode.ON);
        assertThat(gpu.provenance().chosen()).isEqualTo(cpu.provenance().chosen());
        assertThat(cpu.provenance().device()).as(gpu.provenance().solver()).isEqualTo("cpu");
        assertThat(gpu.provenance().device()).as(gpu.provenance().solver()).startsWith(where(device) + what);
        for (int i = 0; i < cpu.provenance().validationCurve().size(); i++) {
            double e = cpu.provenance().validationCurve().get(i).error();
            assertThat(gpu.provenance().validationCurve().get(i).error()).isCloseTo(e,
                    org.assertj.core.data.Offset.offset(1e-7 * e));
        }
        Matrix expected = predict(cpu, test, null, ComputeDevices.Mode.OFF);
        assertRelativelyClose(expected, predict(gpu, test, null, ComputeDevices.Mode.OFF), 1e-8);
        assertRelativelyClose(expected, predict(gpu, test, device(64L << 20), ComputeDevices.Mode.ON), 1e-8);
    }

    @Test
    void theEigenRoutesSumsAndSolvesOnTheDeviceEqualTheCpuRoute() {
        assertSameFit(sketched(Kernels.gaussian(2.5), null), 2100, "per-fold sums", device(256L << 20));
    }

    @Test
    void aKernelTheCardDoesNotComputeIsMadeOnTheCpuAndSummedOnTheDevice() {
        assertSameFit(sketched(Kernels.laplacian(3.0), null), 1500, "per-fold sums", device(256L << 20));
    }

    @Test
    void falkonsPassesAndConjugateGradientsOnTheDeviceEqualTheCpuRoute() {
        ComponentSpec falkon = ComponentSpec.of("falkon", "tolerance", 1e-11, "iterations", 400);
        PipelineSpec spec = sketched(Kernels.gaussian(2.5), falkon).toBuilder()
                .filter(Filters.tikhonov(1e-4, 1e-3, 1e-2)).build();
        assertSameFit(spec, 1200, "falkon", device(256L << 20));
    }

    @Test
    void theDeviceRoutesSeeTheRowsThroughTheInputAndTargetTransforms() {
        // the device reads the rows through the fitted transforms (standardized, then rotated and cut to 4 columns:
        // a device that read them as stored would give other sums, and the Gaussian on the card other blocks). A
        // narrower kernel and lambdas from 1e-4: with sigma 2.5 on 4 columns the landmarks' Gram is so ill-conditioned
        // that round-off alone moves predictions by 1e-7 relative (the same choices), past the contract's 1e-8
        PipelineSpec eigen = sketched(Kernels.gaussian(1.0), null).toBuilder()
                .filter(Filters.tikhonov(1e-4, 1e-3, 1e-2))
                .inputs(Transforms.standardize(), Transforms.pca(4)).targets(Transforms.standardize()).build();
        assertSameFit(eigen, 2100, "per-fold sums", device(256L << 20));
        PipelineSpec falkon = eigen.toBuilder()
                .solver(ComponentSpec.of("falkon", "tolerance", 1e-11, "iterations", 400)).build();
        assertSameFit(falkon, 1200, "falkon", device(256L << 20));
    }

    @Test
    void falkonWithRowsStreamedEachPassEqualsFalkonWithRowsKeptOnTheDeviceAndTheCpuRoute() {
        Matrix[] rows = data(700, 8);
        NystromFeatures features = new NystromFeatures(new GaussianKernel(2.5, la), rows[0].rowRange(0, 70));
        FoldScheme scheme = FoldScheme.kFold(4, 2);
        SpectralFilter filter = okl.create(Filters.tikhonov(1e-4, 1e-2));
        OutputSpectrum output = OutputSpectrum.identity(D);
        StreamTimings cpuTimings = new StreamTimings();
        SketchSelection.Result cpu = new FalkonRoute(la, 100, 400, 1e-12).fit(features, new MatrixRows(rows[0],
                rows[1], 128), y -> y, scheme, output, filter, cpuTimings);
        Device device = device(64L << 20);
        for (boolean keep : new boolean[] {true, false}) {
            StreamTimings timings = new StreamTimings();
            SketchSelection.Result gpu = new DeviceFalkonRoute(device, la, 400, 1e-12, keep).fit(features,
                    new MatrixRows(rows[0], rows[1], 128), y -> y, scheme, output, filter, timings);
            assertThat(timings.passes()).as("passes, rows kept " + keep).isBetween(cpuTimings.passes() - 2,
                    cpuTimings.passes() + 2);
            for (int j = 0; j < cpu.length(); j++) {
                assertRelativelyClose(cpu.weights()[j], gpu.weights()[j], 1e-9);
                for (int f = 0; f < 4; f++) {
                    for (int c = 0; c < D; c++) {
                        double e = cpu.validation()[f][j].squaredErrors()[c];
                        assertThat(gpu.validation()[f][j].squaredErrors()[c]).isCloseTo(e,
                                org.assertj.core.data.Offset.offset(1e-9 * e));
                        assertThat(gpu.validation()[f][j].counts()[c]).isEqualTo(cpu.validation()[f][j].counts()[c]);
                    }
                }
            }
        }
    }

    @Test
    void iteratedTikhonovOnFalkonOnTheDevice() {
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussian(2.5))
                .filter(Filters.iteratedTikhonov(2, 1e-3, 1e-2))
                .approximation(ComponentSpec.of("nystrom", "rank", 80))
                .solver(ComponentSpec.of("falkon", "tolerance", 1e-12, "iterations", 400))
                .selection(SelectionSpec.holdout(0.3).metric(ComponentSpec.of("mse")).seed(4).build()).build();
        assertSameFit(spec, 700, "falkon", device(64L << 20));
    }

    @Test
    void falkonWithAnIterativeFilterRunsOnTheCpu() {
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussian(2.5)).filter(Filters.landweber(20))
                .approximation(ComponentSpec.of("nystrom", "rank", 60)).solver(ComponentSpec.of("falkon")).build();
        Model model = fit(spec, data(400, 5), device(64L << 20), ComputeDevices.Mode.ON);
        assertThat(model.provenance().device()).isEqualTo("cpu");
    }

    @Test
    void theExactPathsGramAndEigendecompositionOnTheDeviceEqualTheCpuRoute() {
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussian(2.0))
                .filter(Filters.tikhonov(1e-5, 1e-4, 1e-3, 1e-2, 1e-1))
                .selection(SelectionSpec.kfold(3).metric(ComponentSpec.of("mse")).seed(2).build()).build();
        assertSameFit(spec, 240, "Gram and eigendecomposition", device(64L << 20));
        PipelineSpec laplacian = spec.toBuilder().kernel(Kernels.laplacian(3.0)).filter(Filters.truncatedSvd(1e-4, 1e-3, 1e-2))
                .build();
        assertSameFit(laplacian, 180, "Gram and eigendecomposition", device(64L << 20));
    }

    @Test
    void candidateDecodingSelectsTheSameBestCandidatesOnTheDevice() {
        PipelineSpec spec = PipelineSpec.builder().kernel(Kernels.gaussian(2.0)).filter(Filters.tikhonov(1e-3))
                .decoder(Decoders.candidates(CandidateSet.TRAIN, 4)).build();
        Matrix[] rows = data(500, 5);
        Model model = fit(spec, rows, null, ComputeDevices.Mode.OFF);
        Matrix test = data(120, 7)[0];
        Device device = device(64L << 20);
        org.okl.api.decoder.Decoded cpu;
        org.okl.api.decoder.Decoded gpu;
        cpu = loadedBy(model, runtime(null, ComputeDevices.Mode.OFF)).predict(test);
        gpu = loadedBy(model, runtime(device, ComputeDevices.Mode.ON)).predict(test);
        assertThat(gpu.ranking().orElseThrow().indices()).isDeepEqualTo(cpu.ranking().orElseThrow().indices());
        assertThat(gpu.outputs().maxAbsDifference(cpu.outputs())).isZero();
    }
}
