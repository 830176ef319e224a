package org.okl.gpu.compute;

import java.util.function.UnaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.Passes;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.linalg.device.DeviceWork;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchRoute;
import org.okl.linalg.streamed.SketchSelection;

/**
 * The eigen route on a device: the rows' one pass into per-fold sums on the card ({@link DeviceSums}), then every
 * fold's whitening, m x m eigendecomposition, path and validation errors from the sums where they are
 * ({@link DeviceSelection}). The same computation as {@link org.okl.linalg.streamed.EigenRoute}.
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
        try (DeviceSums onDevice = DeviceSums.open(device, features, scheme, output.outputs(), rows.size(), timings,
                true).orElseThrow()) {
            Passes.run(rows, timings, (first, inputs, outputs) -> onDevice.add(first, inputs.toDense(),
                    encode.apply(outputs)));
            onDevice.flush();
            long start = System.nanoTime();
            SketchSelection.Result result = new DeviceSelection(device, host, onDevice.stream(), features.size(),
                    output.outputs(), scheme.groups()).solve(onDevice.sums(), onDevice.counts(),
                    onDevice.outputSums(), onDevice.outputSquares(), features, scheme, output, filter);
            timings.solve(System.nanoTime() - start);
            return result;
        }
    }
}
