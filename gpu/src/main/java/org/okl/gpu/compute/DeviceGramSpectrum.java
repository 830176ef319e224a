package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.linalg.device.GramSpectrum;

/**
 * The exact path's n x n Gram matrix made and eigendecomposed on a device ({@code syevd}), the eigenvectors left
 * there. The Gaussian kernel's Gram is made by the card; any other kernel's is made here by blocks of columns and
 * copied up, so the CPU never holds n x n. Eigenvalues come back decreasing (the order of core's solvers), with
 * negative round-off clamped to 0.
 */
final class DeviceGramSpectrum implements GramSpectrum {
    private final Device device;
    private final DeviceBuffer vectors;
    private final double[] values;
    private final int n;

    private DeviceGramSpectrum(Device device, DeviceBuffer vectors, double[] values, int n) {
        this.device = device;
        this.vectors = vectors;
        this.values = values;
        this.n = n;
    }

    /** Device bytes for order n with p input columns. */
    static long bytes(Device device, int n, int p) {
        return 8L * ((long) n * n + n + (long) n * p) + device.syevdBytes(n);
    }

    /** Makes and decomposes the Gram of the rows of {@code inputs}. */
    static DeviceGramSpectrum of(Device device, VectorKernel kernel, Matrix inputs) {
        int n = inputs.rows();
        int p = inputs.cols();
        DeviceBuffer u = device.allocate((long) n * n, "the " + n + " x " + n + " Gram matrix");
        try (DeviceBuffer w = device.allocate(n, "its eigenvalues"); Device.Stream s = device.stream()) {
            Optional<CardKernel> card = CardKernel.of(kernel);
            if (card.isPresent()) {
                try (DeviceBuffer x = device.allocate((long) n * p, "the inputs")) {
                    device.write(inputs.data(), 0, x, n * p);
                    card.get().block(device, s, n, n, p, x, n, x, n, u, n);
                    device.synchronize(s);
                }
            } else {
                int width = Math.max(1, Math.min(n, (1 << 24) / Math.max(1, n)));
                for (int from = 0; from < n; from += width) {
                    int to = Math.min(n, from + width);
                    Matrix block = kernel.gram(inputs, inputs.rowRange(from, to));
                    device.write(block.data(), 0, u.at((long) from * n), n * (to - from));
                }
            }
            int info = device.syevd(s, n, u, n, w);
            if (info != 0) {
                throw new IllegalStateException("the eigendecomposition of the " + n + " x " + n + " Gram on "
                        + device.name() + " failed (info " + info + ")");
            }
            double[] ascending = new double[n];
            device.read(w, ascending, 0, n);
            double[] values = new double[n];
            for (int j = 0; j < n; j++) {
                values[j] = Math.max(0.0, ascending[n - 1 - j]);
            }
            return new DeviceGramSpectrum(device, u, values, n);
        } catch (RuntimeException e) {
            u.close();
            throw e;
        }
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public Matrix transposeTimes(Matrix y) {
        Matrix z = multiply(y, true);
        return reverseRows(z);
    }

    @Override
    public Matrix times(Matrix c) {
        return multiply(reverseRows(c), false);
    }

    private Matrix multiply(Matrix b, boolean transpose) {
        int cols = b.cols();
        try (DeviceBuffer in = device.allocate(Math.max(1, (long) n * cols), "a block of the path");
                DeviceBuffer out = device.allocate(Math.max(1, (long) n * cols), "a block of the path");
                Device.Stream s = device.stream()) {
            device.write(b.data(), 0, in, n * cols);
            device.gemm(s, transpose, false, n, cols, n, 1.0, vectors, n, in, n, 0.0, out, n);
            Matrix result = Matrix.zeros(n, cols);
            device.read(out, result.data(), 0, n * cols);
            return result;
        }
    }

    /** Row i of the result is row n-1-i: from the device's increasing order to core's decreasing one. */
    private static Matrix reverseRows(Matrix m) {
        int rows = m.rows();
        Matrix out = Matrix.zeros(rows, m.cols());
        double[] a = m.data();
        double[] b = out.data();
        for (int j = 0; j < m.cols(); j++) {
            for (int i = 0; i < rows; i++) {
                b[i + j * rows] = a[rows - 1 - i + j * rows];
            }
        }
        return out;
    }

    @Override
    public String device() {
        return device.name() + " " + device.card() + ": Gram and eigendecomposition";
    }

    @Override
    public void close() {
        vectors.close();
    }
}
