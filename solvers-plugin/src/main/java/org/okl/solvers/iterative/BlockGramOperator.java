package org.okl.solvers.iterative;

import org.okl.api.component.ComponentContext;
import org.okl.api.filter.GramOperator;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;

/** The Gram action of a general operator-valued kernel on the training inputs, through its {@code apply}. */
public final class BlockGramOperator implements GramOperator {
    private final BlockOperatorKernel operator;
    private final Matrix inputs;
    private final Matrix inputKernelGram;
    private final ComponentContext context;

    /**
     * @param operator        the kernel
     * @param inputs          the training inputs (n x p)
     * @param inputKernelGram the scalar Gram k(X, X), or {@code null} when the kernel ignores it
     * @param context         back-end and seed
     */
    public BlockGramOperator(BlockOperatorKernel operator, Matrix inputs, Matrix inputKernelGram,
            ComponentContext context) {
        this.operator = operator;
        this.inputs = inputs;
        this.inputKernelGram = inputKernelGram;
        this.context = context;
    }

    @Override
    public int size() {
        return inputs.rows();
    }

    @Override
    public Matrix apply(Matrix coefficients) {
        return operator.apply(inputs, inputs, inputKernelGram, coefficients, context);
    }
}
