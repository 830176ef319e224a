package org.okl.decoders.output;

import java.util.Arrays;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/**
 * Multi-class classification by vector coding (Baldassarre et al. 2012, Sec. 5.1). The raw output
 * is one column holding the class value; the classes are the sorted distinct training values, and class j is coded
 * as the vector with {@code a} at position j and {@code b} elsewhere: {@code one-hot} (a, b) = (1, 0), {@code simplex}
 * (a, b) = (1, -1/(d-1)), d the number of classes.
 *
 * <p>Scores are the inner products {@code <h, code_j>} with the d class codes. All codes have the same norm, so the
 * largest score is the class whose code is nearest to h (the pre-image over the classes), and for one-hot the scores
 * are h itself. {@link FittedOutputEmbedding#toOutputs(Matrix)} maps every decision row (normally one-hot) to the class
 * value at its largest entry, ties to the lower class.
 */
public final class ClassEmbedding implements OutputEmbedding {

    /** The id of the one-hot coding. */
    public static final String ONE_HOT = "one-hot";
    /** The id of the simplex (sum-to-zero) coding. */
    public static final String SIMPLEX = "simplex";

    private final String id;

    private ClassEmbedding(String id) {
        this.id = id;
    }

    /** The one-hot coding (1, 0). */
    public static ClassEmbedding oneHot() {
        return new ClassEmbedding(ONE_HOT);
    }

    /** The simplex coding (1, -1/(d-1)). */
    public static ClassEmbedding simplex() {
        return new ClassEmbedding(SIMPLEX);
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        Matrix y = data.outputs();
        if (y.cols() != 1) {
            throw new IllegalArgumentException(id + ": expects one output column holding the class, got " + y.cols()
                    + " columns (use 'labels' for multi-label outputs)");
        }
        for (int i = 0; i < y.rows(); i++) {
            if (!Double.isFinite(y.get(i, 0))) {
                throw new DataFormatException("training outputs", i + 1L, "class column",
                        "class value " + y.get(i, 0) + " is not a finite number");
            }
        }
        double[] classes = Arrays.stream(y.data()).distinct().sorted().toArray();
        if (classes.length < 2) {
            throw new IllegalArgumentException(id + ": the training outputs hold " + classes.length
                    + " class, at least 2 are needed");
        }
        int d = classes.length;
        double off = id.equals(SIMPLEX) ? -1.0 / (d - 1) : 0.0;
        Matrix codes = Matrix.zeros(d, d);
        Arrays.fill(codes.data(), off);
        for (int j = 0; j < d; j++) {
            codes.set(j, j, 1.0);
        }
        return new Fitted(id, classes, codes, encode(id, classes, codes, y), context);
    }

    /** The codes (N x d) of outputs holding class values (N x 1); unknown classes are rejected. */
    static Matrix encode(String id, double[] classes, Matrix codes, Matrix outputs) {
        if (outputs.cols() != 1) {
            throw new IllegalArgumentException(id + ": outputs need one column holding the class, got "
                    + outputs.cols());
        }
        int[] index = new int[outputs.rows()];
        for (int i = 0; i < index.length; i++) {
            double v = outputs.get(i, 0);
            int j = Arrays.binarySearch(classes, v);
            if (j < 0) {
                throw new IllegalArgumentException(id + ": class value " + v + " (row " + (i + 1)
                        + ") is not among the training classes " + Arrays.toString(classes));
            }
            index[i] = j;
        }
        return codes.selectRows(index);
    }

    /** The fitted class coding. */
    static final class Fitted extends ExplicitFittedEmbedding {
        private final double[] classes;
        private final Matrix codes;

        Fitted(String id, double[] classes, Matrix codes, Matrix targets, ComponentContext context) {
            super(id, targets, context.linearAlgebra());
            this.classes = classes;
            this.codes = codes;
        }

        /** The sorted class values; class j is coded by row j of {@link #codes()}. */
        double[] classes() {
            return classes.clone();
        }

        /** The class codes, one per row (d x d). */
        Matrix codes() {
            return codes;
        }

        @Override
        Matrix encode(Matrix outputs) {
            return ClassEmbedding.encode(id(), classes, codes, outputs);
        }

        /** The inner products with the class codes, {@code h C^T} (t x d). */
        @Override
        public Matrix scores(Matrix h) {
            return linearAlgebra().multiply(checked(h), false, codes, true);
        }

        @Override
        public Matrix toOutputs(Matrix decisions) {
            checked(decisions);
            Matrix out = Matrix.zeros(decisions.rows(), 1);
            for (int i = 0; i < decisions.rows(); i++) {
                int best = 0;
                for (int j = 1; j < decisions.cols(); j++) {
                    if (decisions.get(i, j) > decisions.get(i, best)) {
                        best = j;
                    }
                }
                out.set(i, 0, classes[best]);
            }
            return out;
        }
    }
}
