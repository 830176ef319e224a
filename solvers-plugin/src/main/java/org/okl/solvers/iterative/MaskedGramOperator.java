package org.okl.solvers.iterative;

import org.okl.api.filter.GramOperator;
import org.okl.api.linalg.Matrix;

/**
 * The Gram action restricted to observed targets, {@code C -> M ∘ (Gamma C)}. An iterative filter run on it with the
 * zero-filled targets M ∘ Y uses the masked residual M ∘ (Y - Gamma C), so its coefficients stay on the observed
 * entries: the filter applied to the masked operator P Gamma P.
 */
public final class MaskedGramOperator implements GramOperator {
    private final GramOperator gram;
    private final Matrix mask;

    /**
     * @param gram the full Gram action
     * @param mask 1 for observed, 0 for missing targets (n x d)
     */
    public MaskedGramOperator(GramOperator gram, Matrix mask) {
        this.gram = gram;
        this.mask = mask;
    }

    @Override
    public int size() {
        return gram.size();
    }

    @Override
    public Matrix apply(Matrix coefficients) {
        return Masks.apply(mask, gram.apply(coefficients));
    }
}
