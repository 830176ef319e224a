package org.okl.core.stream;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.core.linalg.TiledProducts;

/**
 * The sums one pass over the training rows leaves, per group of a {@link FoldScheme}: with Phi_g the sketch features
 * (rows x m) and Y_g the targets (rows x d) of the rows of group g,
 * <ul>
 *   <li>{@code Phi_g^T Phi_g} (m x m, lower triangle; accumulated by {@code dsyrk}),</li>
 *   <li>{@code Phi_g^T Y_g} (m x d),</li>
 *   <li>per output column: sum y and sum y^2, and the row count.</li>
 * </ul>
 * A training set's sums are the sums over its groups; every validation error of every path point follows from them
 * (see {@link SketchSolve}) without reading the rows again. Memory: groups · (m² + m·d) doubles, independent of n.
 *
 * <p>Plain data: double arrays and their shapes, {@link Serializable}, and mergeable ({@link #merge}, associative
 * and commutative up to round-off), so a distributed pass (Spark's {@code treeAggregate}) can build one per
 * partition and combine them. Not thread-safe: one caller adds to an instance (whose products may run as parallel
 * tasks, see {@link BlockAccumulator}).
 */
public final class FoldAggregates implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int groups;
    private final int features;
    private final int outputs;
    private final double[][] gram;
    private final double[][] cross;
    private final double[][] sums;
    private final double[][] squares;
    private final long[] rows;

    /**
     * Empty sums.
     *
     * @param groups   the number of groups (1 without selection)
     * @param features the number of sketch features m
     * @param outputs  the number of target columns d (0 to accumulate the Gram part only)
     */
    public FoldAggregates(int groups, int features, int outputs) {
        if (groups < 1 || features < 1 || outputs < 0) {
            throw new IllegalArgumentException("aggregates need groups >= 1, features >= 1 and outputs >= 0, got "
                    + groups + ", " + features + " and " + outputs);
        }
        this.groups = groups;
        this.features = features;
        this.outputs = outputs;
        this.gram = new double[groups][Math.multiplyExact(features, features)];
        this.cross = new double[groups][Math.multiplyExact(features, outputs)];
        this.sums = new double[groups][outputs];
        this.squares = new double[groups][outputs];
        this.rows = new long[groups];
    }

    /** The bytes the sums take: what {@link #FoldAggregates} allocates. */
    public static long bytes(int groups, int features, int outputs) {
        return 8L * groups * ((long) features * features + (long) features * outputs + 2L * outputs + 1);
    }

    /** The number of groups. */
    public int groups() {
        return groups;
    }

    /** The number of sketch features m. */
    public int features() {
        return features;
    }

    /** The number of target columns d. */
    public int outputs() {
        return outputs;
    }

    /**
     * Adds rows that all belong to one group, on the calling thread.
     *
     * @param group         the group
     * @param phi           their features (rows x m)
     * @param targets       their targets (rows x d), finite
     * @param linearAlgebra the back-end of the products
     */
    public void add(int group, Matrix phi, Matrix targets, LinearAlgebra linearAlgebra) {
        List<TiledProducts.Task> products = new ArrayList<>();
        addTasks(group, phi, targets, TiledProducts.of(linearAlgebra), products);
        products.forEach(Runnable::run);
        addOutputs(group, targets);
    }

    /**
     * The products that add rows of one group ({@code Phi^T Phi} by column strips of its lower triangle,
     * {@code Phi^T Y} by row tiles), as tasks that may run in parallel with the tasks of other groups; {@link #addOutputs} adds the
     * rest. Tasks of one group must not run at the same time as another call's tasks for that group.
     */
    void addTasks(int group, Matrix phi, Matrix targets, TiledProducts products, List<TiledProducts.Task> into) {
        if (phi.cols() != features || targets.cols() != outputs || phi.rows() != targets.rows()) {
            throw new IllegalArgumentException("a block of " + phi.rows() + " x " + phi.cols() + " features and "
                    + targets.rows() + " x " + targets.cols() + " targets does not fit sums of " + features
                    + " features and " + outputs + " outputs");
        }
        if (phi.rows() == 0) {
            return;
        }
        into.addAll(products.innerGramLowerTasks(phi, new Matrix(features, features, gram[group])));
        if (outputs > 0) {
            into.addAll(products.transposedProductTasks(phi, targets, new Matrix(features, outputs, cross[group])));
        }
    }

    /** Adds the per-output sums of y and y^2 and the row count of rows of one group (targets rows x d, finite). */
    void addOutputs(int group, Matrix targets) {
        int t = targets.rows();
        double[] y = targets.data();
        for (int j = 0; j < outputs; j++) {
            double s = 0;
            double q = 0;
            for (int i = j * t; i < (j + 1) * t; i++) {
                s += y[i];
                q += y[i] * y[i];
            }
            sums[group][j] += s;
            squares[group][j] += q;
        }
        rows[group] += t;
    }

    /**
     * Adds the sums of another pass over other rows (with the same groups, features and outputs) to these, and
     * returns these.
     */
    public FoldAggregates merge(FoldAggregates other) {
        if (other.groups != groups || other.features != features || other.outputs != outputs) {
            throw new IllegalArgumentException("cannot merge sums of " + other.groups + " groups, " + other.features
                    + " features and " + other.outputs + " outputs into sums of " + groups + ", " + features
                    + " and " + outputs);
        }
        for (int g = 0; g < groups; g++) {
            addInto(gram[g], other.gram[g]);
            addInto(cross[g], other.cross[g]);
            addInto(sums[g], other.sums[g]);
            addInto(squares[g], other.squares[g]);
            rows[g] += other.rows[g];
        }
        return this;
    }

    /** The number of rows of a group. */
    public long rows(int group) {
        return rows[group];
    }

    /** The number of rows of the groups marked in {@code in}. */
    public long rows(boolean[] in) {
        long n = 0;
        for (int g = 0; g < groups; g++) {
            n += in[g] ? rows[g] : 0;
        }
        return n;
    }

    /** {@code Phi^T Phi} over the marked groups, as a new symmetric m x m matrix. */
    public Matrix gram(boolean[] in) {
        double[] sum = new double[gram[0].length];
        for (int g = 0; g < groups; g++) {
            if (in[g]) {
                addLowerInto(sum, gram[g]);
            }
        }
        mirrorLower(sum, features);
        return new Matrix(features, features, sum);
    }

    /** {@code Phi^T Y} over the marked groups, as a new m x d matrix. */
    public Matrix cross(boolean[] in) {
        double[] sum = new double[cross[0].length];
        for (int g = 0; g < groups; g++) {
            if (in[g]) {
                addInto(sum, cross[g]);
            }
        }
        return new Matrix(features, outputs, sum);
    }

    /** {@code Phi_g^T Phi_g} of one group, as a new symmetric matrix. */
    public Matrix gram(int group) {
        return gram(only(group));
    }

    /** {@code Phi_g^T Y_g} of one group, as a new matrix. */
    public Matrix cross(int group) {
        return cross(only(group));
    }

    /** Per output column: sum y over a group's rows (a copy). */
    public double[] outputSums(int group) {
        return sums[group].clone();
    }

    /** Per output column: sum y^2 over a group's rows (a copy). */
    public double[] outputSquares(int group) {
        return squares[group].clone();
    }

    /**
     * The squared-error sums of a group's rows for predictions {@code Phi_g·beta}, from the sums alone: per output
     * c, {@code sum (y - f)^2 = sum y^2 - 2 beta_c^T (Phi_g^T y_c) + beta_c^T (Phi_g^T Phi_g) beta_c}.
     *
     * @param group         the group (a validation fold)
     * @param groupGram     {@link #gram(int)} of that group (passed in so that it is formed once per fold)
     * @param beta          the weights (m x d)
     * @param linearAlgebra the back-end
     */
    public SquaredErrors squaredErrors(int group, Matrix groupGram, Matrix beta, LinearAlgebra linearAlgebra) {
        Matrix gb = linearAlgebra.multiply(groupGram, beta);
        long[] count = new long[outputs];
        double[] error = new double[outputs];
        double[] c = cross[group];
        double[] b = beta.data();
        double[] g = gb.data();
        for (int j = 0; j < outputs; j++) {
            double quadratic = 0;
            double linear = 0;
            for (int i = j * features; i < (j + 1) * features; i++) {
                quadratic += b[i] * g[i];
                linear += b[i] * c[i];
            }
            error[j] = Math.max(0.0, squares[group][j] - 2 * linear + quadratic);
            count[j] = rows[group];
        }
        return new SquaredErrors(count, error, sums[group].clone(), squares[group].clone());
    }

    private boolean[] only(int group) {
        boolean[] in = new boolean[groups];
        in[group] = true;
        return in;
    }

    private static void addInto(double[] into, double[] values) {
        for (int k = 0; k < into.length; k++) {
            into[k] += values[k];
        }
    }

    /** Adds the lower triangle (with the diagonal) of a column-major square array. */
    private void addLowerInto(double[] into, double[] values) {
        int m = features;
        for (int j = 0; j < m; j++) {
            for (int i = j + j * m; i < (j + 1) * m; i++) {
                into[i] += values[i];
            }
        }
    }

    private static void mirrorLower(double[] a, int m) {
        for (int j = 0; j < m; j++) {
            for (int i = j + 1; i < m; i++) {
                a[j + i * m] = a[i + j * m];
            }
        }
    }
}
