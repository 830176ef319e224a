package org.okl.kernels.testing;

import java.nio.file.Path;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.testkit.TestContext;

/**
 * The core test context (active back-end, nested components created and validated by core's registry over the
 * plugins on the test class path) with a shorthand for scalar kernels.
 */
public final class PluginContext implements ComponentContext {
    private final TestContext base = TestContext.active();

    @Override
    public LinearAlgebra linearAlgebra() {
        return base.linearAlgebra();
    }

    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        return base.create(kind, spec);
    }

    /** Creates a scalar kernel from its spec. */
    public VectorKernel kernel(ComponentSpec spec) {
        return create(VectorKernel.class, spec);
    }

    @Override
    public byte[] readFile(String location) {
        return base.readFile(location);
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
