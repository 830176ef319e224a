package org.okl.kernels.scalar;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.KernelContract;

/** Every built-in scalar kernel against the shared {@link KernelContract}. */
class ScalarKernelContractsTest {

    private static VectorKernel create(ComponentSpec spec) {
        return new PluginContext().kernel(spec);
    }

    /** Non-negative inputs with some zero rows, for the Tanimoto kernels. */
    private static Matrix nonNegative(int n, int p, Random random) {
        Matrix m = Matrix.zeros(n, p);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < p; j++) {
                m.set(i, j, i % 7 == 3 ? 0.0 : (random.nextDouble() < 0.4 ? 0.0 : random.nextInt(3)));
            }
        }
        return m;
    }

    @Nested
    class Linear extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("linear"));
        }
    }

    @Nested
    class Polynomial extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("polynomial", "degree", 3, "offset", 0.5));
        }
    }

    @Nested
    class Gaussian extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("gaussian", "sigma", 1.3));
        }
    }

    @Nested
    class Laplacian extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("laplacian", "sigma", 2.0));
        }
    }

    @Nested
    class Tanimoto extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("tanimoto"));
        }

        @Override
        protected Matrix inputs(int n, Random random) {
            return nonNegative(n, 6, random);
        }
    }

    @Nested
    class GaussianTanimoto extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("gaussian-tanimoto", "sigma", 0.7));
        }

        @Override
        protected Matrix inputs(int n, Random random) {
            return nonNegative(n, 6, random);
        }
    }

    @Nested
    class SequenceOneHot extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("sequence-one-hot", "alphabet", 4));
        }

        @Override
        protected Matrix inputs(int n, Random random) {
            Matrix m = Matrix.zeros(n, 5);
            for (int i = 0; i < n; i++) {
                int length = random.nextInt(6);
                for (int t = 0; t < length; t++) {
                    m.set(i, t, 1 + random.nextInt(4));
                }
            }
            return m;
        }
    }

    @Nested
    class Normalized extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("normalized", "kernel",
                    ComponentSpec.of("polynomial", "degree", 2, "offset", 1.0)));
        }
    }

    @Nested
    class Sum extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("sum", "kernels",
                    List.of(ComponentSpec.of("gaussian", "gamma", 0.3), ComponentSpec.of("linear"))));
        }
    }

    @Nested
    class Product extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("product", "kernels",
                    List.of(ComponentSpec.of("laplacian", "sigma", 1.0), ComponentSpec.of("polynomial"))));
        }
    }

    @Nested
    class Scaled extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("scaled", "factor", 2.5, "kernel",
                    ComponentSpec.of("gaussian", "sigma", 1.0)));
        }
    }

    @Nested
    class ArdGaussian extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("ard-gaussian", "widths", List.of(0.7, 2.0, 1e6)));
        }
    }

    @Nested
    class ArdLaplacian extends KernelContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return create(ComponentSpec.of("ard-laplacian", "widths", List.of(1.5, 0.4, 3.0)));
        }
    }
}
