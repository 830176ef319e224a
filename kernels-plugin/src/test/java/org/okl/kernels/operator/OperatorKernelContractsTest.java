package org.okl.kernels.operator;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.operator.OperatorKernel;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.OperatorKernelContract;

/** Every built-in separable and block operator-valued kernel against the shared {@link OperatorKernelContract}. */
class OperatorKernelContractsTest {

    private static OperatorKernel create(ComponentSpec spec) {
        return new PluginContext().create(OperatorKernel.class, spec);
    }

    @Nested
    class SeparableIdentity extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("separable"));
        }
    }

    @Nested
    class SeparableCommonSimilarity extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("separable", "matrix", ComponentSpec.of("common-similarity", "omega", 0.4)));
        }
    }

    @Nested
    class SeparableOutputLaplacian extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("separable", "matrix",
                    ComponentSpec.of("output-laplacian", "gammaO", 0.7, "neighbours", 1)));
        }

        @Override
        protected int targetDimension() {
            return 5;
        }
    }

    @Nested
    class SeparableCovariance extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("separable", "matrix", ComponentSpec.of("covariance", "centred", true)));
        }
    }

    @Nested
    class DivergenceFree extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("divergence-free", "sigma", 0.9));
        }
    }

    @Nested
    class CurlFree extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("curl-free", "sigma", 1.1));
        }
    }

    @Nested
    class DivCurlIn3d extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("div-curl", "sigma", 1.3, "gamma", 0.3, "dimension", 3));
        }

        @Override
        protected int inputDimension() {
            return 3;
        }
    }

    @Nested
    class OperatorSum extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("operator-sum", "operators", List.of(
                    ComponentSpec.of("separable", "matrix", ComponentSpec.of("common-similarity", "omega", 0.5)),
                    ComponentSpec.of("div-curl", "sigma", 1.0, "gamma", 0.8))));
        }
    }

    @Nested
    class OperatorSumOfSeparableParts extends OperatorKernelContract {
        @Override
        protected OperatorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("operator-sum", "dimension", 3, "operators", List.of(
                    ComponentSpec.of("separable"),
                    ComponentSpec.of("separable", "matrix", ComponentSpec.of("clustering", "eps1", 1.0, "eps2", 0.2,
                            "clusters", List.of(0.0, 1.0, 0.0))))));
        }
    }
}
