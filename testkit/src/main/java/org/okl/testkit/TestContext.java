package org.okl.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.component.FileAccess;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.PluginLoader;
import org.okl.linalg.LinearAlgebras;

/**
 * A {@link ComponentContext} for unit tests: a chosen linear-algebra back-end, seed {@value #SEED}, the shared
 * data-set folder when it is found, and nested components created through a registry of the plugins on the test
 * class path (so a plugin's own tests can create its components by name).
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

    /** Creates a component by name through the plugins on the test class path, validating its parameters. */
    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        return ClassPathRegistry.INSTANCE.create(kind, spec, this);
    }

    /** The ids of the components of a kind that the plugins on the test class path register. */
    @Override
    public List<String> componentIds(Class<?> kind) {
        return List.copyOf(ClassPathRegistry.INSTANCE.components(ComponentKind.of(kind)).keySet());
    }

    /** The ids of the components of a kind that need no parameter. */
    @Override
    public List<String> creatableIds(Class<?> kind) {
        return ClassPathRegistry.INSTANCE.idsWithoutRequiredParameters(ComponentKind.of(kind));
    }

    /** Reads the file itself, as a pipeline being fitted does. */
    @Override
    public byte[] readFile(String location) {
        return FileAccess.LIVE.read(location);
    }

    /** The registry of the plugins on the test class path, built once. */
    private static final class ClassPathRegistry {
        static final ComponentRegistry INSTANCE =
                ComponentRegistry.of(PluginLoader.discover(TestContext.class.getClassLoader(), List.of()));
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
