package org.okl.linalg.expansion;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * Nystrom features over landmarks L (m x p): {@code phi(x) = k(x, L)} and the metric {@code M = k(L, L)}, so the
 * sketched kernel is {@code k(x, L) k(L, L)^+ k(L, x')}; with every training point a landmark it is the kernel
 * itself on the training points. Dense landmarks are stored as the array {@code landmarks}; sparse ones (drawn from
 * sparse rows for a kernel that takes them, {@link SparseVectorKernel}) as their compressed rows,
 * {@code landmark-shape} (1 x 2: m, p), {@code landmark-starts} ((m + 1) x 1), {@code landmark-columns} and
 * {@code landmark-values} (one row per stored entry). Sparse rows meet sparse landmarks in sparse dot products; a
 * kernel that does not take sparse rows sees them made dense.
 */
public final class NystromFeatures implements SketchFeatures {
    /** The name of the dense landmarks array. */
    public static final String LANDMARKS = "landmarks";
    /** The names of the sparse landmarks' arrays. */
    static final String SHAPE = "landmark-shape";
    static final String STARTS = "landmark-starts";
    static final String COLUMNS = "landmark-columns";
    static final String VALUES = "landmark-values";

    private final VectorKernel kernel;
    private final InputRows landmarks;

    /**
     * @param kernel    the scalar kernel
     * @param landmarks the landmark points (m x p), dense or, for a kernel that takes them, sparse
     * @throws IllegalArgumentException for no landmark, or sparse landmarks with a kernel that does not take them
     */
    public NystromFeatures(VectorKernel kernel, InputRows landmarks) {
        if (landmarks.rows() == 0) {
            throw new IllegalArgumentException("Nystrom features need at least one landmark");
        }
        if (landmarks.isSparse() && !sparseKernel(kernel)) {
            throw new IllegalArgumentException("sparse landmarks need a kernel that takes sparse rows");
        }
        this.kernel = kernel;
        this.landmarks = landmarks;
    }

    /**
     * Features over dense landmarks (as {@link #NystromFeatures(VectorKernel, InputRows)}; kept so that code compiled
     * against dense-only landmarks still links).
     */
    public NystromFeatures(VectorKernel kernel, Matrix landmarks) {
        this(kernel, (InputRows) landmarks);
    }

    /** Whether a kernel takes sparse rows as they are. */
    public static boolean sparseKernel(VectorKernel kernel) {
        return kernel instanceof SparseVectorKernel s && s.takesSparse();
    }

    /** Rebuilds stored features. */
    public static NystromFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, String sketch) {
        Matrix dense = arrays.get(LANDMARKS);
        if (dense != null) {
            return new NystromFeatures(kernel, dense);
        }
        Matrix shape = arrays.get(SHAPE);
        Matrix starts = arrays.get(STARTS);
        Matrix columns = arrays.get(COLUMNS);
        Matrix values = arrays.get(VALUES);
        if (shape == null || starts == null || columns == null || values == null) {
            throw new IllegalArgumentException(sketch + " sketch lacks the array '" + LANDMARKS + "' (or the sparse "
                    + "landmarks' " + SHAPE + ", " + STARTS + ", " + COLUMNS + " and " + VALUES + ")");
        }
        if (shape.rows() * shape.cols() != 2) {
            throw new IllegalArgumentException(sketch + " sketch: " + SHAPE + " must hold 2 values");
        }
        SparseMatrix sparse = new SparseMatrix(whole(shape.data()[0], SHAPE), whole(shape.data()[1], SHAPE),
                ints(starts, STARTS), ints(columns, COLUMNS), values.data().clone());
        if (!sparseKernel(kernel)) {
            throw new IllegalArgumentException(sketch + " sketch has sparse landmarks but its kernel does not take "
                    + "sparse rows");
        }
        return new NystromFeatures(kernel, sparse);
    }

    private static int[] ints(Matrix m, String name) {
        double[] d = m.data();
        int[] out = new int[d.length];
        for (int i = 0; i < d.length; i++) {
            out[i] = whole(d[i], name);
        }
        return out;
    }

    private static int whole(double v, String name) {
        if (v != Math.rint(v) || v < 0 || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the array " + name + " holds " + v + ", not a count");
        }
        return (int) v;
    }

    /** The scalar kernel. */
    public VectorKernel kernel() {
        return kernel;
    }

    @Override
    public int size() {
        return landmarks.rows();
    }

    /** The landmarks as drawn (dense or sparse). */
    public InputRows landmarks() {
        return landmarks;
    }

    @Override
    public Matrix features(Matrix inputs) {
        return features((InputRows) inputs);
    }

    @Override
    public Matrix features(InputRows inputs) {
        if (inputs instanceof Matrix x && landmarks instanceof Matrix l) {
            return kernel.gram(x, l);
        }
        if (sparseKernel(kernel)) {
            return ((SparseVectorKernel) kernel).gram(inputs, landmarks);
        }
        return kernel.gram(inputs.toDense(), (Matrix) landmarks);
    }

    @Override
    public void features(InputRows inputs, Matrix into) {
        if (inputs instanceof Matrix x && landmarks instanceof Matrix l) {
            kernel.gram(x, l, into);
            return;
        }
        SketchFeatures.super.features(inputs, into);
    }

    @Override
    public boolean takesSparse() {
        return sparseKernel(kernel);
    }

    @Override
    public Optional<Matrix> metric() {
        if (landmarks instanceof Matrix l) {
            return Optional.of(kernel.gram(l));
        }
        return Optional.of(((SparseVectorKernel) kernel).gram(landmarks));
    }

    @Override
    public Map<String, Matrix> arrays() {
        if (landmarks instanceof Matrix l) {
            return Map.of(LANDMARKS, l);
        }
        SparseMatrix s = (SparseMatrix) landmarks;
        Map<String, Matrix> out = new LinkedHashMap<>();
        out.put(SHAPE, new Matrix(1, 2, new double[] {s.rows(), s.cols()}));
        out.put(STARTS, column(s.starts()));
        out.put(COLUMNS, column(s.columns()));
        out.put(VALUES, Matrix.column(s.values()));
        return out;
    }

    private static Matrix column(int[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = values[i];
        }
        return new Matrix(d.length, 1, d);
    }
}
