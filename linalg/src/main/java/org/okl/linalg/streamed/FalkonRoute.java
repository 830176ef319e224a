package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.Frobenius;
import org.okl.linalg.SpectralRadius;
import org.okl.linalg.parallel.Workers;

/**
 * Falkon (Rudi, Carratino and Rosasco 2017) for sketches with many features: no m x m sum per fold and no m x m
 * eigendecomposition, but conjugate gradients whose every iteration is one blocked pass over the rows
 * ({@link FalkonPasses#apply}, every fold's training set and all rows in the same pass), preconditioned by Cholesky
 * factors of the sketch's metric M = k(L, L).
 *
 * <p><b>Ridge filters</b> (Tikhonov, iterated Tikhonov; {@link RidgeFilter}). In A's eigenbasis the separable
 * problem decouples per output direction c: {@code (Phi^T Phi + mu M) beta_c = Phi^T y_c} with
 * {@code mu = n·lambda/a_c} (n the training set's rows), which is the sketched kernel ridge of CONVENTIONS; iterated
 * Tikhonov solves it t times with right-hand side {@code Phi^T y_c + mu M beta_c(i-1)}. With {@code M + eps I =
 * T^T T} (T upper, eps = 2.2e-16·m·max M_ii) and {@code T T^T / m + (lambda/a_c) I = G G^T}, the preconditioner is
 * {@code (1/n) T^-1 G^-T G^-1 T^-T}, which inverts {@code Phi^T Phi + mu M} when {@code Phi^T Phi ≈ (n/m) M²}
 * (uniform landmarks). CG stops at a relative residual of {@code tolerance} or after {@code iterations}; the
 * solution is that of the system whatever the preconditioner, so it equals the eigen route's to the tolerance.
 *
 * <p><b>Iterative filters</b> (Landweber, nu-method, or a plugin's): early-stopped passes. The filter runs in the
 * whitened features {@code z = T^-T phi} on the operator {@code W -> (Z^T Z) W A} with targets {@code Z^T Y} (see
 * {@link IterativeFilter}), one pass per iteration, after s_max by Lanczos (one pass per step); the weights of
 * iterate W are {@code T^-1 W A}. Every training set runs in lockstep on its own thread.
 *
 * <p>Validation errors of every fold and path point come from one more pass. Truncated SVD needs the eigenvectors
 * of the m x m system and is refused; so are sketches without a metric (explicit features).
 *
 * <p>The passes ({@link FalkonPasses}) run where the rows are: on this machine, or on a cluster's workers, which
 * send back m x d sums; everything else runs here. Weighted rows (a cluster's weight column) solve the weighted
 * problem with the weights rescaled to mean 1 per training set, as {@link FoldAggregates} says.
 */
public final class FalkonRoute implements SketchRoute {
    /** Falkon's jitter: the double-precision machine epsilon, times m and the largest diagonal entry of M. */
    static final double EPSILON = 2.220446049250313e-16;
    /** The share of the maximum heap the preconditioners of one group of lambdas may take. */
    private static final double FACTOR_SHARE = 0.25;

    private final LinearAlgebra la;
    private final int blockRows;
    private final int iterations;
    private final double tolerance;
    private final Workers workers;

    /**
     * A route whose passes on this machine run on the process's threads ({@link Workers#shared()}).
     *
     * @param linearAlgebra the back-end
     * @param blockRows     the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     * @param iterations    the most CG iterations (passes) per solve
     * @param tolerance     the relative residual at which CG stops
     */
    public FalkonRoute(LinearAlgebra linearAlgebra, int blockRows, int iterations, double tolerance) {
        this(linearAlgebra, blockRows, iterations, tolerance, Workers.shared());
    }

    /**
     * @param linearAlgebra the back-end
     * @param blockRows     the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     * @param iterations    the most CG iterations (passes) per solve
     * @param tolerance     the relative residual at which CG stops
     * @param workers       the threads of the passes on this machine
     */
    public FalkonRoute(LinearAlgebra linearAlgebra, int blockRows, int iterations, double tolerance,
            Workers workers) {
        if (iterations < 1 || !(tolerance > 0)) {
            throw new IllegalArgumentException("falkon needs iterations >= 1 and tolerance > 0, got " + iterations
                    + " and " + tolerance);
        }
        this.la = linearAlgebra;
        this.blockRows = blockRows;
        this.iterations = iterations;
        this.tolerance = tolerance;
        this.workers = workers;
    }

    /**
     * The bytes Falkon holds at least for m features, d outputs, the given groups and path length: M, its factor,
     * T T^T/m and one preconditioner (m x m each), the weights and CG vectors, and a kernel block with its product.
     */
    public static long bytes(int features, int outputs, int groups, int pathLength, int blockRows) {
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features);
        long m = features;
        long columns = (long) (groups + 1) * pathLength * outputs;
        return 8L * (4 * m * m + (long) (groups + 1) * (pathLength + 6) * m * outputs + 2L * chunk * m
                + (long) chunk * columns);
    }

    /** The most conjugate-gradient iterations (passes over the rows) per solve. */
    public int iterations() {
        return iterations;
    }

    /** The relative residual at which conjugate gradients stop. */
    public double tolerance() {
        return tolerance;
    }

    @Override
    public SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        return fit(features, FalkonPasses.local(rows, encode, output.outputs(), context(features, scheme, timings)),
                scheme, output, filter, timings);
    }

    /** Falkon's passes made where the rows are held, with this route's kernel blocks; the solve here. */
    @Override
    public Optional<SketchSelection.Result> fitHeld(SketchFeatures features, HeldRows rows, FoldScheme scheme,
            OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        PassContext context = context(features, scheme, timings);
        return Optional.of(fit(features, rows.falkonPasses(context.chunkRows(), timings), scheme, output, filter,
                timings));
    }

    /** The context of this route's passes on this machine: its kernel blocks' size, back-end and threads. */
    public PassContext context(SketchFeatures features, FoldScheme scheme, StreamTimings timings) {
        return new PassContext(features, scheme, blockRows > 0 ? blockRows
                : BlockAccumulator.defaultChunkRows(features.size()), la, timings, workers);
    }

    /**
     * Fits every training set of the scheme with the passes made where the rows are ({@link FalkonPasses}: on this
     * machine, or a cluster's workers); the solve runs here.
     */
    public SketchSelection.Result fit(SketchFeatures features, FalkonPasses passes, FoldScheme scheme,
            OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        Matrix metric = features.metric().orElseThrow(() -> new IllegalArgumentException("falkon preconditions with "
                + "the Cholesky factor of the sketch's metric k(L, L), and this sketch has explicit features; use "
                + "the low-rank-eigen solver"));
        boolean ridge = filter instanceof RidgeFilter;
        if (!ridge && filter.iterative().isEmpty()) {
            throw new IllegalArgumentException("falkon fits ridge filters (tikhonov, iterated-tikhonov) by conjugate "
                    + "gradients and iterative ones (landweber, nu-method) as passes; '" + filter.getClass()
                    .getSimpleName() + "' needs the eigenvectors of the m x m system: use the low-rank-eigen solver");
        }
        Sums sums = new Sums(scheme, passes.cross());
        for (int f = 0; f < scheme.validationFolds(); f++) {
            if (sums.groupRows(f) == 0) {
                throw new IllegalArgumentException("validation fold " + (f + 1) + " of " + scheme.validationFolds()
                        + " has no rows (" + scheme.describe() + "): use fewer folds or more rows");
            }
        }
        long start = System.nanoTime();
        Matrix lower = choleskyWithJitter(metric);
        timings.solve(System.nanoTime() - start);
        Gram pass = new Gram(passes, sums);
        Matrix[][] weights = ridge ? ridgePath((RidgeFilter) filter, metric, lower, sums, pass, output, timings)
                : iterativePath(filter.iterative().get(), filter.pathLength(), lower, sums, pass, output, timings);
        SquaredErrors[][] validation = passes.validate(weights);
        return new SketchSelection.Result(validation, weights[pass.sets() - 1], sums.rows(pass.sets() - 1));
    }

    /** The lower Cholesky factor of M + eps·m·max(diag M)·I, the jitter grown tenfold until M is definite. */
    private Matrix choleskyWithJitter(Matrix metric) {
        int m = metric.rows();
        double max = 0;
        for (int i = 0; i < m; i++) {
            max = Math.max(max, metric.get(i, i));
        }
        double jitter = EPSILON * m * Math.max(max, Double.MIN_NORMAL);
        for (int attempt = 0; attempt < 12; attempt++, jitter *= 10) {
            var factor = la.cholesky(metric.copy().symmetrize().addToDiagonal(jitter));
            if (factor.isPresent()) {
                return factor.get();
            }
        }
        throw new IllegalArgumentException("the sketch's metric k(L, L) is not positive semi-definite (no Cholesky "
                + "factor even with a jitter of " + jitter + ")");
    }

    private Matrix[][] ridgePath(RidgeFilter filter, Matrix metric, Matrix lower, Sums sums, Gram pass,
            OutputSpectrum output, StreamTimings timings) {
        int sets = pass.sets();
        int points = filter.pathLength();
        int d = output.outputs();
        int m = metric.rows();
        double[] a = output.values();
        Matrix[][] rotated = new Matrix[sets][points];
        Matrix[] rhs = new Matrix[sets];
        for (int s = 0; s < sets; s++) {
            rhs[s] = output.rotate(sums.cross(s), la);
            for (int j = 0; j < points; j++) {
                rotated[s][j] = Matrix.zeros(m, d);
            }
        }
        long start = System.nanoTime();
        Matrix ttT = la.multiply(lower, true, lower, false).times(1.0 / m);
        timings.solve(System.nanoTime() - start);
        List<Double> shifts = RidgeColumn.shifts(filter, a);
        long factorBytes = 8L * m * m;
        int perGroup = (int) Math.max(1, Math.min(shifts.size(),
                (long) (FACTOR_SHARE * Runtime.getRuntime().maxMemory()) / factorBytes));
        for (int from = 0; from < shifts.size(); from += perGroup) {
            double[] values = shifts.subList(from, Math.min(shifts.size(), from + perGroup)).stream()
                    .mapToDouble(Double::doubleValue).toArray();
            start = System.nanoTime();
            Matrix[] factors = new Matrix[values.length];
            for (int q = 0; q < values.length; q++) {
                double shift = values[q];
                factors[q] = la.cholesky(ttT.copy().addToDiagonal(shift)).orElseThrow(() ->
                        new IllegalStateException("the preconditioner T T^T/m + " + shift + " I is not definite"));
            }
            timings.solve(System.nanoTime() - start);
            List<RidgeColumn> columns = RidgeColumn.of(sets, filter, a, values, sums::rows);
            Matrix[] previous = new Matrix[columns.size()];
            for (int solve = 0; solve < filter.iterations(); solve++) {
                Matrix[] b = new Matrix[columns.size()];
                for (int k = 0; k < b.length; k++) {
                    RidgeColumn col = columns.get(k);
                    Matrix bk = rhs[col.set()].columnRange(col.output(), col.output() + 1);
                    if (previous[k] != null) {
                        bk = bk.plus(la.multiply(metric, previous[k]).times(col.mu()));
                    }
                    b[k] = bk;
                }
                previous = conjugateGradients(columns, b, metric, lower, factors, sums, pass);
            }
            for (int k = 0; k < columns.size(); k++) {
                RidgeColumn col = columns.get(k);
                System.arraycopy(previous[k].data(), 0, rotated[col.set()][col.point()].data(), col.output() * m, m);
            }
        }
        Matrix[][] weights = new Matrix[sets][points];
        for (int s = 0; s < sets; s++) {
            for (int j = 0; j < points; j++) {
                weights[s][j] = output.rotateBack(rotated[s][j], la);
            }
        }
        return weights;
    }


    /** Preconditioned CG on every column at once: one pass per iteration for all columns still moving. */
    private Matrix[] conjugateGradients(List<RidgeColumn> columns, Matrix[] b, Matrix metric, Matrix lower,
            Matrix[] factors, Sums sums, Gram pass) {
        int count = columns.size();
        int m = metric.rows();
        Matrix[] x = new Matrix[count];
        Matrix[] r = new Matrix[count];
        Matrix[] z = new Matrix[count];
        Matrix[] p = new Matrix[count];
        double[] rz = new double[count];
        double[] bNorm = new double[count];
        boolean[] done = new boolean[count];
        for (int k = 0; k < count; k++) {
            x[k] = Matrix.zeros(m, 1);
            r[k] = b[k].copy();
            bNorm[k] = Frobenius.norm(b[k]);
            done[k] = bNorm[k] == 0;
        }
        precondition(columns, r, z, lower, factors, sums, done);
        for (int k = 0; k < count; k++) {
            if (!done[k]) {
                p[k] = z[k].copy();
                rz[k] = Frobenius.dot(r[k], z[k]);
            }
        }
        for (int it = 0; it < iterations; it++) {
            Matrix[] hp = applySystem(columns, p, metric, pass, done);
            boolean moving = false;
            for (int k = 0; k < count; k++) {
                if (done[k]) {
                    continue;
                }
                double step = rz[k] / Frobenius.dot(p[k], hp[k]);
                Frobenius.axpy(step, p[k], x[k]);
                Frobenius.axpy(-step, hp[k], r[k]);
                if (Frobenius.norm(r[k]) <= tolerance * bNorm[k]) {
                    done[k] = true;
                } else {
                    moving = true;
                }
            }
            if (!moving) {
                break;
            }
            precondition(columns, r, z, lower, factors, sums, done);
            for (int k = 0; k < count; k++) {
                if (!done[k]) {
                    double next = Frobenius.dot(r[k], z[k]);
                    double beta = next / rz[k];
                    rz[k] = next;
                    double[] pd = p[k].data();
                    double[] zd = z[k].data();
                    for (int i = 0; i < pd.length; i++) {
                        pd[i] = zd[i] + beta * pd[i];
                    }
                }
            }
        }
        return x;
    }

    /** {@code (Phi_s^T Phi_s + mu M) p} for every moving column, the pass shared. */
    private Matrix[] applySystem(List<RidgeColumn> columns, Matrix[] p, Matrix metric, Gram pass,
            boolean[] done) {
        int sets = pass.sets();
        List<List<Integer>> bySet = new ArrayList<>();
        for (int s = 0; s < sets; s++) {
            bySet.add(new ArrayList<>());
        }
        for (int k = 0; k < columns.size(); k++) {
            if (!done[k]) {
                bySet.get(columns.get(k).set()).add(k);
            }
        }
        Matrix[] requests = new Matrix[sets];
        for (int s = 0; s < sets; s++) {
            requests[s] = stack(bySet.get(s), p);
        }
        Matrix[] products = pass.apply(requests);
        Matrix[] out = new Matrix[columns.size()];
        for (int s = 0; s < sets; s++) {
            List<Integer> ks = bySet.get(s);
            if (ks.isEmpty()) {
                continue;
            }
            Matrix mp = la.multiply(metric, requests[s]);
            for (int i = 0; i < ks.size(); i++) {
                int k = ks.get(i);
                out[k] = products[s].columnRange(i, i + 1).plus(mp.columnRange(i, i + 1).times(columns.get(k).mu()));
            }
        }
        return out;
    }

    /** z = (1/n_s) T^-1 G^-T G^-1 T^-T r per moving column, T = lower^T. */
    private void precondition(List<RidgeColumn> columns, Matrix[] r, Matrix[] z, Matrix lower, Matrix[] factors,
            Sums sums, boolean[] done) {
        List<Integer> moving = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            if (!done[k]) {
                moving.add(k);
            }
        }
        if (moving.isEmpty()) {
            return;
        }
        Matrix u = la.triangularSolve(lower, true, false, stack(moving, r));
        Matrix w = Matrix.zeros(u.rows(), u.cols());
        for (int q = 0; q < factors.length; q++) {
            List<Integer> cols = new ArrayList<>();
            for (int i = 0; i < moving.size(); i++) {
                if (columns.get(moving.get(i)).factor() == q) {
                    cols.add(i);
                }
            }
            if (cols.isEmpty()) {
                continue;
            }
            Matrix part = u.selectColumns(cols.stream().mapToInt(Integer::intValue).toArray());
            Matrix solved = la.triangularSolve(factors[q], true, true, la.triangularSolve(factors[q], true, false,
                    part));
            for (int i = 0; i < cols.size(); i++) {
                System.arraycopy(solved.data(), i * u.rows(), w.data(), cols.get(i) * u.rows(), u.rows());
            }
        }
        Matrix y = la.triangularSolve(lower, true, true, w);
        for (int i = 0; i < moving.size(); i++) {
            int k = moving.get(i);
            z[k] = y.columnRange(i, i + 1).times(1.0 / sums.rows(columns.get(k).set()));
        }
    }

    private Matrix[][] iterativePath(IterativeFilter filter, int points, Matrix lower, Sums sums,
            Gram pass, OutputSpectrum output, StreamTimings timings) {
        int sets = pass.sets();
        int m = lower.rows();
        int d = output.outputs();
        Matrix a = output.vectors() == null ? null : la.multiply(la.multiply(output.vectors(),
                Matrix.diagonal(output.values())), false, output.vectors(), true);
        Matrix[][] weights = new Matrix[sets][points];
        Lockstep lockstep = new Lockstep(pass.sets(), pass::apply);
        lockstep.run(s -> {
            UnaryOperator<Matrix> whitenedGram = w -> la.triangularSolve(lower, true, false,
                    lockstep.apply(s, la.triangularSolve(lower, true, true, w)));
            double top = SpectralRadius.largestEigenvalue(whitenedGram, m, 1, FoldScheme.mix(s, 3), la);
            long n = sums.rows(s);
            double sMax = top * output.max() / n;
            Matrix targets = la.triangularSolve(lower, true, false, sums.cross(s));
            GramOperator gram = new GramOperator() {
                @Override
                public int size() {
                    return (int) n;
                }

                @Override
                public Matrix apply(Matrix w) {
                    return whitenedGram.apply(a == null ? w : la.multiply(w, a));
                }
            };
            filter.run(gram, targets, sMax, (index, w) -> weights[s][index] = la.triangularSolve(lower, true, true,
                    a == null ? w.copy() : la.multiply(w, a)));
        });
        for (int s = 0; s < sets; s++) {
            for (int j = 0; j < points; j++) {
                if (weights[s][j] == null) {
                    throw new IllegalStateException("the iterative filter stopped before path point " + (j + 1)
                            + " of " + points);
                }
            }
        }
        return weights;
    }

    private static Matrix stack(List<Integer> indices, Matrix[] columns) {
        if (indices.isEmpty()) {
            return null;
        }
        int m = columns[indices.get(0)].rows();
        Matrix out = Matrix.zeros(m, indices.size());
        for (int i = 0; i < indices.size(); i++) {
            System.arraycopy(columns[indices.get(i)].data(), 0, out.data(), i * m, m);
        }
        return out;
    }

    /**
     * Per training set: {@code Phi_s^T W_s Y_s} rescaled to mean weight 1 ({@link #scale}) and its rows, from the
     * per-group sums.
     */
    private static final class Sums {
        private final FoldScheme scheme;
        private final CrossSums cross;

        Sums(FoldScheme scheme, CrossSums cross) {
            this.scheme = scheme;
            this.cross = cross;
        }

        /** Training set s: every group but validation fold s, or all groups for s = folds. */
        private boolean[] groups(int set) {
            return scheme.trainingGroups(set == scheme.validationFolds() ? -1 : set);
        }

        Matrix cross(int set) {
            boolean[] in = groups(set);
            Matrix sum = null;
            for (int g = 0; g < in.length; g++) {
                if (in[g]) {
                    sum = sum == null ? cross.cross(g) : sum.plus(cross.cross(g));
                }
            }
            double c = scale(set);
            return c == 1.0 ? sum : sum.times(c);
        }

        long groupRows(int group) {
            return cross.rows(group);
        }

        long rows(int set) {
            boolean[] in = groups(set);
            long n = 0;
            for (int g = 0; g < in.length; g++) {
                n += in[g] ? cross.rows(g) : 0;
            }
            if (n == 0) {
                throw new IllegalArgumentException("a training set has no rows: use fewer folds or more rows");
            }
            return n;
        }

        /** n_s/W_s: what rescales the set's weights to mean 1 (exactly 1 without weights). */
        double scale(int set) {
            boolean[] in = groups(set);
            long n = rows(set);
            double w = 0;
            for (int g = 0; g < in.length; g++) {
                w += in[g] ? cross.weight(g) : 0;
            }
            if (w == n) {
                return 1.0;
            }
            if (!(w > 0)) {
                throw new IllegalArgumentException("a training set of " + n + " rows has total weight " + w
                        + "; it needs a positive total weight");
            }
            return n / w;
        }
    }

    /**
     * The training sets' Gram products with the weights rescaled to mean 1 per set (n_s/W_s times the weighted
     * products; exactly the products without weights).
     */
    private static final class Gram {
        private final FalkonPasses passes;
        private final Sums sums;

        Gram(FalkonPasses passes, Sums sums) {
            this.passes = passes;
            this.sums = sums;
        }

        int sets() {
            return passes.sets();
        }

        Matrix[] apply(Matrix[] v) {
            Matrix[] out = passes.apply(v);
            for (int s = 0; s < out.length; s++) {
                double c = sums.scale(s);
                if (out[s] != null && c != 1.0) {
                    out[s] = out[s].times(c);
                }
            }
            return out;
        }
    }
}
