package org.okl.decoders.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputData;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.TestMatrices;

class KpcaEmbeddingTest {
    private final KernelTestContext context = new KernelTestContext();

    @Test
    void coordinatesOfTheTrainingOutputsAreTheTargetsAndSpanTheCentredGram() {
        Matrix y = TestMatrices.random(10, 3, 1);
        KpcaEmbedding.Fitted fitted = (KpcaEmbedding.Fitted) new KpcaEmbedding(KernelTestContext.gaussian(0.8), 64)
                .fit(new OutputData(y, Optional.empty()), context);
        Matrix z = fitted.targets().orElseThrow();
        assertThat(z.cols()).isEqualTo(9);
        TestMatrices.assertClose(z, fitted.encode(y), 1e-10);
        Matrix l = fitted.outputGram();
        Matrix gram = new KernelEmbedding(KernelTestContext.gaussian(0.8))
                .fit(new OutputData(y, Optional.empty()), context).outputGram();
        Matrix centring = Matrix.identity(10);
        for (int k = 0; k < 100; k++) {
            centring.data()[k] -= 0.1;
        }
        Matrix centred = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(centring, gram), centring);
        TestMatrices.assertClose(centred, l, 1e-10);
    }

    /**
     * With a linear output kernel, kPCA is PCA of the centred outputs: the criterion is
     * ||P(c - mean)||^2 - 2 P(y_i - mean) . P(c - mean), P the projector on the top principal axes (commons-math SVD).
     */
    @Test
    void linearKernelDistancesAreThoseOfPrincipalComponentAnalysis() {
        int n = 12;
        int q = 5;
        int p = 3;
        Matrix y = TestMatrices.random(n, q, 2);
        Matrix candidates = TestMatrices.random(6, q, 3);
        var fitted = new KpcaEmbedding(KernelTestContext.linear(), p).fit(new OutputData(y, Optional.empty()),
                context);
        Matrix actual = fitted.candidateDistances(fitted.targets().orElseThrow(), candidates);

        double[] mean = new double[q];
        for (int j = 0; j < q; j++) {
            for (int i = 0; i < n; i++) {
                mean[j] += y.get(i, j) / n;
            }
        }
        Matrix yc = centre(y, mean);
        Matrix cc = centre(candidates, mean);
        SingularValueDecomposition svd = new SingularValueDecomposition(new Array2DRowRealMatrix(yc.toRows()));
        double[][] v = svd.getV().getData();
        Matrix projector = Matrix.zeros(q, q);
        for (int l = 0; l < p; l++) {
            for (int i = 0; i < q; i++) {
                for (int j = 0; j < q; j++) {
                    projector.add(i, j, v[i][l] * v[j][l]);
                }
            }
        }
        Matrix py = TestMatrices.naiveMultiply(yc, projector);
        Matrix pc = TestMatrices.naiveMultiply(cc, projector);
        Matrix expected = Matrix.zeros(n, 6);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 6; c++) {
                double norm = 0;
                double inner = 0;
                for (int j = 0; j < q; j++) {
                    norm += pc.get(c, j) * pc.get(c, j);
                    inner += py.get(i, j) * pc.get(c, j);
                }
                expected.set(i, c, norm - 2 * inner);
            }
        }
        TestMatrices.assertClose(expected, actual, 1e-10);
    }

    private static Matrix centre(Matrix m, double[] mean) {
        Matrix c = m.copy();
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                c.add(i, j, -mean[j]);
            }
        }
        return c;
    }
}
