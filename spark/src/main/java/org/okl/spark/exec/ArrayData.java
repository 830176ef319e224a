package org.okl.spark.exec;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.linalg.Matrix;

/**
 * A matrix as plain serializable data (shape and column-major values), for what the driver sends to executors.
 *
 * @param rows the number of rows
 * @param cols the number of columns
 * @param data the values, column-major
 */
public record ArrayData(int rows, int cols, double[] data) implements Serializable {

    /** The data of a matrix (sharing its array). */
    public static ArrayData of(Matrix m) {
        return new ArrayData(m.rows(), m.cols(), m.data());
    }

    /** The bytes of the values. */
    public long bytes() {
        return 8L * data.length;
    }

    /** The matrix (sharing this array). */
    public Matrix matrix() {
        return new Matrix(rows, cols, data);
    }

    /** Named matrices as data, in order. */
    public static Map<String, ArrayData> of(Map<String, Matrix> arrays) {
        Map<String, ArrayData> out = new LinkedHashMap<>();
        arrays.forEach((k, v) -> out.put(k, of(v)));
        return out;
    }

    /** Named data as matrices, in order. */
    public static Map<String, Matrix> matrices(Map<String, ArrayData> arrays) {
        Map<String, Matrix> out = new LinkedHashMap<>();
        arrays.forEach((k, v) -> out.put(k, v.matrix()));
        return out;
    }
}
