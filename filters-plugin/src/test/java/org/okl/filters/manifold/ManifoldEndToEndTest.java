package org.okl.filters.manifold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.filters.spectral.Tikhonov;
import org.okl.solvers.manifold.ManifoldSolver;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The {@code manifold} regularizer and the {@code tikhonov} filter of this module through core's manifold solver,
 * against Laplacian RLS solved densely per output (Q = I) with the Laplacian of the same graph.
 */
class ManifoldEndToEndTest {

    @Test
    void manifoldRegularizerWithTikhonovIsLaplacianRlsPerOutput() {
        TestContext context = TestContext.active();
        LinearAlgebra la = context.linearAlgebra();
        int labelled = 12;
        int unlabelled = 18;
        Matrix x = TestMatrices.random(labelled, 2, 51);
        Matrix u = TestMatrices.random(unlabelled, 2, 52);
        Matrix y = TestMatrices.random(labelled, 2, 53);
        Matrix tests = TestMatrices.random(5, 2, 54);
        VectorKernel kernel = new SolveFixtures.Gaussian(0.8);
        double gammaI = 0.1;
        List<Double> lambdas = List.of(0.01, 0.2);
        GraphPenalty penalty = new GraphPenalty(gammaI, 4, EdgeWeights.GAUSSIAN, true, 2);
        SeparableOperatorKernel identity = (targets, ctx) -> Matrix.identity(targets.cols());
        FittedOutputEmbedding embedding = SolveFixtures.explicit(y);
        RegressionProblem problem = new RegressionProblem(x, kernel, identity, embedding, new Tikhonov(lambdas),
                List.of(new ManifoldRegularizer(penalty)), Optional.of(u), Optional.empty(), Optional.empty(),
                context);
        ManifoldSolver solver = new ManifoldSolver();
        assertThat(solver.supports(problem)).isTrue();
        RegressionPath path = solver.fit(problem);

        Matrix all = x.stackRows(u);
        Matrix laplacian = GraphLaplacian.of(KnnGraph.adjacency(all, 4, EdgeWeights.GAUSSIAN, la), true, 2, la);
        Matrix kN = kernel.gram(all);
        Matrix padded = y.stackRows(Matrix.zeros(unlabelled, 2));
        Matrix[] predicted = path.predictAll(tests);
        for (int j = 0; j < lambdas.size(); j++) {
            Matrix p = laplacian.times(labelled * gammaI);
            for (int i = 0; i < labelled; i++) {
                p.add(i, i, 1);
            }
            Matrix system = naiveMultiply(p, kN).addToDiagonal(labelled * lambdas.get(j));
            Matrix a = naiveSolve(system, padded);
            Matrix expected = naiveMultiply(kernel.gram(tests, all), a);
            TestMatrices.assertClose(expected, predicted[j], 1e-9);
        }
    }
}
