package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.lowrank.RandomizedEigen;

/**
 * The {@code oel} output: Output Embedding Learning of Brogat-Motte et al. 2022, Algorithm 1
 * (docs/conventions.md#output-embedding-learning).
 *
 * <p>The regression step is the pipeline's: the embedding first fits as the implicit {@code kernel} embedding (targets
 * empty, output Gram L over the labelled outputs), the pipeline's filter learns the weights, and
 * {@link FittedOutputEmbedding#refine(Matrix)} receives the in-sample predictions H_train (n x n, row i =
 * alpha(x_i)^T, so Bx = H_train^T). From them it learns the p-dimensional subspace: the top eigenpairs (mu_l, v_l) of
 * the mixed Gram ({@link MixedGram}), {@code beta = v_l / sqrt(mu_l)}, eigenvalues at or below 1e-10 mu_1 dropped, and
 * the dictionary coefficients {@code Theta = [sqrt(c/n) Bx beta_1; sqrt((1-c)/m) beta_2]} over
 * D = (labelled outputs, unlabelled outputs). Decoding scores a candidate y by
 * {@code l(y, y) - 2 <G h(x), G psi(y)>} with {@code G psi(y) = Theta^T l(D, y)} and
 * {@code G h(x) = Theta^T l(D, Y) alpha(x)} (docs/conventions.md#output-embedding-learning).
 *
 * <p>The eigendecomposition is exact (the mixed Gram formed, O((n+m)^3)) or randomized (Halko et al.; the mixed Gram
 * applied by blocks, seeded from the context's seed). Before {@code refine} the embedding decodes as IOKR.
 *
 * <p>p is capped at the mixed Gram's rank bound, the number of distinct outputs in its blocks ({@link
 * MixedGram#rankBound()}): the Gram has no more positive eigenvalues, so a larger p learns the same embedding, the
 * whole span of the dictionary's features. At the bound (Bx invertible) that span holds every prediction, and OEL
 * scores every candidate as IOKR does (BM22 §3 show it for c = 1 and p = n): a selection that chooses p at the bound
 * has chosen IOKR. The cap also keeps the randomized route's sketch at the bound's size instead of p's.
 */
public final class OelEmbedding implements OutputEmbedding {

    /** The component id. */
    public static final String ID = "oel";

    /** How the top eigenpairs of the mixed Gram are computed. */
    public enum Svd {
        /** A full symmetric eigendecomposition of the formed mixed Gram. */
        EXACT,
        /** The randomized range finder of Halko, Martinsson and Tropp 2011. */
        RANDOMIZED
    }

    private final ComponentSpec kernel;
    private final double c;
    private final int p;
    private final Svd svd;
    private final int oversampling;
    private final int powerIterations;

    /**
     * @param kernel          the output kernel spec
     * @param c               the supervised weight in [0, 1]
     * @param p               the embedding dimension
     * @param svd             the eigendecomposition route
     * @param oversampling    extra random directions of the randomized route
     * @param powerIterations subspace iterations of the randomized route
     */
    public OelEmbedding(ComponentSpec kernel, double c, int p, Svd svd, int oversampling, int powerIterations) {
        if (!(c >= 0 && c <= 1)) {
            throw new InvalidParameterException(ID, "c", "must be in [0, 1], got " + c);
        }
        if (p < 1) {
            throw new InvalidParameterException(ID, "p", "must be >= 1, got " + p);
        }
        this.kernel = kernel;
        this.c = c;
        this.p = p;
        this.svd = svd;
        this.oversampling = oversampling;
        this.powerIterations = powerIterations;
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        Matrix y = data.outputs();
        Matrix u = data.unlabelled().orElse(Matrix.zeros(0, y.cols()));
        if (u.rows() > 0 && u.cols() != y.cols()) {
            throw new IllegalArgumentException(ID + ": unlabelled outputs have " + u.cols() + " columns, the labelled "
                    + y.cols());
        }
        if (c == 0 && u.rows() == 0) {
            throw new InvalidParameterException(ID, "c", "is 0, which learns the embedding from unlabelled outputs"
                    + " only, but none were given");
        }
        VectorKernel l = OutputKernels.create(kernel, y, context);
        return new Unrefined(y, u, l, context);
    }

    /** Before refinement: the implicit kernel embedding of the labelled outputs (decodes as IOKR). */
    final class Unrefined extends KernelEmbedding.Fitted {
        private final Matrix unlabelled;
        private final long seed;

        Unrefined(Matrix outputs, Matrix unlabelled, VectorKernel kernel, ComponentContext context) {
            super(ID, outputs, kernel, context.linearAlgebra());
            this.unlabelled = unlabelled;
            this.seed = context.seed();
        }

        /** OEL learns its subspace from the regression's in-sample predictions. */
        @Override
        public boolean learnsFromRegression() {
            return true;
        }

        /** Learns the output embedding from the in-sample predictions H_train (n x n). */
        @Override
        public FittedOutputEmbedding refine(Matrix trainingPredictions) {
            int n = outputs().rows();
            if (trainingPredictions.rows() != n || trainingPredictions.cols() != n) {
                throw new IllegalArgumentException(ID + ": training predictions are " + trainingPredictions.rows()
                        + " x " + trainingPredictions.cols() + ", expected " + n + " x " + n
                        + " (one weight row per training input)");
            }
            LinearAlgebra la = linearAlgebra();
            Matrix bx = trainingPredictions.transpose();
            MixedGram mixed = new MixedGram(outputs(), outputGram(), bx, unlabelled, c, kernel(), la);
            int rank = Math.min(p, mixed.rankBound());
            SymmetricEigen eigen = svd == Svd.EXACT
                    ? RandomizedEigen.exact(mixed.apply(Matrix.identity(mixed.size())).symmetrize(), rank, la)
                    : RandomizedEigen.compute(mixed, rank, oversampling, powerIterations, seed, la);
            double[] mu = eigen.values();
            int kept = 0;
            while (kept < rank && mu[kept] > 0 && mu[kept] > KpcaEmbedding.RTOL * mu[0]) {
                kept++;
            }
            if (kept == 0) {
                throw new IllegalArgumentException(ID + ": the mixed Gram is zero; no embedding can be learned");
            }
            int nl = mixed.hasLabelled() ? n : 0;
            Matrix beta = Matrix.zeros(mixed.size(), kept);
            for (int l = 0; l < kept; l++) {
                double s = 1.0 / Math.sqrt(mu[l]);
                for (int r = 0; r < mixed.size(); r++) {
                    beta.set(r, l, eigen.vectors().get(r, l) * s);
                }
            }
            Matrix thetaLabelled = mixed.hasLabelled()
                    ? la.multiply(bx, beta.rowRange(0, n)).times(Math.sqrt(mixed.labelledWeight()))
                    : Matrix.zeros(n, kept);
            Matrix thetaUnlabelled = mixed.hasUnlabelled()
                    ? beta.rowRange(nl, mixed.size()).times(Math.sqrt(mixed.unlabelledWeight()))
                    : Matrix.zeros(0, kept);
            Matrix responseT = la.multiply(outputGram(), thetaLabelled);
            Matrix dictionary = outputs();
            Matrix dictionaryEmbedding = responseT.transpose();
            if (mixed.hasUnlabelled()) {
                Matrix[] pass = mixed.embeddingPass(thetaLabelled, thetaUnlabelled);
                responseT = responseT.plus(pass[0]);
                dictionary = dictionary.stackRows(unlabelled);
                dictionaryEmbedding = responseT.transpose().stackColumns(pass[1]);
            }
            return new OelFitted(this, thetaLabelled, thetaUnlabelled, dictionary, dictionaryEmbedding, responseT,
                    kept);
        }
    }
}
