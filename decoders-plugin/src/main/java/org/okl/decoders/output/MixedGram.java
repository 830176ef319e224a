package org.okl.decoders.output;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.decoders.lowrank.SymmetricOperator;

/**
 * The mixed Gram of OEL (BM22 Algorithm 1; docs/conventions.md#output-embedding-learning) as an operator, never formed
 * on the randomized path:
 * <pre>
 *   M = [ wL K_h        wX K_hy ]      K_h = Bx^T L Bx (n x n), K_hy = Bx^T L_su (n x m),
 *       [ wX K_hy^T     wU L_uu ]      wL = c/n, wU = (1-c)/m, wX = sqrt(wL wU)
 * </pre>
 * A block is present only when its weight is positive: the labelled block when c > 0, the unlabelled one when c &lt; 1
 * and m > 0 (docs/conventions.md#output-embedding-learning). The unlabelled part is applied by blocks of unlabelled
 * outputs: each block of columns {@code l(Y, U_b)}, {@code l(U, U_b)} is computed from the output kernel and kept in
 * memory when all blocks fit in {@value #CACHE_BYTES} bytes, else recomputed at every product.
 */
final class MixedGram implements SymmetricOperator {
    /** Memory for one block of unlabelled columns. */
    static final long BLOCK_BYTES = 64L << 20;
    /** Memory under which all unlabelled column blocks are kept between products. */
    static final long CACHE_BYTES = 512L << 20;

    private final LinearAlgebra linearAlgebra;
    private final VectorKernel kernel;
    private final Matrix labelled;
    private final Matrix unlabelled;
    private final Matrix bx;
    private final Matrix kh;
    private final boolean hasLabelled;
    private final boolean hasUnlabelled;
    private final double wL;
    private final double wU;
    private final double wX;
    private final int blockSize;
    private final List<Matrix[]> cache;

    /**
     * @param labelled   the labelled outputs Y (n x q)
     * @param gram       L = l(Y, Y)
     * @param bx         Bx (n x n), column i = alpha(x_i)
     * @param unlabelled the unlabelled outputs U (m x q, m may be 0)
     * @param c          the supervised weight in [0, 1]
     */
    MixedGram(Matrix labelled, Matrix gram, Matrix bx, Matrix unlabelled, double c, VectorKernel kernel,
            LinearAlgebra linearAlgebra) {
        this(labelled, gram, bx, unlabelled, c, kernel, linearAlgebra, BLOCK_BYTES, CACHE_BYTES);
    }

    /** As above, with the memory of one block and the cache limit given (tests use small ones). */
    MixedGram(Matrix labelled, Matrix gram, Matrix bx, Matrix unlabelled, double c, VectorKernel kernel,
            LinearAlgebra linearAlgebra, long blockBytes, long cacheBytes) {
        this.linearAlgebra = linearAlgebra;
        this.kernel = kernel;
        this.labelled = labelled;
        this.unlabelled = unlabelled;
        this.bx = bx;
        int n = labelled.rows();
        int m = unlabelled.rows();
        this.hasLabelled = c > 0;
        this.hasUnlabelled = c < 1 && m > 0;
        this.wL = hasLabelled ? c / n : 0.0;
        this.wU = hasUnlabelled ? (1 - c) / m : 0.0;
        this.wX = Math.sqrt(wL * wU);
        this.kh = hasLabelled ? linearAlgebra.multiply(bx, true, linearAlgebra.multiply(gram, bx), false) : null;
        this.blockSize = (int) Math.max(1, Math.min(Math.max(m, 1), blockBytes / (8L * (n + m))));
        this.cache = 8L * (n + m) * m <= cacheBytes ? new ArrayList<>() : null;
    }

    /** Whether the labelled block is present (c > 0). */
    boolean hasLabelled() {
        return hasLabelled;
    }

    /** Whether the unlabelled block is present (c < 1 and m > 0). */
    boolean hasUnlabelled() {
        return hasUnlabelled;
    }

    /** The weight c/n of the labelled block (0 when absent). */
    double labelledWeight() {
        return wL;
    }

    /** The weight (1-c)/m of the unlabelled block (0 when absent). */
    double unlabelledWeight() {
        return wU;
    }

    /**
     * An upper bound on the rank of M: every column is a combination of the feature vectors psi(y) of the outputs of
     * the blocks present, and equal outputs have equal features, so the rank is at most the number of distinct output
     * rows among them (and at most the order). Multi-label outputs repeat label sets (Bibtex: 2,058 distinct among
     * 4,880), so p beyond this bound learns the same embedding as p at it.
     */
    int rankBound() {
        Set<OutputRow> distinct = new HashSet<>();
        if (hasLabelled) {
            addRows(labelled, distinct);
        }
        if (hasUnlabelled) {
            addRows(unlabelled, distinct);
        }
        return Math.min(size(), distinct.size());
    }

    private static void addRows(Matrix outputs, Set<OutputRow> distinct) {
        for (int i = 0; i < outputs.rows(); i++) {
            distinct.add(new OutputRow(outputs.row(i)));
        }
    }

    private int labelledSize() {
        return hasLabelled ? labelled.rows() : 0;
    }

    @Override
    public int size() {
        return labelledSize() + (hasUnlabelled ? unlabelled.rows() : 0);
    }

    @Override
    public Matrix apply(Matrix x) {
        int n = labelled.rows();
        int nl = labelledSize();
        int k = x.cols();
        Matrix x1 = hasLabelled ? x.rowRange(0, n) : null;
        Matrix top = hasLabelled ? linearAlgebra.multiply(kh, x1).times(wL) : Matrix.zeros(0, k);
        if (!hasUnlabelled) {
            return top;
        }
        Matrix x2 = x.rowRange(nl, x.rows());
        Matrix bx1 = hasLabelled ? linearAlgebra.multiply(bx, x1) : null;
        Matrix sumSu = hasLabelled ? Matrix.zeros(n, k) : null;
        Matrix bottom = Matrix.zeros(unlabelled.rows(), k);
        forEachBlock((from, su, uu) -> {
            Matrix part = linearAlgebra.multiply(uu, true, x2, false).times(wU);
            Matrix x2b = x2.rowRange(from, from + su.cols());
            if (hasLabelled) {
                linearAlgebra.gemm(wX, su, true, bx1, false, 1.0, part);
                linearAlgebra.gemm(1.0, su, false, x2b, false, 1.0, sumSu);
            }
            setRows(bottom, from, part);
        });
        if (hasLabelled) {
            linearAlgebra.gemm(wX, bx, true, sumSu, false, 1.0, top);
        }
        return top.stackRows(bottom);
    }

    /**
     * One pass over the unlabelled blocks for the learned embedding: {@code l(Y, U) thetaU} (n x p), part of
     * {@code R^T = l(Y, D) Theta}, and the embedding of the unlabelled outputs
     * {@code P_U = thetaL^T l(Y, U) + thetaU^T l(U, U)} (p x m).
     *
     * @param thetaLabelled   the rows of Theta on the labelled outputs (n x p)
     * @param thetaUnlabelled the rows of Theta on the unlabelled outputs (m x p)
     * @return {@code {l(Y, U) thetaU, P_U}}
     */
    Matrix[] embeddingPass(Matrix thetaLabelled, Matrix thetaUnlabelled) {
        int p = thetaUnlabelled.cols();
        Matrix cross = Matrix.zeros(labelled.rows(), p);
        Matrix embedded = Matrix.zeros(p, unlabelled.rows());
        forEachBlock((from, su, uu) -> {
            linearAlgebra.gemm(1.0, su, false, thetaUnlabelled.rowRange(from, from + su.cols()), false, 1.0, cross);
            Matrix part = linearAlgebra.multiply(thetaLabelled, true, su, false);
            linearAlgebra.gemm(1.0, thetaUnlabelled, true, uu, false, 1.0, part);
            System.arraycopy(part.data(), 0, embedded.data(), from * p, part.data().length);
        });
        return new Matrix[] {cross, embedded};
    }

    /** Calls {@code action} for each block of unlabelled outputs with {@code l(Y, U_b)} and {@code l(U, U_b)}. */
    private void forEachBlock(BlockAction action) {
        int m = unlabelled.rows();
        int index = 0;
        for (int from = 0; from < m; from += blockSize, index++) {
            Matrix[] block;
            if (cache != null && index < cache.size()) {
                block = cache.get(index);
            } else {
                Matrix ub = unlabelled.rowRange(from, Math.min(m, from + blockSize));
                block = new Matrix[] {kernel.gram(labelled, ub), kernel.gram(unlabelled, ub)};
                if (cache != null) {
                    cache.add(block);
                }
            }
            action.accept(from, block[0], block[1]);
        }
    }

    private static void setRows(Matrix target, int from, Matrix rows) {
        for (int j = 0; j < rows.cols(); j++) {
            System.arraycopy(rows.data(), j * rows.rows(), target.data(), from + j * target.rows(), rows.rows());
        }
    }

    /** One block of unlabelled columns. */
    @FunctionalInterface
    private interface BlockAction {
        void accept(int from, Matrix labelledCross, Matrix unlabelledCross);
    }
}
