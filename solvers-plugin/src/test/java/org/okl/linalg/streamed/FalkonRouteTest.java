package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.solvers.lowrank.FourierFeatures;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** Falkon's passes against the eigen route on the sums (itself checked against naive refits). */
class FalkonRouteTest {
    private static final int N = 120;
    private static final int D = 3;
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final Matrix x = TestMatrices.random(N, 2, 21);
    private final Matrix y = SolveFixtures.targets(x, D, 22);
    private final NystromFeatures features = new NystromFeatures(new SolveFixtures.Gaussian(0.9),
            x.selectRows(new int[] {1, 9, 23, 37, 50, 64, 80, 95, 111}));
    private final OutputSpectrum output = OutputSpectrum.of(SolveFixtures.commonSimilarity(D, 0.6), la);

    private SketchSelection.Result fit(SketchRoute route, FoldScheme scheme, SpectralFilter filter) {
        return route.fit(features, new MatrixRows(x, y), m -> m, scheme, output, filter, new StreamTimings());
    }

    private void assertSame(SketchSelection.Result expected, SketchSelection.Result actual, double tol) {
        Matrix xTest = TestMatrices.random(9, 2, 23);
        Matrix phi = features.features(xTest);
        for (int j = 0; j < expected.length(); j++) {
            TestMatrices.assertClose(la.multiply(phi, expected.weights()[j]), la.multiply(phi, actual.weights()[j]),
                    tol);
            for (int f = 0; f < expected.validation().length; f++) {
                for (int c = 0; c < D; c++) {
                    double e = expected.validation()[f][j].squaredErrors()[c];
                    assertThat(actual.validation()[f][j].squaredErrors()[c]).as("fold %d point %d output %d", f, j, c)
                            .isCloseTo(e, org.assertj.core.data.Offset.offset(tol * (1 + e)));
                }
            }
        }
    }

    @Test
    void tikhonovByPreconditionedConjugateGradientsEqualsTheEigenRoute() {
        FoldScheme scheme = FoldScheme.kFold(3, 4);
        SpectralFilter filter = new SolveFixtures.Tikhonov(1e-5, 1e-3, 1e-1);
        SketchSelection.Result eigen = fit(new EigenRoute(la, 32), scheme, filter);
        SketchSelection.Result falkon = fit(new FalkonRoute(la, 32, 300, 1e-13), scheme, filter);
        assertSame(eigen, falkon, 1e-7);
        assertThat(falkon.rows()).isEqualTo(N);
    }

    @Test
    void iterativeFiltersAsPassesEqualTheEigenRoute() {
        FoldScheme scheme = FoldScheme.holdOut(0.25, 8);
        SpectralFilter filter = new SolveFixtures.Landweber(15);
        assertSame(fit(new EigenRoute(la, 0), scheme, filter), fit(new FalkonRoute(la, 50, 10, 1e-8), scheme,
                filter), 1e-7);
    }

    @Test
    void truncatedSvdAndExplicitFeaturesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> fit(new FalkonRoute(la, 0, 10, 1e-8), FoldScheme.none(),
                new SolveFixtures.Tsvd(1e-3))).hasMessageContaining("use the low-rank-eigen solver");
        FourierFeatures fourier = FourierFeatures.sample(new SolveFixtures.Gaussian(1), 2, 10, new java.util.Random(1),
                la);
        assertThatThrownBy(() -> new FalkonRoute(la, 0, 10, 1e-8).fit(fourier, new MatrixRows(x, y), m -> m,
                FoldScheme.none(), output, new SolveFixtures.Tikhonov(0.1), new StreamTimings()))
                .hasMessageContaining("explicit features");
    }
}
