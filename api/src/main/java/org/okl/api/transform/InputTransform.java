package org.okl.api.transform;

import java.util.Map;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * A transform of a pipeline's input columns (or of its regression targets), named in a pipeline's {@code inputs}
 * (or {@code targets}) list and registered by plugins ({@link org.okl.api.plugin.OklPlugin#transforms()}), like
 * kernels. OKL fits it on the training rows only, inside every cross-validation fold, so that no statistic of a
 * validation or test row reaches the fit it is scored against.
 *
 * <p>Fitting reads the rows once, in blocks: {@link #statistics} starts an accumulator, OKL hands it every block of
 * training rows ({@link TransformStatistics#add}) and asks for the fitted transform at the end. The statistics must
 * stay bounded whatever the number of rows (a streamed fit of a file of any length gathers them in constant memory).
 * A fitted transform's state is a set of named arrays ({@link FittedTransform#state()}), which a model file stores
 * and {@link #restore} turns back into the same transform.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface InputTransform {

    /**
     * Starts fitting on rows with the given columns.
     *
     * @param columns the names (and nominal levels) of the columns the rows will have
     * @throws IllegalArgumentException when the transform cannot apply to these columns (the message says why, for
     *                                  example a named column that is absent)
     */
    TransformStatistics statistics(ColumnSchema columns, ComponentContext context);

    /**
     * Rebuilds a fitted transform from its stored state.
     *
     * @throws IllegalArgumentException when an array is missing or has the wrong shape
     */
    FittedTransform restore(Map<String, Matrix> state, ComponentContext context);
}
