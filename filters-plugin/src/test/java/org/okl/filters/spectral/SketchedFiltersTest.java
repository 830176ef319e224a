package org.okl.filters.spectral;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.streamed.EigenRoute;
import org.okl.linalg.streamed.FalkonRoute;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The five built-in filters through the sketched solvers: with every training point a Nystrom landmark the
 * low-rank eigen route is the exact separable solution (the dense nd x nd oracle); Falkon's passes give the eigen
 * route's weights and fold errors for every filter it runs.
 */
class SketchedFiltersTest {
    private static final int N = 40;
    private static final int D = 3;
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final Gaussian kernel = new Gaussian(1.2);
    private final Matrix x = TestMatrices.random(N, 3, 61);
    private final Matrix xTest = TestMatrices.random(6, 3, 62);
    private final Matrix y = SolveFixtures.targets(x, D, 63);
    private final Matrix a = SolveFixtures.commonSimilarity(D, 0.5);

    private static List<SpectralFilter> filters() {
        return List.of(new Tikhonov(List.of(1e-4, 1e-2)), new TruncatedSvd(List.of(1e-3, 0.05)),
                new IteratedTikhonov(List.of(1e-3, 0.05), 3), new Landweber(30, Double.NaN), new NuMethod(20, 1.0));
    }

    @Test
    void everyFilterWithEveryPointAsLandmarkEqualsTheDenseOracle() {
        Matrix blockGram = SolveFixtures.kronecker(kernel.gram(x), a);
        double sMax = la.eigenvaluesSymmetric(blockGram)[0] / N;
        for (SpectralFilter filter : filters()) {
            RegressionPath path = new org.okl.solvers.lowrank.LowRankEigenSolver(0).fit(new RegressionProblem(x,
                    kernel, new FixedSeparable(a), SolveFixtures.explicit(y), filter, List.of(), Optional.empty(),
                    Optional.empty(), Optional.of(ComponentSpec.of("nystrom", "rank", N)), TestContext.active()));
            Matrix[] all = path.predictAll(xTest);
            for (int j = 0; j < filter.pathLength(); j += Math.max(1, filter.pathLength() - 1)) {
                Matrix c = SolveFixtures.denseFilter(blockGram, y, filter, j, sMax);
                Matrix expected = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(kernel.gram(xTest, x), c), a);
                TestMatrices.assertClose(expected, all[j], 1e-8);
            }
        }
    }

    @Test
    void falkonEqualsTheEigenRouteForEveryFilterItRuns() {
        NystromFeatures features = new NystromFeatures(kernel, x.selectRows(new int[] {0, 7, 13, 22, 30, 38}));
        OutputSpectrum output = OutputSpectrum.of(a, la);
        FoldScheme scheme = FoldScheme.kFold(4, 2);
        for (SpectralFilter filter : filters()) {
            if (filter instanceof TruncatedSvd) {
                continue;
            }
            SketchSelection.Result eigen = new EigenRoute(la, 0).fit(features, new MatrixRows(x, y), m -> m, scheme,
                    output, filter, new StreamTimings());
            SketchSelection.Result falkon = new FalkonRoute(la, 16, 400, 1e-13).fit(features, new MatrixRows(x, y),
                    m -> m, scheme, output, filter, new StreamTimings());
            Matrix phi = features.features(xTest);
            for (int j = 0; j < eigen.length(); j++) {
                TestMatrices.assertClose(la.multiply(phi, eigen.weights()[j]), la.multiply(phi, falkon.weights()[j]),
                        1e-7);
                for (int f = 0; f < 4; f++) {
                    double e = eigen.validation()[f][j].squaredErrors()[1];
                    assertThat(falkon.validation()[f][j].squaredErrors()[1]).as(filter + " fold " + f + " point " + j)
                            .isCloseTo(e, org.assertj.core.data.Offset.offset(1e-7 * (1 + e)));
                }
            }
        }
    }
}
