package org.okl.gpu.compute;

import java.util.function.UnaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.device.DeviceWork;
import org.okl.core.stream.FoldAggregates;
import org.okl.core.stream.FoldScheme;
import org.okl.core.stream.OutputSpectrum;
import org.okl.core.stream.Passes;
import org.okl.core.stream.RowSource;
import org.okl.core.stream.SketchRoute;
import org.okl.core.stream.SketchSelection;
import org.okl.core.stream.StreamTimings;
import org.okl.core.stream.Whitening;
import org.okl.gpu.device.Device;

/**
 * The eigen route on a device: the rows' one pass into per-fold sums on the card ({@link DeviceSums}), then core's
 * {@link SketchSelection} (every fold's whitening, m x m eigendecomposition, path and validation errors) with its
 * decompositions and products on the card ({@link DeviceLinearAlgebra}). The same computation as
 * {@link org.okl.core.stream.EigenRoute}.
 */
final class DeviceEigenRoute implements SketchRoute, DeviceWork {
    private final Device device;
    private final LinearAlgebra host;

    /**
     * @param device the device
     * @param host   the CPU back-end for what stays on the CPU
     */
    DeviceEigenRoute(Device device, LinearAlgebra host) {
        this.device = device;
        this.host = host;
    }

    @Override
    public String device() {
        return device.name() + " " + device.card() + ": per-fold sums, m x m decompositions";
    }

    @Override
    public SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        FoldAggregates sums;
        try (DeviceSums onDevice = DeviceSums.open(device, features, scheme, output.outputs(), rows.size(), timings,
                true).orElseThrow()) {
            Passes.run(rows, timings, (first, inputs, outputs) -> onDevice.add(first, inputs,
                    encode.apply(outputs)));
            sums = onDevice.finish();
        }
        long start = System.nanoTime();
        try (DeviceLinearAlgebra la = new DeviceLinearAlgebra(device, host)) {
            SketchSelection.Result result = SketchSelection.solve(sums, scheme, Whitening.of(features.metric(),
                    features.size(), la), output, filter, la);
            timings.solve(System.nanoTime() - start);
            return result;
        }
    }
}
