package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.DeviceMemory;

/**
 * A linear-algebra back-end whose large products, Gram updates, symmetric eigendecompositions, Cholesky
 * factorisations and triangular solves run on a device (each call copies its operands there and its result back),
 * and whose small ones and the rest (LU, QR) run on the CPU back-end. The driver-side m x m work of a streamed fit
 * (every fold's whitening, eigendecomposition and weights) goes through it.
 */
final class DeviceLinearAlgebra implements LinearAlgebra, AutoCloseable {
    /** Products of at least this many multiply-adds run on the device. */
    static final long PRODUCT = 1L << 26;
    /** Eigendecompositions and factorisations of at least this order run on the device. */
    static final int ORDER = 512;

    private final Device device;
    private final LinearAlgebra host;
    private final Device.Stream s;

    DeviceLinearAlgebra(Device device, LinearAlgebra host) {
        this.device = device;
        this.host = host;
        this.s = device.stream();
    }

    @Override
    public String name() {
        return device.name() + "+" + host.name();
    }

    @Override
    public String description() {
        return "large products and decompositions on " + device.description() + ", the rest on " + host.name();
    }

    private boolean fits(long doubles) {
        return DeviceMemory.fits(device, 8 * doubles);
    }

    @Override
    public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c) {
        int m = c.rows();
        int n = c.cols();
        int k = transA ? a.rows() : a.cols();
        long size = (long) a.data().length + b.data().length + c.data().length;
        if ((long) m * n * k < PRODUCT || !fits(size)) {
            host.gemm(alpha, a, transA, b, transB, beta, c);
            return;
        }
        try (DeviceBuffer da = put(a); DeviceBuffer db = put(b); DeviceBuffer dc = put(c)) {
            device.gemm(s, transA, transB, m, n, k, alpha, da, a.rows(), db, b.rows(), beta, dc, Math.max(1, m));
            device.read(dc, c.data(), 0, c.data().length);
        }
    }

    @Override
    public Matrix outerGram(Matrix a) {
        return host.outerGram(a);
    }

    @Override
    public Matrix innerGram(Matrix a) {
        return host.innerGram(a);
    }

    @Override
    public void symmetricRankUpdate(double alpha, Matrix a, boolean transpose, double beta, Matrix c) {
        int n = c.rows();
        int k = transpose ? a.rows() : a.cols();
        if ((long) n * n * k < PRODUCT || !fits((long) a.data().length + c.data().length)) {
            host.symmetricRankUpdate(alpha, a, transpose, beta, c);
            return;
        }
        try (DeviceBuffer da = put(a); DeviceBuffer dc = put(c)) {
            device.syrk(s, transpose, n, k, alpha, da, a.rows(), beta, dc, n);
            device.read(dc, c.data(), 0, c.data().length);
        }
    }

    @Override
    public SymmetricEigen eigenSymmetric(Matrix symmetric) {
        int n = symmetric.rows();
        if (n < ORDER || !DeviceMemory.fits(device, 8L * ((long) n * n + n) + device.syevdBytes(n))) {
            return host.eigenSymmetric(symmetric);
        }
        try (DeviceBuffer a = put(symmetric); DeviceBuffer w = device.allocate(n, "eigenvalues")) {
            int info = device.syevd(s, n, a, n, w);
            if (info != 0) {
                throw new IllegalStateException("the eigendecomposition on " + device.name() + " failed (info "
                        + info + ")");
            }
            double[] ascending = new double[n];
            double[] vectors = new double[n * n];
            device.read(w, ascending, 0, n);
            device.read(a, vectors, 0, n * n);
            double[] values = new double[n];
            Matrix v = Matrix.zeros(n, n);
            for (int j = 0; j < n; j++) {
                values[j] = ascending[n - 1 - j];
                System.arraycopy(vectors, (n - 1 - j) * n, v.data(), j * n, n);
            }
            return new SymmetricEigen(values, v);
        }
    }

    @Override
    public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
        int n = symmetricPositiveDefinite.rows();
        if (n < ORDER || !fits((long) n * n)) {
            return host.cholesky(symmetricPositiveDefinite);
        }
        try (DeviceBuffer a = put(symmetricPositiveDefinite)) {
            if (device.potrf(s, n, a, n) != 0) {
                return Optional.empty();
            }
            device.zeroUpper(s, n, a, n);
            return Optional.of(get(a, n, n));
        }
    }

    @Override
    public Matrix choleskySolve(Matrix lower, Matrix b) {
        int n = lower.rows();
        if ((long) n * n * b.cols() < PRODUCT || !fits((long) n * n + b.data().length)) {
            return host.choleskySolve(lower, b);
        }
        try (DeviceBuffer t = put(lower); DeviceBuffer x = put(b)) {
            device.trsm(s, true, true, false, n, b.cols(), 1.0, t, n, x, n);
            device.trsm(s, true, true, true, n, b.cols(), 1.0, t, n, x, n);
            return get(x, n, b.cols());
        }
    }

    @Override
    public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
        int n = t.rows();
        if ((long) n * n * b.cols() < PRODUCT || !fits((long) n * n + b.data().length)) {
            return host.triangularSolve(t, lower, transpose, b);
        }
        try (DeviceBuffer dt = put(t); DeviceBuffer x = put(b)) {
            device.trsm(s, true, lower, transpose, n, b.cols(), 1.0, dt, n, x, n);
            return get(x, n, b.cols());
        }
    }

    @Override
    public Matrix solve(Matrix a, Matrix b) {
        return host.solve(a, b);
    }

    @Override
    public Matrix orthonormalBasis(Matrix a) {
        return host.orthonormalBasis(a);
    }

    /** Frees the stream. */
    @Override
    public void close() {
        s.close();
    }

    private DeviceBuffer put(Matrix m) {
        DeviceBuffer b = device.allocate(Math.max(1, m.data().length), "a matrix");
        device.write(m.data(), 0, b, m.data().length);
        return b;
    }

    private Matrix get(DeviceBuffer b, int rows, int cols) {
        Matrix m = Matrix.zeros(rows, cols);
        device.read(b, m.data(), 0, rows * cols);
        return m;
    }
}
