package org.okl.kernels.matrix;

import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.Parameters;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/** The factories of the output matrices A of separable kernels (docs/conventions.md#operator-valued-kernels). */
public final class OutputMatrixFactories {
    private static final double INF = Double.POSITIVE_INFINITY;

    private OutputMatrixFactories() {
    }

    /** Every output-matrix factory of the plugin. */
    public static List<ComponentFactory<OutputMatrix>> all() {
        return List.of(identity(), commonSimilarity(), outputLaplacian(), graph(), clustering(), covariance(), file(),
                lowRank());
    }

    static ComponentFactory<OutputMatrix> identity() {
        return SimpleComponentFactory.of("identity", OutputMatrix.class, "A = I (independent outputs)", List.of(),
                (p, c) -> new IdentityMatrix());
    }

    static ComponentFactory<OutputMatrix> commonSimilarity() {
        return SimpleComponentFactory.of("common-similarity", OutputMatrix.class,
                "A = omega 1 1^T + (1 - omega) I (B12 eq. 33)",
                List.of(ParameterSpec.range("omega", null, 0.0, true, 1.0, true, "the weight of the shared part")),
                (p, c) -> new CommonSimilarityMatrix(inRange("common-similarity", "omega", p.getDouble("omega"),
                        0.0, true, 1.0, true)));
    }

    static ComponentFactory<OutputMatrix> outputLaplacian() {
        return SimpleComponentFactory.of("output-laplacian", OutputMatrix.class,
                "A = gammaO pinv(L_out) + (1 - gammaO) I, L_out of the k-NN graph over the target columns (MS11)",
                List.of(ParameterSpec.range("gammaO", null, 0.0, true, 1.0, false, "the weight of the graph part"),
                        ParameterSpec.integer("neighbours", 2, 1, "k of the output k-NN graph")),
                (p, c) -> new OutputLaplacianMatrix(inRange("output-laplacian", "gammaO", p.getDouble("gammaO"),
                        0.0, true, 1.0, false), p.getInt("neighbours")));
    }

    static ComponentFactory<OutputMatrix> graph() {
        return SimpleComponentFactory.of("graph", OutputMatrix.class,
                "A = pinv(D - M), D_ll = sum_h M_lh + M_ll, for output weights M (B12 eq. 30-31)",
                List.of(new ParameterSpec("weights", ParameterType.DOUBLE_LIST, null, false,
                                "the d x d non-negative symmetric weights M, row-major", 0.0, true, INF, true,
                                List.of(), null),
                        ParameterSpec.optionalFile("file", "a file holding M (one row per line)")),
                OutputMatrixFactories::createGraph);
    }

    private static OutputMatrix createGraph(Parameters p, ComponentContext c) {
        if (p.has("weights") == p.has("file")) {
            throw new InvalidParameterException("graph", "weights",
                    "exactly one of 'weights' (d x d numbers, row-major) and 'file' must be given");
        }
        if (p.has("file")) {
            String file = p.getString("file");
            return new GraphMatrix(MatrixFiles.readSquare("graph", "file", file, c.readFile(file)), "file");
        }
        return new GraphMatrix(squareFromList("graph", "weights", p.getDoubles("weights")), "weights");
    }

    static ComponentFactory<OutputMatrix> clustering() {
        return SimpleComponentFactory.of("clustering", OutputMatrix.class,
                "A = pinv(eps1 I + (eps2 - eps1) E (E^T E)^-1 E^T) for output clusters (B12 eq. 32)",
                List.of(ParameterSpec.positive("eps1", null, "the within-cluster weight"),
                        ParameterSpec.positive("eps2", null, "the cluster-mean weight"),
                        new ParameterSpec("clusters", ParameterType.DOUBLE_LIST, null, true,
                                "the cluster index of every output, e.g. [0, 0, 1]", 0.0, true, INF, true,
                                List.of(), null)),
                (p, c) -> new ClusteringMatrix(
                        inRange("clustering", "eps1", p.getDouble("eps1"), 0.0, false, INF, false),
                        inRange("clustering", "eps2", p.getDouble("eps2"), 0.0, false, INF, false),
                        clusterIndices(p.getDoubles("clusters"))));
    }

    static ComponentFactory<OutputMatrix> covariance() {
        return SimpleComponentFactory.of("covariance", OutputMatrix.class,
                "A = Y^T Y / n of the training targets, optionally centred and shrunk toward (tr/d) I",
                List.of(ParameterSpec.range("shrinkage", 0.0, 0.0, true, 1.0, true,
                                "the weight of (tr(A)/d) I in the shrunk estimate"),
                        ParameterSpec.bool("centred", false, "subtract the target column means first")),
                (p, c) -> new CovarianceMatrix(inRange("covariance", "shrinkage", p.getDouble("shrinkage"), 0.0, true,
                        1.0, true), p.getBoolean("centred")));
    }

    static ComponentFactory<OutputMatrix> file() {
        return SimpleComponentFactory.of("file", OutputMatrix.class, "A read from a file (one row per line)",
                List.of(ParameterSpec.file("path", "the file holding the d x d matrix A")),
                (p, c) -> new FileMatrix(MatrixFiles.readSquare("file", "path", p.getString("path"),
                        c.readFile(p.getString("path")))));
    }

    static ComponentFactory<OutputMatrix> lowRank() {
        return SimpleComponentFactory.of("low-rank", OutputMatrix.class,
                "A = B B^T + diag(d): B (q x rank, row-major in 'factor'), d >= 0 (q entries in 'diagonal')",
                List.of(ParameterSpec.integer("rank", 0, 0, "r, the columns of B (0: A = diag(d))"),
                        new ParameterSpec("factor", ParameterType.DOUBLE_LIST, List.of(), false,
                                "B, q x rank numbers, row-major", Double.NEGATIVE_INFINITY, true, INF, true,
                                List.of(), null),
                        new ParameterSpec("diagonal", ParameterType.DOUBLE_LIST, null, true,
                                "d, one number >= 0 per output", 0.0, true, INF, true, List.of(), null)),
                OutputMatrixFactories::createLowRank);
    }

    private static OutputMatrix createLowRank(Parameters p, ComponentContext c) {
        List<Double> d = p.getDoubles("diagonal");
        int rank = p.getInt("rank");
        List<Double> b = p.has("factor") ? p.getDoubles("factor") : List.of();
        if (d.isEmpty()) {
            throw new InvalidParameterException("low-rank", "diagonal", "must list one number per output");
        }
        if (b.size() != d.size() * rank) {
            throw new InvalidParameterException("low-rank", "factor", "must list q x rank = " + d.size() + " x "
                    + rank + " numbers (row-major), got " + b.size());
        }
        double[] diagonal = new double[d.size()];
        for (int k = 0; k < diagonal.length; k++) {
            diagonal[k] = inRange("low-rank", "diagonal", d.get(k), 0.0, true, INF, false);
        }
        Matrix factor = Matrix.zeros(d.size(), rank);
        for (int i = 0; i < d.size(); i++) {
            for (int r = 0; r < rank; r++) {
                double v = b.get(i * rank + r);
                if (!Double.isFinite(v)) {
                    throw new InvalidParameterException("low-rank", "factor", "must hold finite numbers");
                }
                factor.set(i, r, v);
            }
        }
        return new LowRankMatrix(factor, diagonal);
    }

    private static Matrix squareFromList(String component, String parameter, List<Double> values) {
        int d = (int) Math.round(Math.sqrt(values.size()));
        if (d * d != values.size() || d == 0) {
            throw new InvalidParameterException(component, parameter,
                    "must list d x d numbers (row-major), got " + values.size());
        }
        double[][] rows = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                rows[i][j] = values.get(i * d + j);
            }
        }
        return Matrix.fromRows(rows);
    }

    private static int[] clusterIndices(List<Double> values) {
        if (values.isEmpty()) {
            throw new InvalidParameterException("clustering", "clusters", "must list one cluster index per output");
        }
        int[] c = new int[values.size()];
        for (int i = 0; i < c.length; i++) {
            double v = values.get(i);
            if (v != Math.rint(v) || v < 0 || v > Integer.MAX_VALUE) {
                throw new InvalidParameterException("clustering", "clusters",
                        "must hold whole non-negative cluster indices, entry " + i + " is " + v);
            }
            c[i] = (int) v;
        }
        return c;
    }

    /** Checks a range again in the factory, so that direct callers get the same clear message as pipelines. */
    private static double inRange(String component, String parameter, double v, double min, boolean minInclusive,
            double max, boolean maxInclusive) {
        boolean ok = (minInclusive ? v >= min : v > min) && (maxInclusive ? v <= max : v < max);
        if (!ok) {
            throw new InvalidParameterException(component, parameter, "must be in " + (minInclusive ? "[" : "(")
                    + fmt(min) + ", " + fmt(max) + (maxInclusive ? "]" : ")") + ", got " + v);
        }
        return v;
    }

    private static String fmt(double v) {
        return v == INF ? "inf" : v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
