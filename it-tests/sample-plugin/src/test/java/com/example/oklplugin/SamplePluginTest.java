package com.example.oklplugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.testkit.OperatorKernelContract;
import org.okl.testkit.OutputEmbeddingContract;
import org.okl.testkit.PipelineTestKit;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The sample plugin tested as a third party tests theirs, with OKL's test kit: its components pass the contracts of
 * their kinds, and pipelines using them run in process against independent computations. The first part is the
 * README's plugin-testing example (README.md, "Writing a plugin"; {@code ReadmeSnippetsTest} keeps them equal).
 */
class SamplePluginTest {
    /** Two smooth targets on different scales, 40 points of [0, 1) x its square. */
    private static final Matrix X = TestMatrices.random(40, 2, 5);
    private static final Matrix Y = targets(X);

    private static Matrix targets(Matrix x) {
        Matrix y = Matrix.zeros(x.rows(), 2);
        for (int i = 0; i < x.rows(); i++) {
            y.set(i, 0, 10 + 3 * Math.sin(3 * x.get(i, 0)));
            y.set(i, 1, -5 + 2 * Math.cos(3 * x.get(i, 1)));
        }
        return y;
    }

    // readme:begin plugin-tests
    /** output-correlation passes the contract of operator-valued kernels. */
    @Nested
    class OutputCorrelationContract extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return context.create(OperatorKernel.class, ComponentSpec.of("output-correlation", "shrinkage", 0.2));
        }
    }

    /** A pipeline using the plugin fits, predicts, and predicts the same after a model-file round trip. */
    @Test
    void aPipelineWithThePluginFitsPredictsAndReloads() {
        PipelineTestKit kit = PipelineTestKit.with(); // OKL's plugins and this one, from the test class path
        PipelineTestKit.Fit fit = kit.pipeline("""
                {"kernel": {"name": "gaussian", "sigma": 0.3},
                 "operator": {"name": "output-correlation"},
                 "output": {"name": "standardized"},
                 "filter": {"name": "tikhonov", "lambda": 1e-6}}""").fit(X, Y);
        assertThat(fit.predict(X).maxAbsDifference(Y)).isLessThan(1e-2);
        assertThat(fit.reloaded().predict(X).maxAbsDifference(fit.predict(X))).isLessThan(1e-12);
        assertThat(kit.component(OperatorKernel.class, "output-correlation").plugin()).isEqualTo("sample");
    }
    // readme:end plugin-tests

    /** standardized passes the contract of output embeddings. */
    @Nested
    class StandardizedContract extends OutputEmbeddingContract {
        @Override
        protected OutputEmbedding embedding() {
            return context().create(OutputEmbedding.class, ComponentSpec.of("standardized"));
        }

        @Override
        protected ComponentContext context() {
            return TestContext.active();
        }

        @Override
        protected Matrix randomOutputs(int n, long seed) {
            return TestMatrices.random(n, 3, seed).times(4);
        }

        @Override
        protected Decoder exactDecoder() {
            return context().create(Decoder.class, ComponentSpec.of("identity"));
        }
    }

    @Test
    void fullShrinkageIsTheSeparableIdentityKernel() {
        PipelineTestKit kit = PipelineTestKit.with();
        String kernelAndFilter = "\"kernel\": {\"name\": \"gaussian\", \"sigma\": 0.5}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}";
        Matrix test = TestMatrices.random(7, 2, 6);
        Matrix correlation = kit.pipeline("{" + kernelAndFilter + ", \"operator\": {\"name\": \"output-correlation\", "
                + "\"shrinkage\": 1}}").fit(X, Y).predict(test);
        Matrix identity = kit.pipeline("{" + kernelAndFilter + "}").fit(X, Y).predict(test);
        assertThat(correlation.maxAbsDifference(identity)).isLessThan(1e-12);
    }

    @Test
    void standardizedOutputsAreRegressedOnTheStandardisedScale() {
        // kernel ridge on z = (y - mean) / std, mapped back: mean + std * K_t (K + n lambda I)^-1 z, computed naively
        PipelineTestKit kit = PipelineTestKit.with();
        double sigma = 0.5;
        double lambda = 1e-2;
        Matrix test = TestMatrices.random(6, 2, 7);
        Matrix predicted = kit.pipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": " + sigma + "}, "
                + "\"output\": {\"name\": \"standardized\"}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": "
                + lambda + "}}").fit(X, Y).predict(test);
        int n = X.rows();
        Matrix k = gaussian(X, X, sigma).addToDiagonal(n * lambda);
        Matrix cross = gaussian(test, X, sigma);
        for (int j = 0; j < Y.cols(); j++) {
            double[] column = Y.columnValues(j);
            double mean = 0;
            for (double v : column) {
                mean += v / n;
            }
            double variance = 0;
            for (double v : column) {
                variance += (v - mean) * (v - mean) / n;
            }
            double std = Math.sqrt(variance);
            Matrix z = Matrix.zeros(n, 1);
            for (int i = 0; i < n; i++) {
                z.set(i, 0, (column[i] - mean) / std);
            }
            Matrix fitted = TestMatrices.naiveMultiply(cross, TestMatrices.naiveSolve(k, z));
            for (int i = 0; i < test.rows(); i++) {
                assertThat(predicted.get(i, j)).isCloseTo(mean + std * fitted.get(i, 0), within(1e-9));
            }
        }
    }

    private static Matrix gaussian(Matrix a, Matrix b, double sigma) {
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                double d2 = 0;
                for (int c = 0; c < a.cols(); c++) {
                    double t = a.get(i, c) - b.get(j, c);
                    d2 += t * t;
                }
                g.set(i, j, Math.exp(-d2 / (2 * sigma * sigma)));
            }
        }
        return g;
    }
}
