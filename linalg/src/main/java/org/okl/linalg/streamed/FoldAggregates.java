package org.okl.linalg.streamed;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.linalg.ColumnBlock;
import org.okl.linalg.TiledProducts;

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
 * <p>Rows may carry weights w_i >= 0 ({@link #add(int, Matrix, Matrix, double[], LinearAlgebra)}): the sums are then
 * {@code Phi_g^T W_g Phi_g}, {@code Phi_g^T W_g Y_g}, sum w y and sum w y^2, with the total weight of each group. The
 * weighted problem {@code min sum_i w_i ||y_i - f(x_i)||^2 + W·lambda·||f||^2} (W the training set's total weight)
 * is the unweighted one with the weights rescaled to mean 1 over the training set, so {@link #gram(boolean[])} and
 * {@link #cross(boolean[])} return the sums so rescaled (n/W times the weighted sums, n the set's rows) and the
 * solvers keep n as the scale of lambda; {@link #squaredErrors} rescales a fold's sums the same way, so every squared
 * error metric of them is the weighted metric (mse: {@code sum w e^2 / sum w}). Without weights n/W is exactly 1.
 *
 * <p>Plain data: double arrays and their shapes, {@link Serializable} (the m x m sums travel as their lower
 * triangles only), and mergeable ({@link #merge}, associative and commutative up to round-off), so a distributed
 * pass (Spark's {@code treeAggregate}) can build one per partition and combine them. Not thread-safe: one caller adds
 * to an instance (whose products may run as parallel tasks, see {@link BlockAccumulator}).
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
    private final double[] weights;

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
        this.weights = new double[groups];
    }

    /** The bytes the sums take: what {@link #FoldAggregates} allocates. */
    public static long bytes(int groups, int features, int outputs) {
        return 8L * groups * ((long) features * features + (long) features * outputs + 2L * outputs + 2);
    }

    /** The bytes the sums take serialized: the m x m sums as lower triangles. */
    public static long serializedBytes(int groups, int features, int outputs) {
        return 8L * groups * ((long) features * (features + 1) / 2 + (long) features * outputs + 2L * outputs + 2);
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
        accumulate(group, phi, targets, null, linearAlgebra);
    }

    /**
     * Adds weighted rows that all belong to one group, on the calling thread: {@code Phi^T W Phi}, {@code Phi^T W Y},
     * sum w y, sum w y^2 and the total weight.
     *
     * @param group         the group
     * @param phi           their features (rows x m)
     * @param targets       their targets (rows x d), finite
     * @param rowWeights    one weight per row, finite and >= 0
     * @param linearAlgebra the back-end of the products
     */
    public void add(int group, Matrix phi, Matrix targets, double[] rowWeights, LinearAlgebra linearAlgebra) {
        if (rowWeights.length != phi.rows()) {
            throw new IllegalArgumentException(rowWeights.length + " weights for " + phi.rows() + " rows");
        }
        accumulate(group, phi, targets, rowWeights, linearAlgebra);
    }

    private void accumulate(int group, Matrix phi, Matrix targets, double[] rowWeights, LinearAlgebra la) {
        List<TiledProducts.Task> products = new ArrayList<>();
        addTasks(group, phi, targets, rowWeights, TiledProducts.of(la), products);
        products.forEach(Runnable::run);
        addOutputs(group, targets, rowWeights);
    }

    /**
     * The products that add rows of one group ({@code Phi^T W Phi} by column strips of its lower triangle,
     * {@code Phi^T W Y} by row tiles), as tasks that may run in parallel with the tasks of other groups;
     * {@link #addOutputs} adds the rest. Tasks of one group must not run at the same time as another call's tasks for
     * that group.
     *
     * @param rowWeights one weight per row, or {@code null} for weight 1
     */
    void addTasks(int group, Matrix phi, Matrix targets, double[] rowWeights, TiledProducts products,
            List<TiledProducts.Task> into) {
        addTasks(group, ColumnBlock.of(phi), targets, rowWeights, products, into);
    }

    /**
     * {@link #addTasks(int, Matrix, Matrix, double[], TiledProducts, List)} for features that are a block of a larger
     * array (read in place, and not changed: weighted rows are scaled in a copy).
     */
    void addTasks(int group, ColumnBlock phi, Matrix targets, double[] rowWeights, TiledProducts products,
            List<TiledProducts.Task> into) {
        if (phi.cols() != features || targets.cols() != outputs || phi.rows() != targets.rows()) {
            throw new IllegalArgumentException("a block of " + phi.rows() + " x " + phi.cols() + " features and "
                    + targets.rows() + " x " + targets.cols() + " targets does not fit sums of " + features
                    + " features and " + outputs + " outputs");
        }
        if (phi.rows() == 0) {
            return;
        }
        ColumnBlock p = phi;
        Matrix y = targets;
        if (rowWeights != null) {
            double[] root = new double[rowWeights.length];
            for (int i = 0; i < root.length; i++) {
                root[i] = Math.sqrt(rowWeights[i]);
            }
            p = ColumnBlock.of(phi.scaledRows(root));
            y = ColumnBlock.of(targets).scaledRows(root);
        }
        into.addAll(products.innerGramLowerTasks(p, new Matrix(features, features, gram[group]),
                outputs > 0 ? ColumnBlock.of(y) : null, new Matrix(features, outputs, cross[group])));
    }

    /**
     * Adds the per-output sums of w y and w y^2, the row count and the total weight of rows of one group (targets
     * rows x d, finite; weights {@code null} for weight 1).
     */
    void addOutputs(int group, Matrix targets, double[] rowWeights) {
        int t = targets.rows();
        double[] y = targets.data();
        double total = t;
        if (rowWeights != null) {
            total = 0;
            for (double w : rowWeights) {
                total += w;
            }
        }
        for (int j = 0; j < outputs; j++) {
            double s = 0;
            double q = 0;
            for (int i = j * t; i < (j + 1) * t; i++) {
                if (rowWeights == null) {
                    s += y[i];
                    q += y[i] * y[i];
                } else {
                    double w = rowWeights[i - j * t];
                    double v = Math.sqrt(w) * y[i];
                    s += w * y[i];
                    q += v * v;
                }
            }
            sums[group][j] += s;
            squares[group][j] += q;
        }
        rows[group] += t;
        weights[group] += total;
    }

    /** A new matrix: row i of m times factor[i]. */

    /**
     * Adds one group's sums computed elsewhere (on a compute device) over other rows: the lower triangle of
     * {@code Phi_g^T Phi_g} (m x m column-major; the upper triangle is ignored), {@code Phi_g^T Y_g} (m x d), per
     * output column sum y and sum y^2, and the row count; the rows are unweighted (each weighs 1).
     */
    public void addSums(int group, double[] gramLower, double[] crossSum, double[] outputSums,
            double[] outputSquares, long count) {
        if (gramLower.length != gram[group].length || crossSum.length != cross[group].length
                || outputSums.length != outputs || outputSquares.length != outputs || count < 0) {
            throw new IllegalArgumentException("sums of " + gramLower.length + " and " + crossSum.length
                    + " entries do not fit groups of " + features + " features and " + outputs + " outputs");
        }
        addLowerInto(gram[group], gramLower);
        addInto(cross[group], crossSum);
        addInto(sums[group], outputSums);
        addInto(squares[group], outputSquares);
        rows[group] += count;
        weights[group] += count;
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
            weights[g] += other.weights[g];
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

    /** The total weight of a group's rows (its rows when unweighted). */
    public double weight(int group) {
        return weights[group];
    }

    /** The total weight of the rows of the groups marked in {@code in}. */
    public double weight(boolean[] in) {
        double w = 0;
        for (int g = 0; g < groups; g++) {
            w += in[g] ? weights[g] : 0;
        }
        return w;
    }

    /**
     * n/W over the marked groups: what rescales their weights to mean 1 (exactly 1 without weights, and for no rows).
     *
     * @throws IllegalArgumentException when rows of the groups have total weight 0
     */
    public double weightScale(boolean[] in) {
        long n = rows(in);
        double w = weight(in);
        if (n == 0 || w == n) {
            return 1.0;
        }
        if (!(w > 0)) {
            throw new IllegalArgumentException(n + " rows of total weight " + w + ": a training set or a validation "
                    + "fold needs a positive total weight");
        }
        return n / w;
    }

    /**
     * {@code Phi^T W Phi} over the marked groups with the weights rescaled to mean 1 there ({@link #weightScale};
     * {@code Phi^T Phi} without weights), as a new symmetric m x m matrix.
     */
    public Matrix gram(boolean[] in) {
        double[] sum = new double[gram[0].length];
        for (int g = 0; g < groups; g++) {
            if (in[g]) {
                addLowerInto(sum, gram[g]);
            }
        }
        scale(sum, weightScale(in));
        mirrorLower(sum, features);
        return new Matrix(features, features, sum);
    }

    /** {@code Phi^T W Y} over the marked groups, rescaled as {@link #gram(boolean[])}, as a new m x d matrix. */
    public Matrix cross(boolean[] in) {
        double[] sum = new double[cross[0].length];
        for (int g = 0; g < groups; g++) {
            if (in[g]) {
                addInto(sum, cross[g]);
            }
        }
        scale(sum, weightScale(in));
        return new Matrix(features, outputs, sum);
    }

    private static void scale(double[] a, double factor) {
        if (factor != 1.0) {
            for (int k = 0; k < a.length; k++) {
                a[k] *= factor;
            }
        }
    }

    /** {@code Phi_g^T W_g Phi_g} of one group, rescaled, as a new symmetric matrix. */
    public Matrix gram(int group) {
        return gram(only(group));
    }

    /** {@code Phi_g^T W_g Y_g} of one group, rescaled, as a new matrix. */
    public Matrix cross(int group) {
        return cross(only(group));
    }

    /** Per output column: sum w y over a group's rows (a copy; w = 1 without weights). */
    public double[] outputSums(int group) {
        return sums[group].clone();
    }

    /** Per output column: sum w y^2 over a group's rows (a copy). */
    public double[] outputSquares(int group) {
        return squares[group].clone();
    }

    /**
     * The squared-error sums of a group's rows for predictions {@code Phi_g·beta}, from the sums alone: per output
     * c, {@code sum (y - f)^2 = sum y^2 - 2 beta_c^T (Phi_g^T y_c) + beta_c^T (Phi_g^T Phi_g) beta_c}. With weights,
     * every sum is the weighted one times n_g/W_g (the weights rescaled to mean 1 on the group), so a metric of the
     * counts and sums is the weighted metric: {@code sum w (y - f)^2 / sum w} for the mean squared error.
     *
     * @param group         the group (a validation fold)
     * @param groupGram     {@link #gram(int)} of that group (passed in so that it is formed once per fold)
     * @param beta          the weights (m x d)
     * @param linearAlgebra the back-end
     */
    public SquaredErrors squaredErrors(int group, Matrix groupGram, Matrix beta, LinearAlgebra linearAlgebra) {
        return squaredErrors(group, linearAlgebra.multiply(groupGram, beta), beta.data(), cross[group], false);
    }

    /**
     * The same for weights given in a basis B (m x r), {@code beta = B P}, from the group's sums in that basis
     * (formed once per group for every path point): {@code B^T (Phi_g^T Phi_g) B} and {@code B^T (Phi_g^T Y)}. The
     * quadratic and linear terms are then {@code p_c^T (B^T G_g B) p_c} and {@code p_c^T (B^T R_g)_c}: r² d flops per
     * point instead of m² d.
     *
     * @param group         the group (a validation fold)
     * @param basisGram     {@code B^T G_g B} (r x r), G_g as {@link #gram(int)} gives it
     * @param basisCross    {@code B^T R_g} (r x d), R_g as {@link #cross(int)} gives it (rescaled)
     * @param coefficients  P (r x d)
     * @param linearAlgebra the back-end
     */
    public SquaredErrors squaredErrorsInBasis(int group, Matrix basisGram, Matrix basisCross, Matrix coefficients,
            LinearAlgebra linearAlgebra) {
        return squaredErrors(group, linearAlgebra.multiply(basisGram, coefficients), coefficients.data(),
                basisCross.data(), true);
    }

    /**
     * Per output c, {@code sum y^2 - 2 b_c . c_c + b_c . g_c} for the columns of the given arrays (the weights b, the
     * Gram times the weights g, the cross sums c, already rescaled or not; as many rows per column as b has over the
     * outputs).
     */
    private SquaredErrors squaredErrors(int group, Matrix gramTimesWeights, double[] b, double[] c,
            boolean crossRescaled) {
        double r = weightScale(only(group));
        long[] count = new long[outputs];
        double[] error = new double[outputs];
        double[] sum = sums[group].clone();
        double[] square = squares[group].clone();
        scale(sum, r);
        scale(square, r);
        double[] g = gramTimesWeights.data();
        int length = b.length / Math.max(1, outputs);
        for (int j = 0; j < outputs; j++) {
            double quadratic = 0;
            double linear = 0;
            for (int i = j * length; i < (j + 1) * length; i++) {
                quadratic += b[i] * g[i];
                linear += b[i] * c[i];
            }
            error[j] = Math.max(0.0, square[j] - 2 * (r == 1.0 || crossRescaled ? linear : r * linear) + quadratic);
            count[j] = rows[group];
        }
        return new SquaredErrors(count, error, sum, square);
    }

    /** Serialized as {@link Packed}: the m x m sums' lower triangles only. */
    private Object writeReplace() {
        return new Packed(this);
    }

    private void readObject(java.io.ObjectInputStream in) throws java.io.InvalidObjectException {
        throw new java.io.InvalidObjectException("fold sums are read through their packed form");
    }

    /** The serialized form: the Gram sums as packed lower triangles (column by column), the rest as is. */
    private static final class Packed implements Serializable {
        private static final long serialVersionUID = 1L;

        private final int groups;
        private final int features;
        private final int outputs;
        private final double[][] lower;
        private final double[][] cross;
        private final double[][] sums;
        private final double[][] squares;
        private final long[] rows;
        private final double[] weights;

        Packed(FoldAggregates a) {
            groups = a.groups;
            features = a.features;
            outputs = a.outputs;
            int m = features;
            lower = new double[groups][(int) ((long) m * (m + 1) / 2)];
            for (int g = 0; g < groups; g++) {
                int at = 0;
                for (int j = 0; j < m; j++) {
                    System.arraycopy(a.gram[g], j + j * m, lower[g], at, m - j);
                    at += m - j;
                }
            }
            cross = a.cross;
            sums = a.sums;
            squares = a.squares;
            rows = a.rows;
            weights = a.weights;
        }

        private Object readResolve() {
            FoldAggregates a = new FoldAggregates(groups, features, outputs);
            int m = features;
            for (int g = 0; g < groups; g++) {
                int at = 0;
                for (int j = 0; j < m; j++) {
                    System.arraycopy(lower[g], at, a.gram[g], j + j * m, m - j);
                    at += m - j;
                }
                System.arraycopy(cross[g], 0, a.cross[g], 0, cross[g].length);
                System.arraycopy(sums[g], 0, a.sums[g], 0, sums[g].length);
                System.arraycopy(squares[g], 0, a.squares[g], 0, squares[g].length);
            }
            System.arraycopy(rows, 0, a.rows, 0, groups);
            System.arraycopy(weights, 0, a.weights, 0, groups);
            return a;
        }
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
