package org.okl.api.rows;

import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * The rows of another source that are in (or out of) one fold of a {@link FoldScheme}, numbered 0.. in their
 * order, for an outer cross-validation over streamed rows: the training part of fold f is every row whose group is
 * not f, its test part the rows of group f. Each pass reads the whole underlying source.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class FoldRows extends ForwardingRows {
    private final FoldScheme scheme;
    private final int fold;
    private final boolean inFold;

    /**
     * @param rows   the underlying rows
     * @param scheme the outer folds
     * @param fold   the fold
     * @param inFold whether to keep the fold's rows (the test part) or every other row (the training part)
     */
    public FoldRows(RowSource rows, FoldScheme scheme, int fold, boolean inFold) {
        super(rows);
        this.scheme = scheme;
        this.fold = fold;
        this.inFold = inFold;
    }

    @Override
    public long size() {
        long[] n = new long[1];
        forEachRowBlock((first, inputs, outputs) -> n[0] += inputs.rows());
        return n[0];
    }

    @Override
    public String description() {
        return rows.description() + (inFold ? " (fold " : " (all but fold ") + (fold + 1) + " of "
                + scheme.validationFolds() + ")";
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        forEachInputRowBlock((first, inputs, outputs) -> visitor.accept(first, inputs.toDense(), outputs));
    }

    @Override
    public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        long[] next = new long[1];
        rows.forEachInputRowBlock((first, inputs, outputs) -> {
            int t = inputs.rows();
            int[] groups = new int[t];
            scheme.groupsOf(first, t, groups);
            int[] kept = java.util.stream.IntStream.range(0, t).filter(i -> (groups[i] == fold) == inFold).toArray();
            if (kept.length == 0) {
                return;
            }
            InputRows x = kept.length == t ? inputs : inputs.selectRows(kept);
            Matrix y = kept.length == t ? outputs : outputs.selectRows(kept);
            visitor.accept(next[0], x, y);
            next[0] += kept.length;
        });
    }
}
