package org.okl.linalg.streamed;

import java.util.function.UnaryOperator;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.Passes;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;

/**
 * The passes over the training rows that {@link FalkonRoute} makes, wherever the rows are: the per-group cross sums
 * (one pass), the Gram products of every training set (one pass per conjugate-gradient iteration or Lanczos step)
 * and the validation errors (one pass). {@link #local} runs them over a {@link RowSource} on this machine; a cluster
 * (okl-spark) runs the same accumulators ({@link CrossSums}, {@link SetProducts}, {@link ValidationSums}) on its
 * workers and merges them, so the solve on this machine is the same either way.
 */
public interface FalkonPasses {

    /** The number of training sets: one per validation fold, then all rows. */
    int sets();

    /** Per group: {@code Phi_g^T W_g Y_g}, the rows and their total weight. */
    CrossSums cross();

    /**
     * Applies every asking set's Gram in one pass.
     *
     * @param v per training set, V_s (m x c_s), or {@code null} when the set does not ask
     * @return per training set, {@code Phi_s^T W_s Phi_s V_s}, or {@code null}
     */
    Matrix[] apply(Matrix[] v);

    /**
     * The squared-error sums of every validation fold at every path point.
     *
     * @param weights per training set and path point, the weights beta (m x d) (only the validation folds' are used)
     */
    SquaredErrors[][] validate(Matrix[][] weights);

    /**
     * The passes over rows read here.
     *
     * @param rows    the rows
     * @param encode  outputs to regression targets
     * @param outputs d
     * @param context the features, folds, block size, back-end and timings
     */
    static FalkonPasses local(RowSource rows, UnaryOperator<Matrix> encode, int outputs, PassContext context) {
        FoldScheme scheme = context.scheme();
        int m = context.features().size();
        StreamTimings timings = context.timings();
        return new FalkonPasses() {
            @Override
            public int sets() {
                return scheme.validationFolds() + 1;
            }

            @Override
            public CrossSums cross() {
                CrossSums sums = new CrossSums(scheme.groups(), m, outputs);
                Passes.run(rows, timings, (first, inputs, raw) -> sums.add(first, inputs, encode.apply(raw), null,
                        context));
                return sums;
            }

            @Override
            public Matrix[] apply(Matrix[] v) {
                int[] offsets = SetProducts.offsets(v);
                if (offsets[v.length] == 0) {
                    return new Matrix[v.length];
                }
                Matrix stacked = SetProducts.stack(v, m);
                SetProducts products = new SetProducts(m, offsets);
                Passes.run(rows, timings, (first, inputs, outputs) -> products.add(first, inputs, null, stacked,
                        context));
                return products.products();
            }

            @Override
            public SquaredErrors[][] validate(Matrix[][] weights) {
                int folds = scheme.validationFolds();
                if (folds == 0) {
                    return new SquaredErrors[0][];
                }
                Matrix[] stacked = ValidationSums.stack(weights, folds);
                ValidationSums sums = new ValidationSums(folds, weights[0].length, weights[0][0].cols());
                Passes.run(rows, timings, (first, inputs, raw) -> sums.add(first, inputs, encode.apply(raw), null,
                        stacked, context));
                return sums.result();
            }
        };
    }
}
