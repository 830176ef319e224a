package org.okl.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.linalg.LinearAlgebras;

/**
 * A {@link ComponentContext} for unit tests: a chosen linear-algebra back-end, seed {@value #SEED} and the shared
 * data-set folder when it is found. Unit tests build components directly, so {@link #create} is not supported.
 *
 * <pre>{@code
 * ComponentContext context = TestContext.active();                      // the back-end -Dokl.linalg selects
 * ComponentContext java = TestContext.of(LinearAlgebras.java());        // a specific back-end
 * }</pre>
 */
public final class TestContext implements ComponentContext {

    /** The seed every unit test uses. */
    public static final long SEED = 42L;

    private final LinearAlgebra linearAlgebra;

    /**
     * A context handing out the given back-end.
     *
     * @param linearAlgebra the back-end {@link #linearAlgebra()} returns
     */
    public TestContext(LinearAlgebra linearAlgebra) {
        if (linearAlgebra == null) {
            throw new IllegalArgumentException("linearAlgebra must not be null");
        }
        this.linearAlgebra = linearAlgebra;
    }

    /** A context with the active back-end ({@link LinearAlgebras#active()}, selected by {@code -Dokl.linalg}). */
    public static TestContext active() {
        return new TestContext(LinearAlgebras.active());
    }

    /** A context with the given back-end. */
    public static TestContext of(LinearAlgebra linearAlgebra) {
        return new TestContext(linearAlgebra);
    }

    @Override
    public LinearAlgebra linearAlgebra() {
        return linearAlgebra;
    }

    /**
     * Not supported: unit tests create components directly; the registry is used in integration tests.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        throw new UnsupportedOperationException(
                "unit tests create components directly; the registry is used in integration tests");
    }

    @Override
    public long seed() {
        return SEED;
    }

    /**
     * The shared data-set folder, {@code ../../shared/datasets} or {@code ../shared/datasets} relative to the
     * working directory (the module directory under Maven), whichever exists.
     */
    @Override
    public Optional<Path> dataDirectory() {
        return Stream.of(Path.of("../../shared/datasets"), Path.of("../shared/datasets"))
                .filter(Files::isDirectory)
                .findFirst();
    }
}
