package org.okl.kernels.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.kernels.testing.PluginContext;
import org.okl.kernels.testing.Ranges;
import org.okl.kernels.testing.SpecParameters;
import org.okl.testkit.TestMatrices;

/** Separable structure against the explicit Kronecker product, the covariance kernels' structure, and errors. */
class OperatorKernelsTest {
    private final PluginContext context = new PluginContext();

    private OperatorKernel create(ComponentSpec spec) {
        return context.create(OperatorKernel.class, spec);
    }

    /** The explicit point-major Kronecker product k ⊗ A (test-only oracle). */
    private static Matrix kronecker(Matrix k, Matrix a) {
        int d = a.rows();
        Matrix out = Matrix.zeros(k.rows() * d, k.cols() * d);
        for (int i = 0; i < k.rows(); i++) {
            for (int j = 0; j < k.cols(); j++) {
                for (int r = 0; r < d; r++) {
                    for (int s = 0; s < d; s++) {
                        out.set(i * d + r, j * d + s, k.get(i, j) * a.get(r, s));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void separableGramIsTheKroneckerProductOfTheInputGramAndA() {
        ComponentSpec separable = ComponentSpec.of("separable", "matrix",
                ComponentSpec.of("common-similarity", "omega", 0.25));
        Matrix a = ((SeparableOperatorKernel) create(separable)).outputMatrix(TestMatrices.random(5, 3, 1), context);
        BlockOperatorKernel sum = (BlockOperatorKernel) create(
                ComponentSpec.of("operator-sum", "dimension", 3, "operators", List.of(separable)));
        Matrix x = TestMatrices.random(6, 2, 2);
        Matrix z = TestMatrices.random(4, 2, 3);
        Matrix k = TestMatrices.random(6, 4, 4);
        Matrix expected = kronecker(k, a);
        assertThat(sum.blockGram(x, z, k, context).maxAbsDifference(expected)).isLessThan(1e-15);
        Matrix c = TestMatrices.random(4, 3, 5);
        Matrix kca = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(k, c), a);
        Matrix vec = new Matrix(12, 1, c.transpose().data());
        Matrix byKronecker = new Matrix(3, 6, TestMatrices.naiveMultiply(expected, vec).data()).transpose();
        assertThat(kca.maxAbsDifference(byKronecker)).isLessThan(1e-13);
        assertThat(sum.apply(x, z, k, c, context).maxAbsDifference(kca)).isLessThan(1e-13);
        assertThat(sum.ignoresInputKernel()).isFalse();
    }

    @Test
    void operatorSumAddsSeparableAndBlockParts() {
        ComponentSpec separable = ComponentSpec.of("separable");
        ComponentSpec field = ComponentSpec.of("div-curl", "sigma", 0.7, "gamma", 0.6);
        BlockOperatorKernel sum = (BlockOperatorKernel) create(
                ComponentSpec.of("operator-sum", "operators", List.of(separable, field)));
        BlockOperatorKernel div = (BlockOperatorKernel) create(field);
        Matrix x = TestMatrices.random(5, 2, 6);
        Matrix k = TestMatrices.random(5, 5, 7);
        Matrix expected = kronecker(k, Matrix.identity(2)).plus(div.blockGram(x, x, null, context));
        assertThat(sum.blockGram(x, x, k, context).maxAbsDifference(expected)).isLessThan(1e-15);
        assertThat(sum.outputDimension()).isEqualTo(2);
    }

    @Test
    void covarianceKernelsExposeTheirStructure() {
        OutputCovarianceKernel cov = (OutputCovarianceKernel) create(ComponentSpec.of("covariance"));
        assertThat(cov.conditional()).isFalse();
        OutputCovarianceKernel cond = (OutputCovarianceKernel) create(
                ComponentSpec.of("conditional-covariance", "epsilon", 0.01));
        assertThat(cond.conditional()).isTrue();
        assertThat(cond.epsilon()).isEqualTo(0.01);
    }

    @Test
    void divergenceAndCurlFreeKernelsIgnoreTheInputKernel() {
        BlockOperatorKernel k = (BlockOperatorKernel) create(ComponentSpec.of("curl-free", "sigma", 1.0));
        assertThat(k.ignoresInputKernel()).isTrue();
        assertThat(k.outputDimension()).isEqualTo(2);
        assertThat(((DivCurlKernel) create(ComponentSpec.of("divergence-free", "sigma", 1.0))).gamma()).isEqualTo(1.0);
        assertThat(((DivCurlKernel) k).gamma()).isEqualTo(0.0);
        assertThatThrownBy(() -> k.blockGram(TestMatrices.random(2, 3, 1), TestMatrices.random(2, 3, 1), null, context))
                .hasMessageContaining("dimension");
    }

    @Test
    void invalidParametersFailWithMessagesNamingTheParameter() {
        assertThatThrownBy(() -> OperatorKernelFactories.divergenceFree().create(
                new SpecParameters(ComponentSpec.of("divergence-free", "sigma", -1.0, "dimension", 2)), context))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("divergence-free: parameter 'sigma'");
        assertThatThrownBy(() -> OperatorKernelFactories.divCurl().create(new SpecParameters(
                ComponentSpec.of("div-curl", "sigma", 1.0, "gamma", 1.5, "dimension", 2)), context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("div-curl: parameter 'gamma'");
        assertThatThrownBy(() -> OperatorKernelFactories.conditionalCovariance().create(new SpecParameters(
                ComponentSpec.of("conditional-covariance", "epsilon", 0.0)), context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'epsilon'");
        assertThatThrownBy(() -> create(ComponentSpec.of("operator-sum", "operators",
                List.of(ComponentSpec.of("separable"))))).hasMessageContaining("operator-sum: parameter 'dimension'");
        assertThatThrownBy(() -> create(ComponentSpec.of("operator-sum", "operators",
                List.of(ComponentSpec.of("covariance"))))).hasMessageContaining("operator-sum: parameter 'operators'");
        assertThatThrownBy(() -> create(ComponentSpec.of("operator-sum", "operators", List.of(
                ComponentSpec.of("curl-free", "sigma", 1.0),
                ComponentSpec.of("divergence-free", "sigma", 1.0, "dimension", 3)))))
                .hasMessageContaining("'operators'").hasMessageContaining("dimensions");
        BlockOperatorKernel targetDependent = (BlockOperatorKernel) create(ComponentSpec.of("operator-sum",
                "dimension", 3, "operators", List.of(ComponentSpec.of("separable", "matrix",
                        ComponentSpec.of("output-laplacian", "gammaO", 0.5)))));
        Matrix x = TestMatrices.random(3, 2, 1);
        assertThatThrownBy(() -> targetDependent.blockGram(x, x, Matrix.identity(3), context))
                .hasMessageContaining("output-laplacian").hasMessageContaining("targets");
    }

    @Test
    void declaredParameterSpecsCarryTheirRanges() {
        assertThat(Ranges.of(OperatorKernelFactories.divCurl().parameters(), "gamma")).isEqualTo("[0, 1]");
        assertThat(Ranges.of(OperatorKernelFactories.divCurl().parameters(), "sigma")).isEqualTo("(0, inf]");
        assertThat(Ranges.of(OperatorKernelFactories.divergenceFree().parameters(), "sigma")).isEqualTo("(0, inf]");
        assertThat(Ranges.of(OperatorKernelFactories.conditionalCovariance().parameters(), "epsilon"))
                .isEqualTo("(0, inf]");
        assertThat(OperatorKernelFactories.separable().parameters().get(0).defaultValue())
                .isEqualTo(ComponentSpec.of("identity"));
    }
}
