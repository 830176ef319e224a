package org.okl.gpu.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;

/**
 * What every {@link Device} must compute, each primitive against a naive computation here (an independent oracle),
 * on sizes that are not multiples of any tile, with leading dimensions larger than the rows and views at offsets.
 * The CPU device, the CUDA binding on stand-ins and the CUDA binding on a card all run it.
 */
public abstract class DevicePrimitivesContract {
    private static final double TOL = 1e-12;
    protected Device device;
    private Device.Stream stream;
    private final Random random = new Random(42);

    /** The device under test. */
    protected abstract Device open();

    @BeforeEach
    void start() {
        device = open();
        stream = device.stream();
    }

    @AfterEach
    void stop() {
        if (stream != null) {
            stream.close();
        }
    }

    private double[] random(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextGaussian();
        }
        return v;
    }

    private DeviceBuffer put(double[] v) {
        DeviceBuffer b = device.allocate(v.length, "test data");
        device.write(v, 0, b, v.length);
        return b;
    }

    private double[] get(DeviceBuffer b, int n) {
        double[] v = new double[n];
        device.read(b, v, 0, n);
        return v;
    }

    private static void assertClose(double[] expected, double[] actual, double tol) {
        assertThat(actual).hasSameSizeAs(expected);
        double scale = 1;
        for (double v : expected) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < expected.length; i++) {
            if (Double.isNaN(expected[i])) {
                assertThat(actual[i]).as("entry %d", i).isNaN();
            } else {
                assertThat(Math.abs(actual[i] - expected[i])).as("entry %d: %s against %s", i, actual[i],
                        expected[i]).isLessThanOrEqualTo(tol * scale);
            }
        }
    }

    @Test
    void synchronousCopiesRoundTripAtOffsets() {
        double[] v = random(1000);
        try (DeviceBuffer b = device.allocate(1200, "test")) {
            device.write(v, 3, b.at(17), 900);
            double[] back = new double[905];
            device.read(b.at(17), back, 5, 900);
            assertThat(Arrays.copyOfRange(back, 5, 905)).containsExactly(Arrays.copyOfRange(v, 3, 903));
        }
    }

    @Test
    void streamedCopiesThroughPinnedMemoryAreOrderedByEvents() {
        double[] v = random(777);
        try (HostBuffer up = device.pinned(800); HostBuffer down = device.pinned(800);
                DeviceBuffer a = device.allocate(800, "a"); DeviceBuffer b = device.allocate(800, "b");
                Device.Stream copy = device.stream()) {
            up.put(10, v, 0, 777);
            device.upload(up, 10, a.at(5), 777, copy);
            device.await(stream, device.record(copy));
            device.copy(a.at(5), b.at(1), 777, stream);
            device.await(copy, device.record(stream));
            device.download(b.at(1), down, 3, 777, copy);
            Device.Event done = device.record(copy);
            device.synchronize(done);
            double[] back = new double[777];
            down.get(3, back, 0, 777);
            assertThat(back).containsExactly(v);
        }
    }

    @Test
    void fillAndStridedCopy() {
        try (DeviceBuffer a = device.allocate(100, "a"); DeviceBuffer b = device.allocate(100, "b")) {
            device.fill(a, 100, 0.0, stream);
            device.fill(a.at(10), 50, -2.5, stream);
            device.fill(b, 100, 7.0, stream);
            device.copyStrided(10, a.at(10), 5, b.at(1), 3, stream);
            double[] av = get(a, 100);
            double[] bv = get(b, 100);
            for (int i = 0; i < 100; i++) {
                assertThat(av[i]).isEqualTo(i >= 10 && i < 60 ? -2.5 : 0.0);
            }
            for (int i = 0; i < 100; i++) {
                boolean copied = i >= 1 && (i - 1) % 3 == 0 && (i - 1) / 3 < 10;
                assertThat(bv[i]).as("b[%d]", i).isEqualTo(copied ? -2.5 : 7.0);
            }
        }
    }

    @Test
    void gemmInEveryTransposition() {
        int m = 37;
        int n = 19;
        int k = 23;
        for (boolean ta : new boolean[] {false, true}) {
            for (boolean tb : new boolean[] {false, true}) {
                int lda = (ta ? k : m) + 3;
                int ldb = (tb ? n : k) + 2;
                int ldc = m + 5;
                double[] a = random(lda * (ta ? m : k));
                double[] b = random(ldb * (tb ? k : n));
                double[] c = random(ldc * n);
                double[] expected = c.clone();
                for (int j = 0; j < n; j++) {
                    for (int i = 0; i < m; i++) {
                        double s = 0;
                        for (int q = 0; q < k; q++) {
                            double x = ta ? a[q + i * lda] : a[i + q * lda];
                            double y = tb ? b[j + q * ldb] : b[q + j * ldb];
                            s += x * y;
                        }
                        expected[i + j * ldc] = 1.5 * s - 0.5 * c[i + j * ldc];
                    }
                }
                try (DeviceBuffer da = put(a); DeviceBuffer db = put(b); DeviceBuffer dc = put(c)) {
                    device.gemm(stream, ta, tb, m, n, k, 1.5, da, lda, db, ldb, -0.5, dc, ldc);
                    assertClose(expected, get(dc, c.length), TOL);
                }
            }
        }
    }

    @Test
    void syrkWritesTheLowerTriangleOnly() {
        int n = 29;
        int k = 41;
        for (boolean transpose : new boolean[] {true, false}) {
            int lda = (transpose ? k : n) + 4;
            double[] a = random(lda * (transpose ? n : k));
            int ldc = n + 2;
            double[] c = random(ldc * n);
            double[] expected = c.clone();
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    double s = 0;
                    for (int q = 0; q < k; q++) {
                        s += transpose ? a[q + i * lda] * a[q + j * lda] : a[i + q * lda] * a[j + q * lda];
                    }
                    expected[i + j * ldc] = 2.0 * s + c[i + j * ldc];
                }
            }
            try (DeviceBuffer da = put(a); DeviceBuffer dc = put(c)) {
                device.syrk(stream, transpose, n, k, 2.0, da, lda, 1.0, dc, ldc);
                assertClose(expected, get(dc, c.length), TOL);
            }
        }
    }

    /** A well-conditioned triangular matrix (n x n, leading dimension ld). */
    private double[] triangular(int n, int ld, boolean lower) {
        double[] t = random(ld * n);
        for (int j = 0; j < n; j++) {
            t[j + j * ld] = 4 + Math.abs(t[j + j * ld]);
        }
        return t;
    }

    @Test
    void trsmOnEitherSideInEitherTriangle() {
        int m = 23;
        int n = 11;
        for (boolean left : new boolean[] {true, false}) {
            for (boolean lower : new boolean[] {true, false}) {
                for (boolean transpose : new boolean[] {false, true}) {
                    int order = left ? m : n;
                    int ldt = order + 3;
                    double[] t = triangular(order, ldt, lower);
                    int ldb = m + 2;
                    double[] b = random(ldb * n);
                    try (DeviceBuffer dt = put(t); DeviceBuffer db = put(b)) {
                        device.trsm(stream, left, lower, transpose, m, n, 0.5, dt, ldt, db, ldb);
                        double[] x = get(db, b.length);
                        for (int j = 0; j < n; j++) {
                            for (int i = 0; i < m; i++) {
                                double s = 0;
                                for (int q = 0; q < order; q++) {
                                    int r = left ? i : q;
                                    int c = left ? q : j;
                                    int tr = left ? i : q;
                                    int tc = left ? q : j;
                                    int row = transpose ? tc : tr;
                                    int col = transpose ? tr : tc;
                                    boolean inside = lower ? row >= col : row <= col;
                                    double tv = inside ? t[row + col * ldt] : 0.0;
                                    s += left ? tv * x[q + j * ldb] : x[i + q * ldb] * tv;
                                }
                                assertThat(s).as("left %s lower %s transpose %s (%d, %d)", left, lower, transpose,
                                        i, j).isCloseTo(0.5 * b[i + j * ldb],
                                        org.assertj.core.data.Offset.offset(1e-11));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void potrfFactorsAndReportsAMatrixThatIsNotDefinite() {
        int n = 33;
        int lda = n + 1;
        double[] g = random(n * n);
        double[] a = new double[lda * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double s = i == j ? n : 0;
                for (int q = 0; q < n; q++) {
                    s += g[i + q * n] * g[j + q * n];
                }
                a[i + j * lda] = s;
            }
        }
        try (DeviceBuffer da = put(a)) {
            assertThat(device.potrf(stream, n, da, lda)).isZero();
            device.zeroUpper(stream, n, da, lda);
            double[] l = get(da, a.length);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int q = 0; q < n; q++) {
                        s += l[i + q * lda] * l[j + q * lda];
                    }
                    assertThat(s).isCloseTo(a[i + j * lda], org.assertj.core.data.Offset.offset(1e-10 * n));
                    if (i < j) {
                        assertThat(l[i + j * lda]).isZero();
                    }
                }
            }
        }
        double[] indefinite = {1, 2, 2, 1};
        try (DeviceBuffer d = put(indefinite)) {
            assertThat(device.potrf(stream, 2, d, 2)).isPositive();
        }
    }

    @Test
    void syevdGivesIncreasingEigenvaluesAndOrthonormalVectors() {
        int n = 31;
        double[] g = random(n * n);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                a[i + j * n] = g[i + j * n] + g[j + i * n];
            }
        }
        double[] original = a.clone();
        try (DeviceBuffer da = put(a); DeviceBuffer w = device.allocate(n, "w")) {
            assertThat(device.syevd(stream, n, da, n, w)).isZero();
            double[] v = get(da, n * n);
            double[] values = get(w, n);
            for (int j = 1; j < n; j++) {
                assertThat(values[j]).isGreaterThanOrEqualTo(values[j - 1]);
            }
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    double av = 0;
                    for (int q = 0; q < n; q++) {
                        av += original[i + q * n] * v[q + j * n];
                    }
                    assertThat(av).isCloseTo(values[j] * v[i + j * n], org.assertj.core.data.Offset.offset(1e-10));
                    double dot = 0;
                    for (int q = 0; q < n; q++) {
                        dot += v[q + i * n] * v[q + j * n];
                    }
                    assertThat(dot).isCloseTo(i == j ? 1 : 0, org.assertj.core.data.Offset.offset(1e-12));
                }
            }
        }
    }

    @Test
    void gaussianBlocksOfRowsAgainstLandmarks() {
        int rows = 37;
        int cols = 45;
        int dim = 20;
        int ldx = rows + 3;
        int ldl = cols + 1;
        int ldo = rows + 2;
        double scale = 0.07;
        double[] x = random(ldx * dim);
        double[] l = random(ldl * dim);
        double[] out = new double[ldo * cols];
        Arrays.fill(out, -1);
        double[] expected = out.clone();
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                double d2 = 0;
                for (int q = 0; q < dim; q++) {
                    double t = x[i + q * ldx] - l[j + q * ldl];
                    d2 += t * t;
                }
                expected[i + j * ldo] = Math.exp(-scale * d2);
            }
        }
        try (DeviceBuffer dx = put(x); DeviceBuffer dl = put(l); DeviceBuffer dout = put(out)) {
            device.gaussian(stream, rows, cols, dim, dx, ldx, dl, ldl, scale, dout, ldo);
            assertClose(expected, get(dout, out.length), 1e-14);
            device.gaussian(stream, rows, rows, dim, dx, ldx, dx, ldx, scale, dout, ldo);
            double[] self = get(dout, out.length);
            for (int j = 0; j < rows; j++) {
                for (int i = 0; i < rows; i++) {
                    assertThat(self[i + j * ldo]).isEqualTo(self[j + i * ldo]);
                }
                assertThat(self[j + j * ldo]).isEqualTo(1.0);
            }
        }
    }

    @Test
    void groupKernels() {
        int rows = 53;
        int cols = 7;
        int ld = rows + 4;
        double[] groups = new double[rows];
        for (int i = 0; i < rows; i++) {
            groups[i] = i % 4;
        }
        double[] columnGroups = {0, 1, 2, 3, -1, 1, 0};
        double[] columnOutputs = {0, 1, 2, 0, 1, 2, 0};
        double[] p = random(ld * cols);
        double[] y = random(ld * 3);
        double[] out = random(cols);
        double[] masked = p.clone();
        double[] residuals = out.clone();
        for (int c = 0; c < cols; c++) {
            for (int i = 0; i < rows; i++) {
                if (groups[i] == columnGroups[c]) {
                    masked[i + c * ld] = 0;
                    double r = y[i + (int) columnOutputs[c] * ld] - p[i + c * ld];
                    residuals[c] += r * r;
                }
            }
        }
        double[] spread = new double[rows * 12];
        for (int g = 0; g < 4; g++) {
            for (int c = 0; c < 3; c++) {
                for (int i = 0; i < rows; i++) {
                    spread[i + (g * 3 + c) * rows] = groups[i] == g ? y[i + c * ld] : 0;
                }
            }
        }
        try (DeviceBuffer dp = put(p); DeviceBuffer dy = put(y); DeviceBuffer dg = put(groups);
                DeviceBuffer dcg = put(columnGroups); DeviceBuffer dco = put(columnOutputs); DeviceBuffer dout = put(out);
                DeviceBuffer dspread = device.allocate(rows * 12, "spread")) {
            device.groupResiduals(stream, rows, cols, dp, ld, dy, ld, dg, dcg, dco, dout);
            assertClose(residuals, get(dout, cols), TOL);
            device.spreadGroups(stream, rows, 3, 4, dy, ld, dg, dspread, rows);
            assertThat(get(dspread, rows * 12)).containsExactly(spread);
            device.maskGroups(stream, rows, cols, dp, ld, dg, dcg);
            assertThat(get(dp, p.length)).containsExactly(masked);
        }
    }

    @Test
    void columnKernels() {
        int rows = 300;
        int cols = 6;
        int ld = rows + 7;
        double[] a = random(ld * cols);
        double[] b = random(ld * cols);
        double[] alpha = random(cols);
        double[] dots = new double[cols];
        double[] axpy = b.clone();
        double[] xpby = b.clone();
        double[] scaled = a.clone();
        for (int c = 0; c < cols; c++) {
            for (int i = 0; i < rows; i++) {
                dots[c] += a[i + c * ld] * b[i + c * ld];
                axpy[i + c * ld] += alpha[c] * a[i + c * ld];
                xpby[i + c * ld] = a[i + c * ld] + alpha[c] * b[i + c * ld];
                scaled[i + c * ld] *= alpha[c];
            }
        }
        try (DeviceBuffer da = put(a); DeviceBuffer db = put(b); DeviceBuffer dal = put(alpha);
                DeviceBuffer out = device.allocate(cols, "dots"); DeviceBuffer db2 = put(b)) {
            device.columnDots(stream, rows, cols, da, ld, db, ld, out);
            assertClose(dots, get(out, cols), TOL);
            device.columnAxpy(stream, rows, cols, dal, da, ld, db, ld);
            assertClose(axpy, get(db, b.length), TOL);
            device.columnXpby(stream, rows, cols, da, ld, dal, db2, ld);
            assertClose(xpby, get(db2, b.length), TOL);
            device.columnScale(stream, rows, cols, dal, da, ld);
            assertClose(scaled, get(da, a.length), TOL);
        }
    }

    @Test
    void diagonalAndTriangle() {
        int n = 21;
        int lda = n + 2;
        double[] a = random(lda * n);
        double[] expected = a.clone();
        double[] mirrored = a.clone();
        for (int j = 0; j < n; j++) {
            expected[j + j * lda] += 0.25;
            for (int i = 0; i < j; i++) {
                expected[i + j * lda] = 0;
                mirrored[i + j * lda] = a[j + i * lda];
            }
        }
        try (DeviceBuffer da = put(a); DeviceBuffer db = put(a)) {
            device.addDiagonal(stream, n, da, lda, 0.25);
            device.zeroUpper(stream, n, da, lda);
            assertThat(get(da, a.length)).containsExactly(expected);
            device.mirrorLower(stream, n, db, lda);
            assertThat(get(db, a.length)).containsExactly(mirrored);
        }
    }

    @Test
    void topKMergesBlocksOfCandidatesWithTiesToTheLowerIndexAndNanLast() {
        int rows = 9;
        int candidates = 300;
        int k = 5;
        double[] self = new double[candidates];
        double[] s = new double[candidates * rows];
        for (int c = 0; c < candidates; c++) {
            self[c] = random.nextInt(7);
            for (int i = 0; i < rows; i++) {
                s[c + i * candidates] = random.nextInt(50) * 0.5;
            }
        }
        s[3] = Double.NaN;
        for (int c = 0; c < candidates; c++) {
            self[c] = c == 17 ? Double.NaN : self[c];
        }
        double[][] expectedIndex = new double[rows][];
        double[][] expectedScore = new double[rows][];
        for (int i = 0; i < rows; i++) {
            Integer[] order = new Integer[candidates];
            double[] score = new double[candidates];
            for (int c = 0; c < candidates; c++) {
                order[c] = c;
                double v = self[c] + s[c + i * candidates];
                score[c] = Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
            }
            Arrays.sort(order, (x, y) -> score[x] != score[y] ? Double.compare(score[x], score[y]) : x - y);
            expectedIndex[i] = new double[k];
            expectedScore[i] = new double[k];
            for (int r = 0; r < k; r++) {
                expectedIndex[i][r] = order[r];
                expectedScore[i][r] = score[order[r]];
            }
        }
        try (DeviceBuffer ds = put(s); DeviceBuffer dself = put(self);
                DeviceBuffer values = device.allocate(rows * k, "values");
                DeviceBuffer indices = device.allocate(rows * k, "indices");
                DeviceBuffer work = device.allocate(Math.max(1, device.topKWork(rows, k)), "work")) {
            device.fill(values, rows * k, Double.POSITIVE_INFINITY, stream);
            device.fill(indices, rows * k, -1.0, stream);
            device.topK(stream, rows, 120, k, ds, candidates, dself, 0, values, indices, work);
            device.topK(stream, rows, 180, k, ds.at(120), candidates, dself.at(120), 120, values, indices, work);
            double[] v = get(values, rows * k);
            double[] ix = get(indices, rows * k);
            for (int i = 0; i < rows; i++) {
                assertThat(Arrays.copyOfRange(ix, i * k, i * k + k)).as("row %d", i)
                        .containsExactly(expectedIndex[i]);
                assertThat(Arrays.copyOfRange(v, i * k, i * k + k)).containsExactly(expectedScore[i]);
            }
        }
    }

    @Test
    void anAllocationBeyondTheFreeMemoryIsRefusedWithAdvice() {
        long doubles = device.freeBytes() / 8 + (1L << 20);
        assertThatThrownBy(() -> device.allocate(doubles, "a test of the memory check"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("OKL-E014")
                .hasMessageContaining("not enough memory on " + device.name() + " for a test of the memory check")
                .hasMessageContaining("okl.gpu=off");
    }
}
