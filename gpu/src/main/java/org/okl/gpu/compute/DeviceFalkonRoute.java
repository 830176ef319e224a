package org.okl.gpu.compute;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.gpu.device.DeviceMemory;
import org.okl.linalg.device.DeviceWork;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.RidgeColumn;
import org.okl.linalg.streamed.SketchRoute;
import org.okl.linalg.streamed.SketchSelection;

/**
 * Falkon's ridge path on a device, the computation of {@link org.okl.linalg.streamed.FalkonRoute} for (iterated)
 * Tikhonov filters with every large object on the card: M = k(L, L), its Cholesky factor (with the same jitter), the
 * preconditioner factors of {@code T T^T / m + shift I} (as many at once as the card holds), the conjugate-gradient
 * vectors of every column (training set, path point, output direction) and the passes over the rows
 * ({@link DevicePasses}: {@code Phi^T (Phi V)} with each set's left-out fold masked, all sets in one pass). The CPU
 * keeps the per-column scalars and the m x d right-hand sides. Columns that converge leave the iteration, as on the
 * CPU. Iterative filters are not taken (the CPU route runs them).
 */
final class DeviceFalkonRoute implements SketchRoute, DeviceWork {
    /** Falkon's jitter: the double-precision machine epsilon (times m and the largest diagonal entry of M). */
    static final double EPSILON = 2.220446049250313e-16;

    private final Device device;
    private final LinearAlgebra host;
    private final int iterations;
    private final double tolerance;
    private final boolean keepRows;

    /**
     * @param iterations the most CG iterations (passes) per solve
     * @param tolerance  the relative residual at which CG stops
     * @param keepRows   whether the rows may stay on the card between passes (when they fit)
     */
    DeviceFalkonRoute(Device device, LinearAlgebra host, int iterations, double tolerance, boolean keepRows) {
        this.device = device;
        this.host = host;
        this.iterations = iterations;
        this.tolerance = tolerance;
        this.keepRows = keepRows;
    }

    @Override
    public String device() {
        return device.name() + " " + device.card() + ": falkon passes, preconditioner, conjugate gradients";
    }

    /** Whether the route takes a filter: ridge filters only. */
    static boolean takes(SpectralFilter filter) {
        return filter instanceof RidgeFilter;
    }

    /** Device bytes beyond the passes: M, its factor, T T^T/m, one preconditioner, and the CG vectors. */
    static long bytes(int m, int d, int sets, int points) {
        long columns = (long) sets * points * d;
        return 8L * (4L * m * m + 10L * m * columns + 4 * columns);
    }

    @Override
    public SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        if (!CardKernel.hasMetric(features)) {
            throw new IllegalArgumentException("falkon preconditions with the Cholesky factor of the sketch's metric "
                    + "k(L, L), and this sketch has explicit features; use the low-rank-eigen solver");
        }
        RidgeFilter ridge = (RidgeFilter) filter;
        int m = features.size();
        int d = output.outputs();
        int sets = scheme.validationFolds() + 1;
        long reserve = bytes(m, d, sets, filter.pathLength());
        DeviceMemory.require(device, reserve + DevicePasses.bytes(m, rows.dimension(), d,
                CardKernel.of(features).isPresent(), rows.size()), "falkon's m x m factors and vectors for m = " + m);
        try (DevicePasses passes = DevicePasses.open(device, features, rows, encode, scheme, d, reserve, keepRows,
                timings);
                Solver solver = new Solver(features, passes, scheme, output, ridge, timings)) {
            Matrix[][] weights = solver.ridgePath();
            SquaredErrors[][] validation = solver.validate(weights);
            return new SketchSelection.Result(validation, weights[sets - 1], solver.rows(sets - 1));
        }
    }

    /** One fit's device state. */
    private final class Solver implements AutoCloseable {
        private final SketchFeatures features;
        private final DevicePasses passes;
        private final FoldScheme scheme;
        private final OutputSpectrum output;
        private final RidgeFilter filter;
        private final StreamTimings timings;
        private final Device.Stream s;
        private final int m;
        private final int d;
        private final int folds;
        private final int sets;
        private final Matrix[] cross;
        private final List<DeviceBuffer> owned = new ArrayList<>();
        private DeviceBuffer metric;
        private DeviceBuffer lower;

        Solver(SketchFeatures features, DevicePasses passes, FoldScheme scheme, OutputSpectrum output,
                RidgeFilter filter, StreamTimings timings) {
            this.features = features;
            this.passes = passes;
            this.scheme = scheme;
            this.output = output;
            this.filter = filter;
            this.timings = timings;
            this.s = passes.stream();
            this.m = features.size();
            this.d = output.outputs();
            this.folds = scheme.validationFolds();
            this.sets = folds + 1;
            this.cross = crossPass();
            for (int f = 0; f < folds; f++) {
                if (passes.count(f) == 0) {
                    throw new IllegalArgumentException("validation fold " + (f + 1) + " of " + folds + " has no rows ("
                            + scheme.describe() + "): use fewer folds or more rows");
                }
            }
            long start = System.nanoTime();
            metric = metric();
            lower = choleskyWithJitter();
            timings.solve(System.nanoTime() - start);
        }

        private DeviceBuffer own(DeviceBuffer b) {
            owned.add(b);
            return b;
        }

        private DeviceBuffer allocate(long doubles, String what) {
            return own(device.allocate(Math.max(1, doubles), what));
        }

        /** Per group, {@code Phi_g^T Y_g} (m x d), in one pass. */
        private Matrix[] crossPass() {
            int groups = scheme.groups();
            int width = groups * d;
            DeviceBuffer sums = allocate((long) m * width, "the per-fold cross sums");
            DeviceBuffer spread = allocate((long) passes.chunk() * width, "a chunk of targets by fold");
            device.fill(sums, (long) m * width, 0.0, s);
            passes.pass((phi, ldphi, y, ldy, rowGroups, rows) -> {
                device.spreadGroups(s, rows, d, groups, y, ldy, rowGroups, spread, rows);
                device.gemm(s, true, false, m, width, rows, 1.0, phi, ldphi, spread, rows, 1.0, sums, m);
            });
            double[] all = new double[m * width];
            device.read(sums, all, 0, all.length);
            Matrix[] out = new Matrix[groups];
            for (int g = 0; g < groups; g++) {
                out[g] = new Matrix(m, d, java.util.Arrays.copyOfRange(all, g * m * d, (g + 1) * m * d));
            }
            return out;
        }

        /** Training set s: every group but validation fold s, or all groups for s = folds. */
        private boolean[] groups(int set) {
            return scheme.trainingGroups(set == folds ? -1 : set);
        }

        long rows(int set) {
            boolean[] in = groups(set);
            long n = 0;
            for (int g = 0; g < in.length; g++) {
                n += in[g] ? passes.count(g) : 0;
            }
            if (n == 0) {
                throw new IllegalArgumentException("a training set has no rows: use fewer folds or more rows");
            }
            return n;
        }

        private Matrix cross(int set) {
            boolean[] in = groups(set);
            Matrix sum = Matrix.zeros(m, d);
            for (int g = 0; g < in.length; g++) {
                if (in[g]) {
                    sum = sum.plus(cross[g]);
                }
            }
            return sum;
        }

        /** M = k(L, L) on the device. */
        private DeviceBuffer metric() {
            DeviceBuffer mm = allocate((long) m * m, "the metric k(L, L)");
            java.util.Optional<CardKernel> card = CardKernel.of(features);
            if (card.isPresent()) {
                Matrix l = CardKernel.landmarks(features);
                int p = l.cols();
                try (DeviceBuffer marks = device.allocate((long) m * p, "the landmarks")) {
                    device.write(l.data(), 0, marks, m * p);
                    card.get().block(device, s, m, m, p, marks, m, marks, m, mm, m);
                    device.synchronize(s);
                }
            } else {
                Matrix host = features.metric().orElseThrow().copy().symmetrize();
                device.write(host.data(), 0, mm, m * m);
            }
            return mm;
        }

        /** The lower Cholesky factor of M + eps·m·max(diag M)·I, the jitter grown tenfold until M is definite. */
        private DeviceBuffer choleskyWithJitter() {
            DeviceBuffer diagonal = allocate(m, "the metric's diagonal");
            device.copyStrided(m, metric, m + 1, diagonal, 1, s);
            double[] diag = new double[m];
            device.read(diagonal, diag, 0, m);
            double max = 0;
            for (double v : diag) {
                max = Math.max(max, v);
            }
            double jitter = EPSILON * m * Math.max(max, Double.MIN_NORMAL);
            DeviceBuffer factor = allocate((long) m * m, "the metric's Cholesky factor");
            for (int attempt = 0; attempt < 12; attempt++, jitter *= 10) {
                device.copy(metric, factor, (long) m * m, s);
                device.addDiagonal(s, m, factor, m, jitter);
                if (device.potrf(s, m, factor, m) == 0) {
                    device.zeroUpper(s, m, factor, m);
                    return factor;
                }
            }
            throw new IllegalArgumentException("the sketch's metric k(L, L) is not positive semi-definite (no "
                    + "Cholesky factor even with a jitter of " + jitter + ")");
        }

        Matrix[][] ridgePath() {
            int points = filter.pathLength();
            double[] a = output.values();
            Matrix[][] rotated = new Matrix[sets][points];
            Matrix[] rhs = new Matrix[sets];
            for (int set = 0; set < sets; set++) {
                rhs[set] = output.rotate(cross(set), host);
                for (int j = 0; j < points; j++) {
                    rotated[set][j] = Matrix.zeros(m, d);
                }
            }
            long start = System.nanoTime();
            DeviceBuffer ttT = allocate((long) m * m, "T T^T / m");
            device.gemm(s, true, false, m, m, m, 1.0 / m, lower, m, lower, m, 0.0, ttT, m);
            device.synchronize(s);
            timings.solve(System.nanoTime() - start);
            List<Double> shifts = RidgeColumn.shifts(filter, a);
            long factorBytes = 8L * m * m;
            int perGroup = (int) Math.max(1, Math.min(shifts.size(), (device.freeBytes() - DeviceMemory.headroom(device)
                    - 8L * 10 * m * (long) sets * points * d) / factorBytes));
            for (int from = 0; from < shifts.size(); from += perGroup) {
                double[] values = shifts.subList(from, Math.min(shifts.size(), from + perGroup)).stream()
                        .mapToDouble(Double::doubleValue).toArray();
                start = System.nanoTime();
                DeviceBuffer[] factors = new DeviceBuffer[values.length];
                try {
                    for (int q = 0; q < values.length; q++) {
                        factors[q] = device.allocate((long) m * m, "a preconditioner factor");
                        device.copy(ttT, factors[q], (long) m * m, s);
                        device.addDiagonal(s, m, factors[q], m, values[q]);
                        if (device.potrf(s, m, factors[q], m) != 0) {
                            throw new IllegalStateException("the preconditioner T T^T/m + " + values[q]
                                    + " I is not definite");
                        }
                    }
                    timings.solve(System.nanoTime() - start);
                    List<RidgeColumn> columns = RidgeColumn.of(sets, filter, a, values, this::rows);
                    double[] x = solveColumns(columns, rhs, factors);
                    for (int k = 0; k < columns.size(); k++) {
                        RidgeColumn col = columns.get(k);
                        System.arraycopy(x, k * m, rotated[col.set()][col.point()].data(), col.output() * m, m);
                    }
                } finally {
                    for (DeviceBuffer f : factors) {
                        if (f != null) {
                            f.close();
                        }
                    }
                }
            }
            Matrix[][] weights = new Matrix[sets][points];
            for (int set = 0; set < sets; set++) {
                for (int j = 0; j < points; j++) {
                    weights[set][j] = output.rotateBack(rotated[set][j], host);
                }
            }
            return weights;
        }

        /** The (iterated) Tikhonov solves of a group of columns; their solutions, column after column. */
        private double[] solveColumns(List<RidgeColumn> columns, Matrix[] rhs, DeviceBuffer[] factors) {
            int count = columns.size();
            double[] b = new double[m * count];
            for (int k = 0; k < count; k++) {
                RidgeColumn col = columns.get(k);
                System.arraycopy(rhs[col.set()].data(), col.output() * m, b, k * m, m);
            }
            try (DeviceBuffer previous = device.allocate((long) m * count, "the previous solutions");
                    DeviceBuffer right = device.allocate((long) m * count, "the right-hand sides");
                    DeviceBuffer product = device.allocate((long) m * count, "M times the previous solutions");
                    DeviceBuffer mu = device.allocate(count, "the shifts")) {
                double[] mus = new double[count];
                for (int k = 0; k < count; k++) {
                    mus[k] = columns.get(k).mu();
                }
                device.write(mus, 0, mu, count);
                for (int solve = 0; solve < filter.iterations(); solve++) {
                    device.write(b, 0, right, m * count);
                    if (solve > 0) {
                        device.gemm(s, false, false, m, count, m, 1.0, metric, m, previous, m, 0.0, product, m);
                        device.columnAxpy(s, m, count, mu, product, m, right, m);
                    }
                    new Cg(columns, factors).run(right, previous);
                }
                double[] x = new double[m * count];
                device.read(previous, x, 0, m * count);
                return x;
            }
        }

        /** Preconditioned conjugate gradients of a group of columns, the moving ones packed to the left. */
        private final class Cg {
            private final List<RidgeColumn> columns;
            private final DeviceBuffer[] factors;

            Cg(List<RidgeColumn> columns, DeviceBuffer[] factors) {
                this.columns = columns;
                this.factors = factors;
            }

            /** Solves every column of {@code b} (m x count) into {@code result} (m x count). */
            void run(DeviceBuffer b, DeviceBuffer result) {
                int count = columns.size();
                long size = (long) m * count;
                try (DeviceBuffer x = device.allocate(size, "CG iterates");
                        DeviceBuffer r = device.allocate(size, "CG residuals");
                        DeviceBuffer z = device.allocate(size, "CG preconditioned residuals");
                        DeviceBuffer pv = device.allocate(size, "CG directions");
                        DeviceBuffer hp = device.allocate(size, "CG products");
                        DeviceBuffer mp = device.allocate(size, "M times the directions");
                        DeviceBuffer w = device.allocate(size, "CG work");
                        DeviceBuffer scalars = device.allocate(2L * count, "CG scalars")) {
                    device.fill(result, size, 0.0, s);
                    device.fill(x, size, 0.0, s);
                    device.copy(b, r, size, s);
                    double[] bNorm = norms(r, count, scalars);
                    int[] moving = new int[count];
                    int live = 0;
                    for (int k = 0; k < count; k++) {
                        if (bNorm[k] != 0) {
                            moving[live] = k;
                            if (live != k) {
                                device.copy(r.at((long) k * m), r.at((long) live * m), m, s);
                            }
                            bNorm[live] = bNorm[k];
                            live++;
                        }
                    }
                    if (live == 0) {
                        return;
                    }
                    precondition(r, z, w, moving, live, scalars);
                    device.copy(z, pv, (long) m * live, s);
                    double[] rz = dots(r, z, live, scalars);
                    for (int it = 0; it < iterations; it++) {
                        applySystem(pv, hp, mp, moving, live, scalars);
                        double[] pHp = dots(pv, hp, live, scalars);
                        double[] step = new double[live];
                        double[] minus = new double[live];
                        for (int i = 0; i < live; i++) {
                            step[i] = rz[i] / pHp[i];
                            minus[i] = -step[i];
                        }
                        device.write(step, 0, scalars, live);
                        device.columnAxpy(s, m, live, scalars, pv, m, x, m);
                        device.write(minus, 0, scalars, live);
                        device.columnAxpy(s, m, live, scalars, hp, m, r, m);
                        double[] rNorm = norms(r, live, scalars);
                        int kept = 0;
                        for (int i = 0; i < live; i++) {
                            if (rNorm[i] <= tolerance * bNorm[i]) {
                                device.copy(x.at((long) i * m), result.at((long) moving[i] * m), m, s);
                            } else {
                                if (kept != i) {
                                    device.copy(x.at((long) i * m), x.at((long) kept * m), m, s);
                                    device.copy(r.at((long) i * m), r.at((long) kept * m), m, s);
                                    device.copy(pv.at((long) i * m), pv.at((long) kept * m), m, s);
                                }
                                moving[kept] = moving[i];
                                rz[kept] = rz[i];
                                bNorm[kept] = bNorm[i];
                                kept++;
                            }
                        }
                        live = kept;
                        if (live == 0) {
                            break;
                        }
                        precondition(r, z, w, moving, live, scalars);
                        double[] next = dots(r, z, live, scalars);
                        double[] beta = new double[live];
                        for (int i = 0; i < live; i++) {
                            beta[i] = next[i] / rz[i];
                            rz[i] = next[i];
                        }
                        device.write(beta, 0, scalars, live);
                        device.columnXpby(s, m, live, z, m, scalars, pv, m);
                    }
                    for (int i = 0; i < live; i++) {
                        device.copy(x.at((long) i * m), result.at((long) moving[i] * m), m, s);
                    }
                    device.synchronize(s);
                }
            }

            /** {@code (Phi_s^T Phi_s + mu M) p} for the live columns, the pass shared by every set. */
            private void applySystem(DeviceBuffer pv, DeviceBuffer hp, DeviceBuffer mp, int[] moving, int live,
                    DeviceBuffer scalars) {
                double[] sets = new double[live];
                double[] mu = new double[live];
                for (int i = 0; i < live; i++) {
                    RidgeColumn col = columns.get(moving[i]);
                    sets[i] = col.set() < folds ? col.set() : -1;
                    mu[i] = col.mu();
                }
                long start = System.nanoTime();
                try (DeviceBuffer columnSets = device.allocate(live, "the columns' sets");
                        DeviceBuffer product = device.allocate((long) passes.chunk() * live, "a chunk's products")) {
                    device.write(sets, 0, columnSets, live);
                    device.fill(hp, (long) m * live, 0.0, s);
                    passes.pass((phi, ldphi, y, ldy, rowGroups, rows) -> {
                        device.gemm(s, false, false, rows, live, m, 1.0, phi, ldphi, pv, m, 0.0, product, rows);
                        device.maskGroups(s, rows, live, product, rows, rowGroups, columnSets);
                        device.gemm(s, true, false, m, live, rows, 1.0, phi, ldphi, product, rows, 1.0, hp, m);
                    });
                    device.gemm(s, false, false, m, live, m, 1.0, metric, m, pv, m, 0.0, mp, m);
                    device.write(mu, 0, scalars, live);
                    device.columnAxpy(s, m, live, scalars, mp, m, hp, m);
                    device.synchronize(s);
                }
                timings.products(System.nanoTime() - start);
            }

            /** z = (1/n_s) T^-1 G^-T G^-1 T^-T r for the live columns, T = lower^T. */
            private void precondition(DeviceBuffer r, DeviceBuffer z, DeviceBuffer w, int[] moving, int live,
                    DeviceBuffer scalars) {
                device.copy(r, z, (long) m * live, s);
                device.trsm(s, true, true, false, m, live, 1.0, lower, m, z, m);
                for (int q = 0; q < factors.length; q++) {
                    List<Integer> mine = new ArrayList<>();
                    for (int i = 0; i < live; i++) {
                        if (columns.get(moving[i]).factor() == q) {
                            mine.add(i);
                        }
                    }
                    if (mine.isEmpty()) {
                        continue;
                    }
                    if (mine.size() == live) {
                        device.trsm(s, true, true, false, m, live, 1.0, factors[q], m, z, m);
                        device.trsm(s, true, true, true, m, live, 1.0, factors[q], m, z, m);
                        continue;
                    }
                    for (int i = 0; i < mine.size(); i++) {
                        device.copy(z.at((long) mine.get(i) * m), w.at((long) i * m), m, s);
                    }
                    device.trsm(s, true, true, false, m, mine.size(), 1.0, factors[q], m, w, m);
                    device.trsm(s, true, true, true, m, mine.size(), 1.0, factors[q], m, w, m);
                    for (int i = 0; i < mine.size(); i++) {
                        device.copy(w.at((long) i * m), z.at((long) mine.get(i) * m), m, s);
                    }
                }
                device.trsm(s, true, true, true, m, live, 1.0, lower, m, z, m);
                double[] scale = new double[live];
                for (int i = 0; i < live; i++) {
                    scale[i] = 1.0 / rows(columns.get(moving[i]).set());
                }
                device.write(scale, 0, scalars, live);
                device.columnScale(s, m, live, scalars, z, m);
            }

            private double[] dots(DeviceBuffer a, DeviceBuffer b, int live, DeviceBuffer scalars) {
                device.columnDots(s, m, live, a, m, b, m, scalars);
                double[] out = new double[live];
                device.read(scalars, out, 0, live);
                return out;
            }

            private double[] norms(DeviceBuffer a, int live, DeviceBuffer scalars) {
                double[] out = dots(a, a, live, scalars);
                for (int i = 0; i < live; i++) {
                    out[i] = Math.sqrt(out[i]);
                }
                return out;
            }
        }

        /** The squared errors of every validation fold at every path point, in one pass. */
        SquaredErrors[][] validate(Matrix[][] weights) {
            SquaredErrors[][] out = new SquaredErrors[folds][];
            if (folds == 0) {
                return out;
            }
            int points = weights[0].length;
            int width = folds * points * d;
            double[] stacked = new double[m * width];
            double[] columnGroups = new double[width];
            double[] columnOutputs = new double[width];
            for (int f = 0; f < folds; f++) {
                for (int j = 0; j < points; j++) {
                    int col = (f * points + j) * d;
                    System.arraycopy(weights[f][j].data(), 0, stacked, col * m, m * d);
                    for (int c = 0; c < d; c++) {
                        columnGroups[col + c] = f;
                        columnOutputs[col + c] = c;
                    }
                }
            }
            double[] errors = new double[width];
            try (DeviceBuffer b = device.allocate((long) m * width, "the validation weights");
                    DeviceBuffer groups = device.allocate(width, "the columns' folds");
                    DeviceBuffer outputs = device.allocate(width, "the columns' outputs");
                    DeviceBuffer sums = device.allocate(width, "the squared errors");
                    DeviceBuffer product = device.allocate((long) passes.chunk() * width, "a chunk's predictions")) {
                device.write(stacked, 0, b, m * width);
                device.write(columnGroups, 0, groups, width);
                device.write(columnOutputs, 0, outputs, width);
                device.fill(sums, width, 0.0, s);
                passes.pass((phi, ldphi, y, ldy, rowGroups, rows) -> {
                    device.gemm(s, false, false, rows, width, m, 1.0, phi, ldphi, b, m, 0.0, product, rows);
                    device.groupResiduals(s, rows, width, product, rows, y, ldy, rowGroups, groups, outputs, sums);
                });
                device.read(sums, errors, 0, width);
            }
            for (int f = 0; f < folds; f++) {
                out[f] = new SquaredErrors[points];
                long[] count = new long[d];
                java.util.Arrays.fill(count, passes.count(f));
                for (int j = 0; j < points; j++) {
                    double[] e = java.util.Arrays.copyOfRange(errors, (f * points + j) * d, (f * points + j + 1) * d);
                    out[f][j] = new SquaredErrors(count, e, passes.outputSums(f), passes.outputSquares(f));
                }
            }
            return out;
        }

        @Override
        public void close() {
            device.synchronize(s);
            for (DeviceBuffer b : owned) {
                b.close();
            }
        }
    }
}
