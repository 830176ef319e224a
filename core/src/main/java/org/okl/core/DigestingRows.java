package org.okl.core;

import java.util.Optional;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.rows.ForwardingRows;
import org.okl.api.rows.RowDigest;
import org.okl.api.rows.RowSource;
import org.okl.api.text.UserText;
import org.okl.linalg.parallel.Workers;

/**
 * Rows whose first complete pass computes their {@link RowDigest} checksum (each block hashed by a task on the
 * workers while the pass computes on it) and checks that no value is infinite or so large that the kernel's sums
 * overflow ({@link TrainingData#MAX_MAGNITUDE}; a NaN output is a missing target, a NaN input is refused).
 */
final class DigestingRows extends ForwardingRows {
    private final Workers workers;
    private String digest;

    /**
     * @param rows    the rows
     * @param workers the pool that hashes the blocks
     */
    DigestingRows(RowSource rows, Workers workers) {
        super(rows);
        this.workers = workers;
    }

    String digest() {
        if (digest == null) {
            forEachInputRowBlock((first, inputs, outputs) -> { });
        }
        return digest;
    }

    /** Fails on the first infinite value, value beyond {@link TrainingData#MAX_MAGNITUDE}, or NaN input. */
    private void requireUsable(long first, InputRows block, boolean nanAllowed, String what) {
        long row;
        int column;
        double value;
        if (block instanceof SparseMatrix sparse) {
            double[] values = sparse.values();
            int k = 0;
            while (k < sparse.nonZeros() && (Double.isNaN(values[k]) ? nanAllowed
                    : Math.abs(values[k]) <= TrainingData.MAX_MAGNITUDE)) {
                k++;
            }
            if (k == sparse.nonZeros()) {
                return;
            }
            int r = 0;
            while (sparse.starts()[r + 1] <= k) {
                r++;
            }
            row = first + r;
            column = sparse.columns()[k];
            value = values[k];
        } else {
            Matrix dense = (Matrix) block;
            int k = TrainingData.firstUnusable(dense, nanAllowed);
            if (k < 0) {
                return;
            }
            row = first + k % dense.rows();
            column = k / dense.rows();
            value = dense.data()[k];
        }
        throw new OklException(ErrorCode.INVALID_DATA, UserText.escape(rows.description()) + ": "
                + TrainingData.unusable(what, value, row, column, null));
    }

    @Override
    public Optional<Matrix> inMemory() {
        return rows.inMemory();
    }

    @Override
    public void prepare() {
        rows.prepare();
    }

    @Override
    public InputRows sample(int count, long seed) {
        return rows.sample(count, seed);
    }

    @Override
    public Matrix uniformSample(int count, long seed) {
        return rows.uniformSample(count, seed);
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        forEachInputRowBlock((first, inputs, outputs) -> visitor.accept(first, inputs.toDense(), outputs));
    }

    @Override
    public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        if (digest != null) {
            rows.forEachInputRowBlock(visitor);
            return;
        }
        RowDigest md = new RowDigest();
        rows.forEachInputRowBlock((first, inputs, outputs) -> {
            requireUsable(first, inputs, false, "inputs");
            requireUsable(first, outputs, true, "outputs");
            Workers.Pending<Void> hashing = workers.start(() -> {
                md.update(first, inputs, outputs);
                return null;
            });
            try {
                visitor.accept(first, inputs, outputs);
            } finally {
                hashing.await();
            }
            hashing.join();
        });
        digest = md.hex();
    }
}
