package org.okl.api.transform;

import java.util.Map;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A transform fitted on training rows: it maps rows of {@link #inputDimension()} columns to rows of
 * {@link #outputDimension()} columns, and its {@link #state()} is all a model file needs to rebuild it.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface FittedTransform {

    /** The number of columns of the rows it takes. */
    int inputDimension();

    /** The number of columns of the rows it gives. */
    int outputDimension();

    /**
     * The transformed rows (a new matrix, rows x {@link #outputDimension()}); the argument is not modified. NaN
     * passes through element-wise transforms as NaN.
     *
     * @throws IllegalArgumentException when a value cannot be transformed (the message names its row and column)
     */
    Matrix apply(Matrix rows);

    /** The names and levels of the columns it gives, for a transform that follows it. */
    ColumnSchema columns(ColumnSchema input);

    /** The fitted state as named arrays ({@link InputTransform#restore} rebuilds the transform from them). */
    Map<String, Matrix> state();

    /** Whether {@link #invert} undoes {@link #apply}, as a transform of regression targets must. */
    default boolean invertible() {
        return false;
    }

    /**
     * The rows whose transform is {@code transformed}: predictions of transformed targets taken back to the targets'
     * own scale.
     *
     * @throws UnsupportedOperationException unless {@link #invertible()}
     */
    default Matrix invert(Matrix transformed) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot be inverted");
    }
}
