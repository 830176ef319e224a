package org.okl.decoders.output;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** The one matrix product behind every pre-image criterion: {@code S = 1 diag^T - 2 h G}. */
final class PreImage {

    private PreImage() {
    }

    /**
     * The t x N_c matrix {@code S[i][c] = self[c] - 2 (h op(cross))[i][c]} in one gemm.
     *
     * @param h              t x k
     * @param cross          k x N_c, or N_c x k when {@code transposeCross}
     * @param transposeCross whether {@code cross} is given transposed
     * @param self           the candidates' squared norms l(y_c, y_c), length N_c
     */
    static Matrix scores(LinearAlgebra linearAlgebra, Matrix h, Matrix cross, boolean transposeCross, double[] self) {
        int t = h.rows();
        int nc = self.length;
        Matrix s = Matrix.zeros(t, nc);
        double[] d = s.data();
        for (int c = 0; c < nc; c++) {
            Arrays.fill(d, c * t, (c + 1) * t, self[c]);
        }
        if (t > 0 && nc > 0 && h.cols() > 0) {
            linearAlgebra.gemm(-2.0, h, false, cross, transposeCross, 1.0, s);
        }
        return s;
    }

    /**
     * Candidates prepared for the pre-image criterion {@link #scores}: the prediction side (a check or a map of h),
     * the candidate side and the candidates' own terms.
     */
    static CandidateScoring.PreparedCandidates prepared(LinearAlgebra linearAlgebra, UnaryOperator<Matrix> side,
            Matrix cross, boolean transposeCross, double[] self) {
        return new CandidateScoring.PreparedCandidates() {
            @Override
            public Matrix distances(Matrix h) {
                return scores(linearAlgebra, side.apply(h), cross, transposeCross, self);
            }

            @Override
            public Optional<CandidateScoring.PreImageTerms> terms(Matrix h) {
                return Optional.of(new CandidateScoring.PreImageTerms(side.apply(h), cross, transposeCross, self));
            }
        };
    }

    /** The squared Euclidean norm of every row. */
    static double[] squaredRowNorms(Matrix m) {
        int r = m.rows();
        double[] norms = new double[r];
        double[] d = m.data();
        for (int j = 0; j < m.cols(); j++) {
            int off = j * r;
            for (int i = 0; i < r; i++) {
                double v = d[off + i];
                norms[i] += v * v;
            }
        }
        return norms;
    }

    /** Checks that predictions have the width the embedding expects. */
    static Matrix requireColumns(String id, Matrix h, int expected, String meaning) {
        if (h.cols() != expected) {
            throw new IllegalArgumentException(id + ": predictions have " + h.cols() + " columns, expected " + expected
                    + " (" + meaning + ")");
        }
        return h;
    }
}
