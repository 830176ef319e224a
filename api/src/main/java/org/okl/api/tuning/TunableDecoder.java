package org.okl.api.tuning;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * A decoder with settings learned from validation data, such as per-label thresholds. The pipeline holds out part of
 * the training data, asks for the tuned spec, and creates the decoder from it, so a model file records the values
 * actually used (as {@link org.okl.api.kernel.DataDependentKernel} does for kernel widths).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface TunableDecoder extends Decoder {

    /**
     * Whether this decoder's parameters ask for tuning. A decoder with every setting given (a threshold decoder with
     * a fixed value and no per-label thresholds) does not: its {@code tune} methods return empty, and model
     * selection and fits use it as it is, with no hold-out work and with any selection metric. The default is true.
     */
    default boolean tunes() {
        return true;
    }

    /**
     * The spec of this decoder tuned on validation predictions, for example
     * {@code threshold(thresholds=[0.2, 0.3], ...)}, or empty when its parameters ask for no tuning.
     *
     * @param validationH       predictions for the validation inputs
     * @param validationOutputs their true outputs
     */
    Optional<ComponentSpec> tune(Matrix validationH, Matrix validationOutputs, DecodingContext context);

    /**
     * The spec tuned for a metric: what model selection calls with its own metric, on the out-of-fold predictions of
     * every split pooled. The default ignores the metric and calls {@link #tune(Matrix, Matrix, DecodingContext)}.
     *
     * @param objective the metric the tuned decoder is scored with
     */
    default Optional<ComponentSpec> tune(Matrix validationH, Matrix validationOutputs, DecodingContext context,
            Metric objective) {
        return tune(validationH, validationOutputs, context);
    }

    /**
     * The ways of tuning this decoder that model selection chooses between, each tuned for a metric on validation
     * predictions: always as many specs, in the same order, whatever the data (for example one common threshold,
     * then one threshold per label). Selection tunes every way on the out-of-fold predictions of the other splits,
     * scores it on the held-out split (so a way with more free values gains nothing from fitting the rows it is
     * scored on), keeps the way of best mean score, and tunes the final decoder that way on every split's
     * predictions. The default is the one way of {@link #tune(Matrix, Matrix, DecodingContext, Metric)}.
     *
     * @param objective the metric the tuned decoder is scored with
     */
    default List<Optional<ComponentSpec>> tuneEachWay(Matrix validationH, Matrix validationOutputs,
            DecodingContext context, Metric objective) {
        return List.of(tune(validationH, validationOutputs, context, objective));
    }

    /**
     * The spec of this decoder decided on the fitted model's leave-one-out predictions of its own training rows (row
     * i predicted by the fit without row i), or empty when its parameters ask for no such decision. The fit calls it
     * once, after fitting the chosen model, where those predictions are exact and cheap: a one-step Tikhonov filter
     * over a separable operator with explicit targets and no kernel sketch (one more eigendecomposition of the n x n
     * Gram). Elsewhere (a sketched, streamed or iterative fit) the decoder is used as given. It is separate from
     * {@link #tunes()}: it needs no hold-out and no decision metric in model selection. The default is empty.
     *
     * @param leaveOneOutH the leave-one-out predictions of the training rows (n x d, the regression's output space)
     * @param outputs      the training rows' true outputs (n x q, missing ones NaN)
     */
    default Optional<ComponentSpec> decideOnLeaveOneOut(Matrix leaveOneOutH, Matrix outputs,
            DecodingContext context) {
        return Optional.empty();
    }

    /**
     * Whether this decoder's parameters ask for {@link #decideOnLeaveOneOut} (so the fit computes the leave-one-out
     * predictions only when they are used). The default is false.
     */
    default boolean decidesOnLeaveOneOut() {
        return false;
    }
}
