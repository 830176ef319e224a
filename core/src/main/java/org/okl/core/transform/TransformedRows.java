package org.okl.core.transform;

import java.util.List;
import java.util.Optional;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.ForwardingRows;
import org.okl.api.rows.RowSource;

/**
 * Rows seen through fitted transforms, block by block as they are read: what a streamed fit's kernel sketch and
 * sums work on. A sample is the underlying rows' sample transformed (the same rows, since sampling depends on the
 * rows' indices only).
 */
public final class TransformedRows extends ForwardingRows {
    private final FittedTransforms transforms;

    /**
     * @param rows       the untransformed rows
     * @param transforms the fitted transforms
     */
    public TransformedRows(RowSource rows, FittedTransforms transforms) {
        super(rows);
        this.transforms = transforms;
    }

    @Override
    public int dimension() {
        return transforms.inputs().outputDimension(rows.dimension());
    }

    @Override
    public Optional<Matrix> inMemory() {
        return rows.inMemory().map(transforms::transformInputs);
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        rows.forEachRowBlock((first, inputs, outputs) -> visitor.accept(first, transforms.transformInputs(inputs),
                transforms.transformOutputs(outputs)));
    }

    @Override
    public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        rows.forEachInputRowBlock((first, inputs, outputs) -> visitor.accept(first,
                transforms.transformInputs(inputs), transforms.transformOutputs(outputs)));
    }

    /** Sparse when the rows are and no input transform makes them dense. */
    @Override
    public boolean sparse() {
        return rows.sparse() && transforms.inputs().isEmpty();
    }

    @Override
    public Matrix uniformSample(int count, long seed) {
        return transforms.transformInputs(rows.uniformSample(count, seed));
    }

    @Override
    public InputRows sample(int count, long seed) {
        return transforms.transformInputs(rows.sample(count, seed));
    }
}
