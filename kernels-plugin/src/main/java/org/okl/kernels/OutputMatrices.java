package org.okl.kernels;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.TypedSpec;
import org.okl.api.operator.OutputMatrix;

/** Typed specs of the output matrices A of separable kernels this plugin provides (see {@link Operators}). */
public final class OutputMatrices {
    private OutputMatrices() {
    }

    /** {@code identity}: A = I (independent outputs). */
    public static TypedSpec<OutputMatrix> identity() {
        return TypedSpec.of(OutputMatrix.class, "identity");
    }

    /** {@code common-similarity}: A = omega 1 1^T + (1 - omega) I, omega in [0, 1]. */
    public static TypedSpec<OutputMatrix> commonSimilarity(double omega) {
        return TypedSpec.of(OutputMatrix.class, "common-similarity").with("omega", omega);
    }

    /** {@code covariance}: A = Y^T Y / n of the training targets, not centred, not shrunk. */
    public static TypedSpec<OutputMatrix> covariance() {
        return TypedSpec.of(OutputMatrix.class, "covariance");
    }

    /** {@code covariance}: A = Y^T Y / n, optionally of centred targets, shrunk toward (tr(A)/d) I. */
    public static TypedSpec<OutputMatrix> covariance(double shrinkage, boolean centred) {
        return TypedSpec.of(OutputMatrix.class, "covariance").with("shrinkage", shrinkage).with("centred", centred);
    }

    /** {@code clustering}: the output-cluster matrix of Baldassarre et al. 2012 (eq. 32), one cluster per output. */
    public static TypedSpec<OutputMatrix> clustering(double eps1, double eps2, int... clusters) {
        return TypedSpec.of(OutputMatrix.class, "clustering").with("eps1", eps1).with("eps2", eps2)
                .with("clusters", list(clusters));
    }

    /** {@code graph}: A = pinv(D - M) for non-negative symmetric output weights M (Baldassarre et al. 2012). */
    public static TypedSpec<OutputMatrix> graph(double[][] weights) {
        return TypedSpec.of(OutputMatrix.class, "graph").with("weights", rowMajor(weights));
    }

    /** {@code graph} with the weights M read from a file (one row per line). */
    public static TypedSpec<OutputMatrix> graph(Path weightsFile) {
        return TypedSpec.of(OutputMatrix.class, "graph").with("file", weightsFile.toString());
    }

    /** {@code output-laplacian}: A = gammaO pinv(L) + (1 - gammaO) I over the k-NN graph of the target columns. */
    public static TypedSpec<OutputMatrix> outputLaplacian(double gammaO, int neighbours) {
        return TypedSpec.of(OutputMatrix.class, "output-laplacian").with("gammaO", gammaO)
                .with("neighbours", neighbours);
    }

    /**
     * {@code low-rank}: A = B B^T + diag(d), positive semi-definite by construction (the learned candidate's output
     * matrix).
     *
     * @param factor   B, one row per output, each of the same length r (the rank; none for A = diag(d))
     * @param diagonal d, one number >= 0 per output
     */
    public static TypedSpec<OutputMatrix> lowRank(double[][] factor, double[] diagonal) {
        int rank = factor.length == 0 ? 0 : factor[0].length;
        return TypedSpec.of(OutputMatrix.class, "low-rank").with("rank", rank).with("factor", rowMajor(factor))
                .with("diagonal", doubles(diagonal));
    }

    /** {@code file}: A read from a file (one row per line). */
    public static TypedSpec<OutputMatrix> file(Path path) {
        return TypedSpec.of(OutputMatrix.class, "file").with("path", path.toString());
    }

    private static List<Object> list(int[] values) {
        List<Object> out = new ArrayList<>(values.length);
        for (int v : values) {
            out.add((double) v);
        }
        return out;
    }

    /** The rows of a matrix concatenated, as the {@code weights} parameter takes them. */
    static List<Object> rowMajor(double[][] rows) {
        List<Object> out = new ArrayList<>();
        for (double[] row : rows) {
            out.addAll(doubles(row));
        }
        return out;
    }

    /** Numbers as a list parameter takes them (the kernels' {@code widths}, a matrix's {@code diagonal}). */
    static List<Object> doubles(double[] values) {
        List<Object> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }
}
