package org.okl.kernels.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.kernels.testing.Ranges;
import org.okl.kernels.testing.SpecParameters;
import org.okl.testkit.TestMatrices;

/** Output matrices against closed forms, hand computations and inverses computed by a naive dense solve. */
class OutputMatricesTest {
    private final PluginContext context = new PluginContext();

    private Matrix build(ComponentSpec spec, Matrix targets) {
        return context.create(OutputMatrix.class, spec).build(targets, context);
    }

    private static Matrix targets(int n, int d) {
        return TestMatrices.random(n, d, 17);
    }

    @Test
    void identityHasTheTargetDimension() {
        assertThat(build(ComponentSpec.of("identity"), targets(5, 4)).maxAbsDifference(Matrix.identity(4))).isZero();
    }

    @Test
    void commonSimilarityHasTheClosedFormEigenvalues() {
        int d = 5;
        double omega = 0.3;
        Matrix a = build(ComponentSpec.of("common-similarity", "omega", omega), targets(4, d));
        double[] eig = context.linearAlgebra().eigenvaluesSymmetric(a);
        assertThat(eig[0]).isCloseTo(1 - omega + omega * d, within(1e-13));
        for (int i = 1; i < d; i++) {
            assertThat(eig[i]).isCloseTo(1 - omega, within(1e-13));
        }
        assertThat(a.get(0, 1)).isEqualTo(omega);
        assertThat(a.get(2, 2)).isEqualTo(1.0);
    }

    @Test
    void outputLaplacianOfAThreeLabelPathMatchesAHandComputation() {
        // columns (0,0), (1,0), (10,0): with one neighbour, 0 <-> 1 and 2 -> 1, so W is the path 0 - 1 - 2.
        Matrix y = Matrix.fromRows(new double[][] {{0, 1, 10}, {0, 0, 0}});
        OutputLaplacianMatrix m = new OutputLaplacianMatrix(0.5, 1);
        Matrix w = Matrix.fromRows(new double[][] {{0, 1, 0}, {1, 0, 1}, {0, 1, 0}});
        assertThat(m.graph(y).maxAbsDifference(w)).isZero();
        double r = Math.sqrt(2);
        // normalised Laplacian of the path: eigenvalues 0, 1, 2; pinv = v1 v1^T + v2 v2^T / 2 with
        // v1 = (1, 0, -1)/sqrt 2 (eigenvalue 1) and v2 = (1, -sqrt 2, 1)/2 (eigenvalue 2)
        Matrix pinv = Matrix.fromRows(new double[][] {
                {5.0 / 8, -r / 8, -3.0 / 8}, {-r / 8, 1.0 / 4, -r / 8}, {-3.0 / 8, -r / 8, 5.0 / 8}});
        Matrix expected = pinv.times(0.5).addToDiagonal(0.5);
        Matrix a = build(ComponentSpec.of("output-laplacian", "gammaO", 0.5, "neighbours", 1), y);
        assertThat(a.maxAbsDifference(expected)).isLessThan(1e-13);
        Matrix lap = m.laplacian(y);
        assertThat(lap.get(0, 1)).isCloseTo(-1 / r, within(1e-15));
        assertThat(lap.get(0, 2)).isZero();
    }

    @Test
    void outputLaplacianIgnoresMissingTargetsAndIsolatesALabelWithoutData() {
        double nan = Double.NaN;
        Matrix y = Matrix.fromRows(new double[][] {{0, 1, 10, nan}, {0, 0, 0, nan}, {nan, 5, nan, nan}});
        OutputLaplacianMatrix m = new OutputLaplacianMatrix(0.5, 1);
        Matrix w = Matrix.fromRows(new double[][] {{0, 1, 0, 0}, {1, 0, 1, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}});
        assertThat(m.graph(y).maxAbsDifference(w)).isZero();
        Matrix lap = m.laplacian(y);
        assertThat(lap.get(3, 3)).isEqualTo(1.0);
        assertThat(lap.get(3, 1)).isZero();
        Matrix a = m.build(y, context);
        assertThat(a.get(3, 3)).isCloseTo(1.0, within(1e-13));
    }

    @Test
    void outputLaplacianCapsTheNeighboursAtDMinusOne() {
        Matrix a = build(ComponentSpec.of("output-laplacian", "gammaO", 0.9, "neighbours", 5), targets(6, 2));
        // two labels, one edge: L = [[1, -1], [-1, 1]], pinv(L) = L / 4
        Matrix expected = Matrix.fromRows(new double[][] {{1, -1}, {-1, 1}}).times(0.9 / 4).addToDiagonal(0.1);
        assertThat(a.maxAbsDifference(expected)).isLessThan(1e-13);
    }

    @Test
    void graphMatrixIsTheInverseOfDMinusMComputedNaively() {
        double[][] m = {{0.5, 1, 0}, {1, 0.2, 2}, {0, 2, 0.1}};
        Matrix weights = Matrix.fromRows(m);
        Matrix penalty = Matrix.zeros(3, 3);
        for (int l = 0; l < 3; l++) {
            double rowSum = m[l][0] + m[l][1] + m[l][2];
            for (int q = 0; q < 3; q++) {
                penalty.set(l, q, (l == q ? rowSum + m[l][l] : 0) - m[l][q]);
            }
        }
        Matrix expected = TestMatrices.naiveSolve(penalty, Matrix.identity(3));
        Matrix a = build(ComponentSpec.of("graph", "weights", List.of(0.5, 1.0, 0.0, 1.0, 0.2, 2.0, 0.0, 2.0, 0.1)),
                targets(4, 3));
        assertThat(a.maxAbsDifference(expected)).isLessThan(1e-12);
        assertThat(new GraphMatrix(weights, "weights").penalty().maxAbsDifference(penalty)).isZero();
    }

    @Test
    void graphMatrixWithoutSelfWeightsIsTheMoorePenroseInverse() {
        Matrix a = build(ComponentSpec.of("graph", "weights", List.of(0.0, 1.0, 0.0, 1.0, 0.0, 3.0, 0.0, 3.0, 0.0)),
                targets(4, 3));
        Matrix l = Matrix.fromRows(new double[][] {{1, -1, 0}, {-1, 4, -3}, {0, -3, 3}});
        assertThat(TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(l, a), l).maxAbsDifference(l))
                .isLessThan(1e-12);
        assertThat(TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(a, l), a).maxAbsDifference(a))
                .isLessThan(1e-12);
        assertThat(a.maxAbsDifference(a.transpose())).isZero();
        // the null space of L (constants) is the null space of pinv(L)
        assertThat(a.get(0, 0) + a.get(0, 1) + a.get(0, 2)).isCloseTo(0.0, within(1e-12));
    }

    @Test
    void clusteringMatrixIsTheInverseOfTheClusterPenaltyComputedNaively() {
        int[] clusters = {0, 0, 1, 2, 1};
        int d = clusters.length;
        Matrix e = Matrix.zeros(d, 3);
        for (int l = 0; l < d; l++) {
            e.set(l, clusters[l], 1.0);
        }
        Matrix ete = TestMatrices.naiveMultiply(e, true, e, false);
        Matrix projector = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(e,
                TestMatrices.naiveSolve(ete, Matrix.identity(3))), false, e, true);
        Matrix g = Matrix.identity(d).times(0.5).plus(projector.times(3.0 - 0.5));
        Matrix expected = TestMatrices.naiveSolve(g, Matrix.identity(d));
        Matrix a = build(ComponentSpec.of("clustering", "eps1", 0.5, "eps2", 3.0, "clusters",
                List.of(0.0, 0.0, 1.0, 2.0, 1.0)), targets(3, d));
        assertThat(a.maxAbsDifference(expected)).isLessThan(1e-12);
    }

    @Test
    void covarianceIsTheSecondMomentOfTheTargetsOptionallyCentredAndShrunk() {
        Matrix y = targets(12, 3);
        Matrix second = TestMatrices.naiveMultiply(y, true, y, false).times(1.0 / 12);
        assertThat(build(ComponentSpec.of("covariance"), y).maxAbsDifference(second)).isLessThan(1e-14);
        double[] mean = new double[3];
        for (int j = 0; j < 3; j++) {
            for (int i = 0; i < 12; i++) {
                mean[j] += y.get(i, j) / 12;
            }
        }
        Matrix centred = second.copy();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                centred.add(i, j, -mean[i] * mean[j]);
            }
        }
        Matrix c = build(ComponentSpec.of("covariance", "centred", true, "shrinkage", 0.25), y);
        double trace = centred.get(0, 0) + centred.get(1, 1) + centred.get(2, 2);
        Matrix expected = centred.times(0.75).addToDiagonal(0.25 * trace / 3);
        assertThat(c.maxAbsDifference(expected)).isLessThan(1e-14);
        Matrix missing = y.copy();
        missing.set(0, 0, Double.NaN);
        assertThatThrownBy(() -> build(ComponentSpec.of("covariance"), missing)).hasMessageContaining("NaN");
    }

    @Test
    void fileMatrixIsReadAndChecked(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("a.csv");
        Files.writeString(good, "# A\n2, 1\n1 ,2\n");
        Matrix a = build(ComponentSpec.of("file", "path", good.toString()), targets(3, 2));
        assertThat(a.maxAbsDifference(Matrix.fromRows(new double[][] {{2, 1}, {1, 2}}))).isZero();
        assertThatThrownBy(() -> build(ComponentSpec.of("file", "path", good.toString()), targets(3, 3)))
                .hasMessageContaining("file: parameter 'path'")
                .hasMessageContaining("3 outputs");
        Path indefinite = dir.resolve("b.csv");
        Files.writeString(indefinite, "1 2\n2 1\n");
        assertThatThrownBy(() -> build(ComponentSpec.of("file", "path", indefinite.toString()), targets(3, 2)))
                .hasMessageContaining("'path'")
                .hasMessageContaining("not positive semi-definite");
        Path asymmetric = dir.resolve("c.csv");
        Files.writeString(asymmetric, "1 0.5\n0 1\n");
        assertThatThrownBy(() -> build(ComponentSpec.of("file", "path", asymmetric.toString()), targets(3, 2)))
                .hasMessageContaining("not symmetric");
        assertThatThrownBy(() -> build(ComponentSpec.of("file", "path", dir.resolve("none").toString()), targets(1, 1)))
                .hasMessageContaining("does not exist");
        Path passwd = dir.resolve("passwd");
        Files.writeString(passwd, "root:x:0:0:root:/root:/bin/bash\u001b[2J\n");
        assertThatThrownBy(() -> build(ComponentSpec.of("file", "path", passwd.toString()), targets(1, 1)))
                .as("a file that is not a matrix: its text quoted, escaped and cut")
                .hasMessageContaining("line 1 field 1: 'root:x:0:0:root:/root:/bin/bash\\x1b[2J' is not a number");
    }

    @Test
    void invalidParametersFailWithMessagesNamingTheParameter() {
        assertThatThrownBy(() -> OutputMatrixFactories.commonSimilarity()
                .create(new SpecParameters(ComponentSpec.of("common-similarity", "omega", 1.5)), context))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("common-similarity: parameter 'omega'");
        assertThatThrownBy(() -> OutputMatrixFactories.outputLaplacian().create(
                new SpecParameters(ComponentSpec.of("output-laplacian", "gammaO", 1.0, "neighbours", 2)), context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'gammaO'");
        assertThatThrownBy(() -> build(ComponentSpec.of("output-laplacian", "gammaO", 1.0), targets(2, 2)))
                .hasMessageContaining("'gammaO'");
        assertThatThrownBy(() -> build(ComponentSpec.of("graph", "weights", List.of(0.0, 1.0, 2.0, 0.0)),
                targets(2, 2))).hasMessageContaining("graph: parameter 'weights'").hasMessageContaining("symmetric");
        assertThatThrownBy(() -> build(ComponentSpec.of("graph", "weights", List.of(0.0, 1.0, 1.0)), targets(2, 2)))
                .hasMessageContaining("'weights'");
        assertThatThrownBy(() -> build(ComponentSpec.of("graph", "weights", List.of(0.0, 1.0, 1.0, 0.0)),
                targets(2, 3))).hasMessageContaining("'weights'").hasMessageContaining("3 outputs");
        assertThatThrownBy(() -> build(ComponentSpec.of("graph"), targets(2, 2))).hasMessageContaining("'weights'");
        assertThatThrownBy(() -> OutputMatrixFactories.graph().create(new SpecParameters(ComponentSpec.of("graph",
                "weights", List.of(0.0, -1.0, -1.0, 0.0))), context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("non-negative");
        assertThatThrownBy(() -> build(ComponentSpec.of("clustering", "eps1", 1.0, "eps2", 2.0, "clusters",
                List.of(0.0, 1.5)), targets(2, 2))).hasMessageContaining("clustering: parameter 'clusters'");
        assertThatThrownBy(() -> build(ComponentSpec.of("clustering", "eps1", 1.0, "eps2", 2.0, "clusters",
                List.of(0.0, 1.0)), targets(2, 3))).hasMessageContaining("'clusters'");
        assertThatThrownBy(() -> OutputMatrixFactories.clustering().create(new SpecParameters(ComponentSpec.of(
                "clustering", "eps1", 0.0, "eps2", 2.0, "clusters", List.of(0.0))), context))
                .hasMessageContaining("'eps1'");
    }

    @Test
    void declaredParameterSpecsCarryTheirRanges() {
        assertThat(Ranges.of(OutputMatrixFactories.commonSimilarity().parameters(), "omega")).isEqualTo("[0, 1]");
        assertThat(Ranges.of(OutputMatrixFactories.outputLaplacian().parameters(), "gammaO")).isEqualTo("[0, 1)");
        assertThat(Ranges.of(OutputMatrixFactories.outputLaplacian().parameters(), "neighbours")).isEqualTo("[1, inf]");
        assertThat(Ranges.of(OutputMatrixFactories.clustering().parameters(), "eps1")).isEqualTo("(0, inf]");
        assertThat(Ranges.of(OutputMatrixFactories.covariance().parameters(), "shrinkage")).isEqualTo("[0, 1]");
        assertThat(Ranges.of(OutputMatrixFactories.graph().parameters(), "weights")).isEqualTo("[0, inf]");
    }
}
