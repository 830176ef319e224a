package org.okl.solvers.block;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.text.ComponentNames;

/**
 * The predictor {@code f(x) = sum_i Gamma(x, x_i) c_i} of a general operator-valued kernel, computed with the
 * kernel's block product against the training inputs.
 */
public final class BlockExpansion implements Predictor {
    /** The type name written in model files. */
    public static final String TYPE = "block-expansion";

    private final BlockOperatorKernel operator;
    private final VectorKernel kernel;
    private final Matrix centers;
    private final Matrix coefficients;
    private final ComponentContext context;

    /**
     * @param operator     the operator-valued kernel
     * @param kernel       the scalar input kernel, or {@code null} when the operator ignores it
     * @param centers      the training inputs (n x p)
     * @param coefficients C (n x d)
     * @param context      back-end and seed
     */
    public BlockExpansion(BlockOperatorKernel operator, VectorKernel kernel, Matrix centers, Matrix coefficients,
            ComponentContext context) {
        if (centers.rows() != coefficients.rows()) {
            throw new IllegalArgumentException(
                    centers.rows() + " centers but " + coefficients.rows() + " coefficient rows");
        }
        if (coefficients.cols() != operator.outputDimension()) {
            throw new IllegalArgumentException(coefficients.cols() + " coefficient columns for a kernel with "
                    + operator.outputDimension() + " outputs");
        }
        this.operator = operator;
        this.kernel = operator.ignoresInputKernel() ? null : kernel;
        this.centers = centers;
        this.coefficients = coefficients;
        this.context = context;
    }

    /** Rebuilds a stored expansion (arrays {@code centers} and {@code coefficients}). */
    public static BlockExpansion restore(Map<String, Matrix> arrays, PredictionEnvironment environment) {
        if (!(environment.operator() instanceof BlockOperatorKernel block)) {
            throw new IllegalArgumentException(TYPE + " predictor needs a block operator kernel, got "
                    + ComponentNames.of(environment.operator()));
        }
        Matrix centers = arrays.get("centers");
        Matrix coefficients = arrays.get("coefficients");
        if (centers == null || coefficients == null) {
            throw new IllegalArgumentException(TYPE + " predictor needs the arrays 'centers' and 'coefficients'");
        }
        return new BlockExpansion(block, environment.kernel(), centers, coefficients, environment.context());
    }

    @Override
    public Matrix predict(Matrix inputs) {
        Matrix cross = kernel == null ? null : kernel.gram(inputs, centers);
        return operator.apply(inputs, centers, cross, coefficients, context);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("centers", centers);
        m.put("coefficients", coefficients);
        return m;
    }
}
