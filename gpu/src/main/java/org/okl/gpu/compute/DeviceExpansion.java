package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;

/**
 * Predictions {@code k(X, centers) C} by blocks of rows on a device: the kernel block made by the card (Gaussian) or
 * here, one product per block, only the t x D predictions copied back.
 */
final class DeviceExpansion {
    private DeviceExpansion() {
    }

    /** Rows per block, so that a kernel block holds at most 2^26 doubles. */
    static int blockRows(int t, int m) {
        return Math.max(1, Math.min(t, Math.max(256, (1 << 26) / Math.max(1, m))));
    }

    /** Device bytes for m centers of p columns, D outputs and t rows. */
    static long bytes(int m, int p, int width, int t) {
        long block = blockRows(t, m);
        return 8L * ((long) m * p + (long) m * width + block * (p + m + width));
    }

    static Matrix predict(Device device, VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix inputs) {
        int t = inputs.rows();
        int m = centers.rows();
        int p = centers.cols();
        int width = coefficients.cols();
        Optional<CardKernel> card = CardKernel.of(kernel);
        int rows = blockRows(t, m);
        Matrix out = Matrix.zeros(t, width);
        try (DeviceBuffer c = device.allocate((long) m * p, "the centers");
                DeviceBuffer w = device.allocate(Math.max(1, (long) m * width), "the coefficients");
                DeviceBuffer x = device.allocate((long) rows * p, "a block of inputs");
                DeviceBuffer k = device.allocate((long) rows * m, "a kernel block");
                DeviceBuffer f = device.allocate(Math.max(1, (long) rows * width), "a block of predictions");
                Device.Stream s = device.stream()) {
            device.write(centers.data(), 0, c, m * p);
            device.write(coefficients.data(), 0, w, m * width);
            double[] part = new double[rows * width];
            for (int from = 0; from < t; from += rows) {
                int b = Math.min(rows, t - from);
                if (card.isPresent()) {
                    device.write(inputs.rowRange(from, from + b).data(), 0, x, b * p);
                    card.get().block(device, s, b, m, p, x, b, c, m, k, b);
                } else {
                    device.write(kernel.gram(inputs.rowRange(from, from + b), centers).data(), 0, k, b * m);
                }
                device.gemm(s, false, false, b, width, m, 1.0, k, b, w, m, 0.0, f, b);
                device.read(f, part, 0, b * width);
                for (int j = 0; j < width; j++) {
                    System.arraycopy(part, j * b, out.data(), from + j * t, b);
                }
            }
        }
        return out;
    }
}
