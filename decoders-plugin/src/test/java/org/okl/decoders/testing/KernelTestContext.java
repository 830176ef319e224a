package org.okl.decoders.testing;

import java.nio.file.Path;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.testkit.TestContext;

/**
 * {@link TestContext} plus creation of the test output kernels: {@code gaussian} (parameter {@code sigma}) and
 * {@code linear}.
 */
public final class KernelTestContext implements ComponentContext {
    private final TestContext base = TestContext.active();

    /** A gaussian output-kernel spec. */
    public static ComponentSpec gaussian(double sigma) {
        return ComponentSpec.of("gaussian", "sigma", sigma);
    }

    /** A linear output-kernel spec. */
    public static ComponentSpec linear() {
        return ComponentSpec.of("linear");
    }

    @Override
    public LinearAlgebra linearAlgebra() {
        return base.linearAlgebra();
    }

    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        if (kind != VectorKernel.class) {
            throw new UnsupportedOperationException("test context creates output kernels only, not " + kind);
        }
        VectorKernel kernel = switch (spec.name()) {
            case "gaussian" -> TestKernels.gaussian(((Number) spec.parameters().get("sigma")).doubleValue(),
                    linearAlgebra());
            case "linear" -> TestKernels.linear(linearAlgebra());
            default -> throw new IllegalArgumentException("no test kernel " + spec.name());
        };
        return kind.cast(kernel);
    }

    @Override
    public long seed() {
        return base.seed();
    }

    @Override
    public Optional<Path> dataDirectory() {
        return base.dataDirectory();
    }
}
