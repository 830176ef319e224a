package org.okl.solvers.separable;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestMatrices;

/**
 * Multi-output Tikhonov with A = I equals scikit-learn's KernelRidge with alpha = n·lambda. Reference values computed
 * once with Debian's python3-sklearn:
 *
 * <pre>
 * import numpy as np
 * from sklearn.kernel_ridge import KernelRidge
 * X = np.array([[0.1,-0.4],[0.7,0.2],[-0.5,0.9],[1.1,-0.8],[-0.9,-0.3],[0.3,0.6],[0.0,0.0],[-0.2,-1.0]])
 * Y = np.array([[1.0,0.5],[0.2,-0.1],[-0.7,0.8],[0.4,0.4],[-1.2,0.0],[0.9,-0.6],[0.1,0.3],[-0.3,-0.9]])
 * Xt = np.array([[0.25,-0.1],[-0.6,0.4],[0.9,0.9]])
 * n = 8; lam = 0.01; sigma = 0.8
 * m = KernelRidge(alpha=n*lam, kernel="rbf", gamma=1/(2*sigma*sigma)).fit(X, Y)
 * for r in m.predict(Xt): print(", ".join(repr(float(v)) for v in r))
 * </pre>
 */
class KernelRidgeReferenceTest {

    @Test
    void multiOutputTikhonovWithIdentityMatchesScikitLearn() {
        Matrix x = Matrix.fromRows(new double[][] {{0.1, -0.4}, {0.7, 0.2}, {-0.5, 0.9}, {1.1, -0.8}, {-0.9, -0.3},
            {0.3, 0.6}, {0.0, 0.0}, {-0.2, -1.0}});
        Matrix y = Matrix.fromRows(new double[][] {{1.0, 0.5}, {0.2, -0.1}, {-0.7, 0.8}, {0.4, 0.4}, {-1.2, 0.0},
            {0.9, -0.6}, {0.1, 0.3}, {-0.3, -0.9}});
        Matrix xTest = Matrix.fromRows(new double[][] {{0.25, -0.1}, {-0.6, 0.4}, {0.9, 0.9}});
        Matrix sklearn = Matrix.fromRows(new double[][] {
            {0.6440419006631122, 0.3185855206474224},
            {-0.8476353605708468, 0.6566985658147717},
            {0.4589397247166105, -0.7563826639015573}});
        var path = new SeparableSolver().fit(SolveFixtures.problem(x, new Gaussian(0.8), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.01)));
        TestMatrices.assertClose(sklearn, path.predictAll(xTest)[0], 1e-12);
        TestMatrices.assertClose(sklearn, path.at(0).predict(xTest), 1e-12);
    }
}
