package org.okl.gpu.compute;

import java.util.Optional;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.linalg.streamed.SpectralCoefficients;
import org.okl.linalg.streamed.Whitening;

/**
 * Core's {@link SketchSelection} with every m x m object on the device, where the per-fold sums already are
 * ({@link DeviceSums}): the whitening T from the eigendecomposition of M = k(L, L) (eigenvalues above
 * {@link Whitening#RTOL} of the largest), then for every training set its sums, {@code T^T G T} and its
 * eigendecomposition, the rotated targets, every path point's weights by one product, and the validation fold's
 * squared errors {@code sum y^2 - 2 beta^T R_f + beta^T G_f beta}. Only r x d and m x (path · d) blocks and the
 * eigenvalues cross to the CPU, where the filter and the output rotation are applied, the same code as
 * {@link org.okl.linalg.streamed.SketchSolve}'s.
 */
final class DeviceSelection {
    private final Device device;
    private final LinearAlgebra host;
    private final Device.Stream s;
    private final int m;
    private final int d;
    private final int groups;

    /**
     * @param device the device holding the sums
     * @param host   the CPU back-end (the d x d output rotations)
     * @param stream the stream the sums were made on
     */
    DeviceSelection(Device device, LinearAlgebra host, Device.Stream stream, int features, int outputs,
            int groups) {
        this.device = device;
        this.host = host;
        this.s = stream;
        this.m = features;
        this.d = outputs;
        this.groups = groups;
    }

    /** Device bytes beyond the sums: M or T, a training set's Gram and products, the work of the decompositions. */
    static long bytes(Device device, int m, int d, int pathLength) {
        return 8L * (6L * m * m + (long) m * d * (pathLength + 2) * 2 + 2L * m) + device.syevdBytes(m);
    }

    /**
     * Solves every training set of the scheme from the sums on the device.
     *
     * @param sums     groups blocks of {@code m·m} (lower triangles of {@code Phi_g^T Phi_g}) then {@code m·d}
     *                 ({@code Phi_g^T Y_g})
     * @param counts   the rows of every group
     * @param ySums    per group and output, sum y
     * @param ySquares per group and output, sum y^2
     */
    SketchSelection.Result solve(DeviceBuffer sums, long[] counts, double[][] ySums, double[][] ySquares,
            SketchFeatures features, FoldScheme scheme, OutputSpectrum output, SpectralFilter filter) {
        int folds = scheme.validationFolds();
        long stride = (long) m * m + (long) m * d;
        SquaredErrors[][] validation = new SquaredErrors[folds][];
        try (DeviceBuffer metric = device.allocate((long) m * m, "the whitening");
                DeviceBuffer gram = device.allocate((long) m * m, "a training set's Gram");
                DeviceBuffer product = device.allocate(Math.max((long) m * m, 2L * m * d), "G T");
                DeviceBuffer whitened = device.allocate((long) m * m, "T^T G T");
                DeviceBuffer values = device.allocate(m, "eigenvalues");
                DeviceBuffer cross = device.allocate((long) m * d, "a training set's cross sums");
                DeviceBuffer one = device.allocate(1, "one")) {
            device.fill(one, 1, 1.0, s);
            int r = whitening(features, metric, values);
            DeviceBuffer t = metric.at((long) (m - r) * m);
            Matrix[] all = null;
            for (int set = 0; set <= folds; set++) {
                boolean[] in = scheme.trainingGroups(set == folds ? -1 : set);
                long n = 0;
                boolean first = true;
                for (int g = 0; g < groups; g++) {
                    if (!in[g]) {
                        continue;
                    }
                    n += counts[g];
                    if (first) {
                        device.copy(sums.at(g * stride), gram, (long) m * m, s);
                        device.copy(sums.at(g * stride + (long) m * m), cross, (long) m * d, s);
                        first = false;
                    } else {
                        device.columnAxpy(s, m * m, 1, one, sums.at(g * stride), m * m, gram, m * m);
                        device.columnAxpy(s, m * d, 1, one, sums.at(g * stride + (long) m * m), m * d, cross,
                                m * d);
                    }
                }
                if (n < 1) {
                    throw new IllegalArgumentException("a training set without rows: use fewer folds or more rows");
                }
                if (set < folds && counts[set] == 0) {
                    throw new IllegalArgumentException("validation fold " + (set + 1) + " of " + folds + " has no "
                            + "rows (" + scheme.describe() + "): use fewer folds or more rows");
                }
                device.mirrorLower(s, m, gram, m);
                Matrix[] weights = weights(gram, cross, n, t, r, product, whitened, values, output, filter);
                if (set < folds) {
                    validation[set] = errors(set, sums.at(set * stride), sums.at(set * stride + (long) m * m),
                            counts[set], ySums[set], ySquares[set], weights, gram, product);
                } else {
                    all = weights;
                    long rows = n;
                    return new SketchSelection.Result(validation, all, rows);
                }
            }
            throw new IllegalStateException("no training set of all rows");
        }
    }

    /**
     * The whitening T from M's eigendecomposition on the device: M's eigenvectors in place of {@code t}, the last r
     * columns (the eigenvalues kept, increasing) scaled by their eigenvalue^-1/2, so T is {@code t} from column m - r.
     *
     * @return r, the eigenvalues kept
     */
    private int whitening(SketchFeatures features, DeviceBuffer t, DeviceBuffer values) {
        Optional<CardKernel> card = CardKernel.of(features);
        if (card.isPresent()) {
            Matrix l = CardKernel.landmarks(features);
            int p = l.cols();
            try (DeviceBuffer marks = device.allocate((long) m * p, "the landmarks")) {
                device.write(l.data(), 0, marks, m * p);
                card.get().block(device, s, m, m, p, marks, m, marks, m, t, m);
                device.synchronize(s);
            }
        } else {
            Matrix metric = features.metric().orElseThrow(() -> new IllegalArgumentException("the eigen route on "
                    + "a device needs a sketch with a metric"));
            device.write(metric.copy().symmetrize().data(), 0, t, m * m);
        }
        int info = device.syevd(s, m, t, m, values);
        if (info != 0) {
            throw new IllegalStateException("the eigendecomposition of k(L, L) on " + device.name() + " failed (info "
                    + info + ")");
        }
        double[] e = new double[m];
        device.read(values, e, 0, m);
        double max = e[m - 1];
        int r = 0;
        while (r < m && e[m - 1 - r] > Whitening.RTOL * max) {
            r++;
        }
        if (r == 0) {
            throw new IllegalArgumentException("the sketch's metric is zero: the kernel vanishes on its landmarks");
        }
        double[] scale = new double[r];
        for (int j = 0; j < r; j++) {
            scale[j] = 1 / Math.sqrt(e[m - r + j]);
        }
        device.write(scale, 0, values, r);
        device.columnScale(s, m, r, values, t.at((long) (m - r) * m), m);
        return r;
    }

    /**
     * The weights beta_j (m x d) of every path point of one training set: {@code T^T G T = W diag(s) W^T} on the
     * device, the filter here on {@code W^T T^T R}, and {@code beta = T W (Ct ∘ 1 a^T)} rotated back.
     */
    private Matrix[] weights(DeviceBuffer gram, DeviceBuffer cross, long rows, DeviceBuffer t, int r,
            DeviceBuffer product, DeviceBuffer whitened, DeviceBuffer values, OutputSpectrum output,
            SpectralFilter filter) {
        if (rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more than 2^31 training rows in one training set");
        }
        int n = (int) rows;
        device.gemm(s, false, false, m, r, m, 1.0, gram, m, t, m, 0.0, product, m);
        device.gemm(s, true, false, r, r, m, 1.0, t, m, product, m, 0.0, whitened, r);
        int info = device.syevd(s, r, whitened, r, values);
        if (info != 0) {
            throw new IllegalStateException("the eigendecomposition of a whitened Gram on " + device.name()
                    + " failed (info " + info + ")");
        }
        double[] ascending = new double[r];
        device.read(values, ascending, 0, r);
        double[] sv = new double[r];
        for (int j = 0; j < r; j++) {
            sv[j] = Math.max(0.0, ascending[r - 1 - j]);
        }
        if (!(sv[0] > 0)) {
            throw new IllegalArgumentException("the sketched input kernel is zero on the training rows");
        }
        // W^T (T^T R), r x d, rows reversed to decreasing eigenvalues
        device.gemm(s, true, false, r, d, m, 1.0, t, m, cross, m, 0.0, product, r);
        device.gemm(s, true, false, r, d, r, 1.0, whitened, r, product, r, 0.0, product.at((long) r * d), r);
        double[] rotatedAscending = new double[r * d];
        device.read(product.at((long) r * d), rotatedAscending, 0, r * d);
        Matrix rotated = output.rotate(reverseRows(new Matrix(r, d, rotatedAscending)), host);
        double[] a = output.values();
        double sMax = sv[0] * output.max() / n;
        SpectralCoefficients coefficients = new SpectralCoefficients(sv, a, rotated, n, filter, sMax);
        int points = coefficients.length();
        double[] stacked = new double[r * d * points];
        coefficients.forEach((j, ct) -> {
            double[] c = ct.data();
            for (int col = 0; col < d; col++) {
                for (int i = 0; i < r; i++) {
                    stacked[j * r * d + col * r + (r - 1 - i)] = c[col * r + i] * a[col];
                }
            }
        });
        // basis T W (m x r) into product, then every point's T W Ct at once
        device.gemm(s, false, false, m, r, r, 1.0, t, m, whitened, r, 0.0, product, m);
        Matrix[] out = new Matrix[points];
        try (DeviceBuffer ct = device.allocate((long) r * d * points, "the filtered coefficients");
                DeviceBuffer beta = device.allocate((long) m * d * points, "the weights")) {
            device.write(stacked, 0, ct, r * d * points);
            device.gemm(s, false, false, m, d * points, r, 1.0, product, m, ct, r, 0.0, beta, m);
            double[] b = new double[m * d * points];
            device.read(beta, b, 0, m * d * points);
            for (int j = 0; j < points; j++) {
                Matrix w = new Matrix(m, d, java.util.Arrays.copyOfRange(b, j * m * d, (j + 1) * m * d));
                out[j] = output.rotateBack(w, host);
            }
        }
        return out;
    }

    /** Row i of the result is row rows-1-i. */
    private static Matrix reverseRows(Matrix x) {
        int rows = x.rows();
        Matrix out = Matrix.zeros(rows, x.cols());
        for (int j = 0; j < x.cols(); j++) {
            for (int i = 0; i < rows; i++) {
                out.data()[i + j * rows] = x.data()[rows - 1 - i + j * rows];
            }
        }
        return out;
    }

    /** A validation fold's squared errors at every path point, from its sums on the device. */
    private SquaredErrors[] errors(int fold, DeviceBuffer foldGram, DeviceBuffer foldCross, long count, double[] ySum,
            double[] ySquare, Matrix[] weights, DeviceBuffer gram, DeviceBuffer product) {
        int points = weights.length;
        int columns = points * d;
        double[] b = new double[m * columns];
        for (int j = 0; j < points; j++) {
            System.arraycopy(weights[j].data(), 0, b, j * m * d, m * d);
        }
        double[] quadratic = new double[columns];
        double[] crossHost = new double[m * d];
        device.copy(foldGram, gram, (long) m * m, s);
        device.mirrorLower(s, m, gram, m);
        device.read(foldCross, crossHost, 0, m * d);
        try (DeviceBuffer beta = device.allocate((long) m * columns, "the weights");
                DeviceBuffer gb = device.allocate((long) m * columns, "G_f beta");
                DeviceBuffer dots = device.allocate(columns, "beta^T G_f beta")) {
            device.write(b, 0, beta, m * columns);
            device.gemm(s, false, false, m, columns, m, 1.0, gram, m, beta, m, 0.0, gb, m);
            device.columnDots(s, m, columns, beta, m, gb, m, dots);
            device.read(dots, quadratic, 0, columns);
        }
        SquaredErrors[] out = new SquaredErrors[points];
        long[] counts = new long[d];
        java.util.Arrays.fill(counts, count);
        for (int j = 0; j < points; j++) {
            double[] error = new double[d];
            for (int c = 0; c < d; c++) {
                double linear = 0;
                for (int i = 0; i < m; i++) {
                    linear += b[j * m * d + c * m + i] * crossHost[c * m + i];
                }
                error[c] = Math.max(0.0, ySquare[c] - 2 * linear + quadratic[j * d + c]);
            }
            out[j] = new SquaredErrors(counts, error, ySum.clone(), ySquare.clone());
        }
        return out;
    }
}
