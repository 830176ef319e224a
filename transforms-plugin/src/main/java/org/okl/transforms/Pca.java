package org.okl.transforms;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code pca}: the centred rows projected on the leading eigenvectors of their training covariance (the population
 * one, divided by n): {@code rank} of them, or as many as explain at least the fraction {@code variance} of the total
 * variance, or all of them when neither is given; with {@code whiten}, each component divided by its standard
 * deviation. The statistics are the running mean and the p x p scatter matrix, merged block by block (Chan, Golub and
 * LeVeque), so memory is O(p^2) whatever the number of rows. Each component's sign is fixed so that its entry of
 * largest magnitude is positive.
 */
final class Pca implements InputTransform {
    static final String ID = "pca";
    private final Integer rank;
    private final Double variance;
    private final boolean whiten;

    /**
     * @param rank     the number of components, or {@code null}
     * @param variance the fraction of variance to explain, or {@code null}
     * @param whiten   whether to scale components to unit variance
     */
    Pca(Integer rank, Double variance, boolean whiten) {
        if (rank != null && variance != null) {
            throw new IllegalArgumentException(ID + ": give 'rank' or 'variance', not both");
        }
        this.rank = rank;
        this.variance = variance;
        this.whiten = whiten;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema columns, ComponentContext context) {
        int p = columns.size();
        LinearAlgebra la = context.linearAlgebra();
        return new TransformStatistics() {
            private long count;
            private final double[] mean = new double[p];
            private final Matrix scatter = Matrix.zeros(p, p);

            @Override
            public void add(Matrix rows) {
                States.requireColumns(ID, rows, p);
                if (!rows.isFinite()) {
                    throw new IllegalArgumentException(ID + ": the rows hold a missing or infinite value");
                }
                int nb = rows.rows();
                if (nb == 0) {
                    return;
                }
                double[] mb = new double[p];
                double[] d = rows.data();
                for (int j = 0; j < p; j++) {
                    double s = 0;
                    for (int i = 0; i < nb; i++) {
                        s += d[j * nb + i];
                    }
                    mb[j] = s / nb;
                }
                Matrix centred = rows.copy();
                double[] c = centred.data();
                for (int j = 0; j < p; j++) {
                    for (int i = 0; i < nb; i++) {
                        c[j * nb + i] -= mb[j];
                    }
                }
                combine(nb, mb, la.innerGram(centred));
            }

            /** Adds the count, mean and scatter of other rows (Chan, Golub and LeVeque's pairwise update). */
            private void combine(long nb, double[] mb, Matrix block) {
                long total = count + nb;
                double w = (double) count * nb / total;
                double[] s = scatter.data();
                double[] g = block.data();
                for (int j = 0; j < p; j++) {
                    double dj = mb[j] - mean[j];
                    for (int i = 0; i < p; i++) {
                        s[j * p + i] += g[j * p + i] + w * (mb[i] - mean[i]) * dj;
                    }
                }
                for (int j = 0; j < p; j++) {
                    mean[j] += (mb[j] - mean[j]) * nb / total;
                }
                count = total;
            }

            /** {@code count} (1 x 1), {@code mean} (1 x p) and {@code scatter} (p x p, centred). */
            @Override
            public Optional<Map<String, Matrix>> part() {
                return Optional.of(Map.of("count", States.rowOf(new double[] {count}), "mean",
                        States.rowOf(mean.clone()), "scatter", scatter.copy()));
            }

            @Override
            public void merge(Map<String, Matrix> part) {
                double[] n = States.row(part, ID, "count");
                double[] mb = States.row(part, ID, "mean");
                Matrix block = States.require(part, ID, "scatter");
                if (n.length != 1 || mb.length != p || block.rows() != p || block.cols() != p) {
                    throw new IllegalArgumentException(ID + ": a part's arrays do not have " + p + " columns");
                }
                if (n[0] > 0) {
                    combine((long) n[0], mb, block);
                }
            }

            @Override
            public FittedTransform finish() {
                if (count == 0) {
                    throw new IllegalArgumentException(ID + ": no training rows");
                }
                Matrix covariance = scatter.times(1.0 / count).symmetrize();
                SymmetricEigen eigen = la.eigenSymmetric(covariance);
                double[] values = eigen.clampedValues();
                int r = components(values);
                Matrix vectors = eigen.vectors();
                Matrix w = Matrix.zeros(p, r);
                double[] scale = new double[r];
                for (int k = 0; k < r; k++) {
                    double[] v = vectors.columnValues(k);
                    int largest = 0;
                    for (int i = 1; i < p; i++) {
                        if (Math.abs(v[i]) > Math.abs(v[largest])) {
                            largest = i;
                        }
                    }
                    double sign = v[largest] < 0 ? -1.0 : 1.0;
                    for (int i = 0; i < p; i++) {
                        w.set(i, k, sign * v[i]);
                    }
                    scale[k] = whiten && values[k] > 0 ? 1.0 / Math.sqrt(values[k]) : 1.0;
                }
                return new Fitted(mean, w, scale, la);
            }
        };
    }

    /** The number of components to keep for these covariance eigenvalues (decreasing). */
    int components(double[] values) {
        int p = values.length;
        if (rank != null) {
            return Math.min(rank, p);
        }
        if (variance == null) {
            return p;
        }
        double total = 0;
        for (double v : values) {
            total += v;
        }
        if (!(total > 0)) {
            return 1;
        }
        double running = 0;
        for (int k = 0; k < p; k++) {
            running += values[k];
            if (running >= variance * total * (1 - 1e-12)) {
                return k + 1;
            }
        }
        return p;
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        double[] mean = States.row(state, ID, "mean");
        Matrix w = States.require(state, ID, "components");
        double[] scale = States.row(state, ID, "scale");
        if (w.rows() != mean.length || w.cols() != scale.length) {
            throw new IllegalArgumentException(ID + ": stored arrays 'mean', 'components' and 'scale' disagree");
        }
        return new Fitted(mean, w, scale, context.linearAlgebra());
    }

    /** The fitted projection: mean, components (p x r) and per-component scale. */
    private static final class Fitted implements FittedTransform {
        private final double[] mean;
        private final Matrix components;
        private final double[] scale;
        private final LinearAlgebra la;

        Fitted(double[] mean, Matrix components, double[] scale, LinearAlgebra la) {
            this.mean = mean.clone();
            this.components = components.copy();
            this.scale = scale.clone();
            this.la = la;
        }

        @Override
        public int inputDimension() {
            return mean.length;
        }

        @Override
        public int outputDimension() {
            return scale.length;
        }

        @Override
        public Matrix apply(Matrix rows) {
            States.requireColumns(ID, rows, mean.length);
            Matrix centred = rows.copy();
            int n = rows.rows();
            double[] c = centred.data();
            for (int j = 0; j < mean.length; j++) {
                for (int i = 0; i < n; i++) {
                    c[j * n + i] -= mean[j];
                }
            }
            Matrix out = la.multiply(centred, components);
            double[] o = out.data();
            for (int k = 0; k < scale.length; k++) {
                for (int i = 0; i < n; i++) {
                    o[k * n + i] *= scale[k];
                }
            }
            return out;
        }

        @Override
        public ColumnSchema columns(ColumnSchema input) {
            List<String> names = new ArrayList<>();
            for (int k = 0; k < scale.length; k++) {
                names.add("pc" + (k + 1));
            }
            return ColumnSchema.numeric(names);
        }

        @Override
        public Map<String, Matrix> state() {
            Map<String, Matrix> m = new LinkedHashMap<>();
            m.put("mean", States.rowOf(mean));
            m.put("components", components.copy());
            m.put("scale", States.rowOf(scale));
            return m;
        }
    }
}
