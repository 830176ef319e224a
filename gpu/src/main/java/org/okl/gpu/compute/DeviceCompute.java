package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceMemory;
import org.okl.linalg.device.ComputeDevice;
import org.okl.linalg.device.FoldSums;
import org.okl.linalg.device.GramSpectrum;
import org.okl.linalg.streamed.EigenRoute;
import org.okl.linalg.streamed.FalkonRoute;
import org.okl.linalg.streamed.SketchRoute;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The math module's {@link ComputeDevice} on a {@link Device}: each operation checks that its work fits in the device's memory
 * first; when it does not, it declines (the CPU route runs) with {@code okl.gpu=auto}, and fails with an
 * {@code OKL-E014} error that says what to change with {@code okl.gpu=on}.
 */
public final class DeviceCompute implements ComputeDevice {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceCompute.class);

    private final Device device;
    private final LinearAlgebra host;
    private final boolean required;

    /**
     * @param device   the device
     * @param host     the CPU back-end (what stays on the CPU, and the device's CPU-side products)
     * @param required whether the runtime requires the device ({@code okl.gpu=on}): work that does not fit fails
     *                 with what to change instead of running on the CPU
     */
    public DeviceCompute(Device device, LinearAlgebra host, boolean required) {
        this.device = device;
        this.host = host;
        this.required = required;
    }

    /** The device. */
    public Device device() {
        return device;
    }

    @Override
    public String name() {
        return device.name() + " " + device.card();
    }

    @Override
    public String description() {
        return device.description();
    }

    /** Whether the work of {@code bytes} goes ahead: it fits, else an error with {@code on}, else a logged decline. */
    private boolean admit(long bytes, String what) {
        if (DeviceMemory.fits(device, bytes)) {
            return true;
        }
        if (required) {
            DeviceMemory.require(device, bytes, what);
        }
        LOG.info("{} has {} free, too little for {} ({}): running on the CPU", device.name(),
                DeviceMemory.describe(device.freeBytes()), what, DeviceMemory.describe(bytes));
        return false;
    }

    @Override
    public Optional<FoldSums> foldSums(SketchFeatures features, FoldScheme scheme, int outputs,
            StreamTimings timings) {
        if (!admit(DeviceSums.bytes(features, outputs, scheme.groups(), -1), "the per-fold sums of "
                + features.size() + " features")) {
            return Optional.empty();
        }
        return DeviceSums.open(device, features, scheme, outputs, -1, timings, true).map(s -> s);
    }

    @Override
    public Optional<SketchRoute> sketchRoute(SketchRoute route, SketchFeatures features, int outputs,
            FoldScheme scheme, SpectralFilter filter, long rows) {
        int m = features.size();
        if (route instanceof EigenRoute) {
            return admit(DeviceSums.bytes(features, outputs, scheme.groups(), rows) + DeviceSelection.bytes(device, m,
                    outputs, filter.pathLength()), "the per-fold sums of " + m + " features and their solves")
                    ? Optional.of(new DeviceEigenRoute(device, host)) : Optional.empty();
        }
        if (route instanceof FalkonRoute falkon) {
            if (!DeviceFalkonRoute.takes(filter) || !CardKernel.hasMetric(features)) {
                LOG.info("{} runs falkon's ridge path; this filter ({}) runs on the CPU", device.name(),
                        filter.getClass().getSimpleName());
                return Optional.empty();
            }
            long bytes = DeviceFalkonRoute.bytes(m, outputs, scheme.validationFolds() + 1, filter.pathLength())
                    + DevicePasses.bytes(m, CardKernel.dimension(features), outputs, CardKernel.of(features)
                    .isPresent(), rows < 0 ? Long.MAX_VALUE : rows);
            return admit(bytes, "falkon's m x m factors for m = " + m) ? Optional.of(new DeviceFalkonRoute(device,
                    host, falkon.iterations(), falkon.tolerance(), true)) : Optional.empty();
        }
        LOG.info("{} has no form of the route {}: running on the CPU", device.name(),
                route.getClass().getSimpleName());
        return Optional.empty();
    }

    @Override
    public Optional<GramSpectrum> gramSpectrum(VectorKernel kernel, Matrix inputs) {
        if (!admit(DeviceGramSpectrum.bytes(device, inputs.rows(), inputs.cols()), "the " + inputs.rows() + " x "
                + inputs.rows() + " Gram matrix and its eigendecomposition")) {
            return Optional.empty();
        }
        return Optional.of(DeviceGramSpectrum.of(device, kernel, inputs));
    }

    @Override
    public boolean holdsGram(int n) {
        return required
                || DeviceMemory.fits(device, DeviceGramSpectrum.bytes(device, n, 64));
    }

    @Override
    public Optional<Matrix> expansion(VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix inputs) {
        if (!admit(DeviceExpansion.bytes(centers.rows(), centers.cols(), coefficients.cols(), inputs.rows()),
                "predictions over " + centers.rows() + " centers")) {
            return Optional.empty();
        }
        return Optional.of(DeviceExpansion.predict(device, kernel, centers, coefficients, inputs));
    }

    @Override
    public Optional<BestCandidates> smallestScores(Matrix h, Matrix cross, boolean transposeCross, double[] self,
            int k) {
        if (k > DeviceTopK.MAX_K || k < 1 || k > self.length) {
            return Optional.empty();
        }
        if (!admit(DeviceTopK.bytes(device, h.rows(), h.cols(), self.length, k), "scoring " + self.length
                + " candidates")) {
            return Optional.empty();
        }
        return Optional.of(DeviceTopK.search(device, h, cross, transposeCross, self, k));
    }
}
