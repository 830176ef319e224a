package org.okl.core.solve.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.core.solve.RegressionPath;
import org.okl.core.solve.RegressionProblem;
import org.okl.core.solve.RegressionSolver;
import org.okl.core.solve.iterative.Masks;
import org.okl.core.solve.separable.SeparableSetup;
import org.okl.core.solve.separable.SpectralCoefficients;
import org.okl.core.solve.separable.SymmetricSpectrum;

/**
 * Separable kernels with a low-rank approximation of the input kernel ({@link RegressionProblem#approximation()}:
 * Nystrom or random Fourier features, see {@link Approximations}). With features Z (n x r), k ≈ Z Z^T, the eigen
 * route runs on Z^T Z (r x r, or Z Z^T when r > n): every filter and the whole path in O(n r² + r³), predictions
 * from the features.
 * Explicit and implicit embeddings (A = I) are handled as by the exact separable solver; missing targets are not.
 */
public final class LowRankSolver implements RegressionSolver {

    @Override
    public boolean supports(RegressionProblem problem) {
        return problem.approximation().isPresent()
                && Approximations.NAMES.contains(problem.approximation().get().name())
                && problem.operator() instanceof SeparableOperatorKernel
                && problem.groups().isEmpty()
                && SeparableSetup.onlyOutputCouplings(problem.regularizers());
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        SeparableSetup setup = SeparableSetup.of(problem);
        if (!setup.implicit() && Masks.hasMissing(setup.targets())) {
            throw new IllegalArgumentException("the targets have missing values (NaN); low-rank approximations do "
                    + "not mask missing targets: drop the approximation or the incomplete rows");
        }
        LinearAlgebra la = problem.context().linearAlgebra();
        FeatureMap map = Approximations.features(problem.approximation().orElseThrow(), problem.kernel(),
                problem.inputs(), problem.context().seed(), la);
        Matrix z = map.features(problem.inputs());
        boolean wide = z.cols() > z.rows();
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(wide ? la.outerGram(z) : la.innerGram(z), la);
        double[] values = spectrum.values();
        int rank = 0;
        while (rank < values.length && values[rank] > NystromFeatures.RTOL * values[0]) {
            rank++;
        }
        if (rank == 0) {
            throw new IllegalArgumentException("the approximated input kernel is zero on the training inputs");
        }
        double[] s = java.util.Arrays.copyOf(values, rank);
        Matrix w = spectrum.vectors().columnRange(0, rank);
        if (wide) {
            w = featureBasis(z, w, s, la);
        }
        Matrix scaledBasis = w.copy();
        Matrix rotated = la.multiply(w, true, la.multiply(z, true, setup.targets(), false), false);
        int r = w.rows();
        for (int j = 0; j < rank; j++) {
            double sigma = Math.sqrt(s[j]);
            for (int i = 0; i < r; i++) {
                scaledBasis.data()[i + j * r] *= sigma;
            }
            for (int c = 0; c < rotated.cols(); c++) {
                rotated.data()[j + c * rank] /= sigma;
            }
        }
        rotated = setup.rotateOutputs(rotated, la);
        double sMax = s[0] * setup.outputMax() / problem.size();
        SpectralCoefficients coefficients = new SpectralCoefficients(s, setup.outputValues(), rotated,
                problem.size(), problem.filter(), sMax);
        return new LowRankPath(map, scaledBasis,
                setup.output() == null ? null : setup.output().spectrum().vectors(), setup.outputValues(),
                coefficients, la);
    }

    /**
     * With more features than samples the decomposition runs on Z Z^T = U diag(s) U^T (n x n) instead of Z^T Z
     * (r x r); the eigenvectors of Z^T Z for the same eigenvalues are {@code W = Z^T U diag(s^-1/2)}.
     */
    private static Matrix featureBasis(Matrix z, Matrix u, double[] s, LinearAlgebra la) {
        Matrix w = la.multiply(z, true, u, false);
        int r = w.rows();
        for (int j = 0; j < s.length; j++) {
            double f = 1 / Math.sqrt(s[j]);
            for (int i = 0; i < r; i++) {
                w.data()[i + j * r] *= f;
            }
        }
        return w;
    }
}
