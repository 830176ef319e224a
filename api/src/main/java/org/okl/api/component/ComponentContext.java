package org.okl.api.component;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.LinearAlgebra;

/**
 * What OKL hands to a factory when it creates a component: the active linear-algebra back-end, a way to create
 * nested components by name, the random seed and the data directory.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface ComponentContext {

    /** The linear-algebra back-end every hot path must use. */
    LinearAlgebra linearAlgebra();

    /**
     * Creates a nested component of the given kind from its spec, validating its parameters; for example the output
     * kernel of an output embedding, or the matrix of a separable operator.
     */
    <T> T create(Class<T> kind, ComponentSpec spec);

    /**
     * The ids of every registered component of a kind, sorted (for example every
     * {@link org.okl.api.solve.RegressionSolver}, so that the best supporting one can be chosen); empty when the
     * context has no registry.
     */
    default List<String> componentIds(Class<?> kind) {
        return List.of();
    }

    /**
     * The ids of the registered components of a kind that can be created without parameters (none is required),
     * sorted: those OKL creates on its own to choose among, as it chooses the solver with the highest preference. A
     * component with a required parameter is used only where a pipeline names it with its parameters.
     */
    default List<String> creatableIds(Class<?> kind) {
        return componentIds(kind);
    }

    /**
     * The content of a file a {@link ParameterType#FILE} parameter names, as the parameter gives it. While a pipeline
     * is fitted this reads the file (a path in a pipeline file is relative to that file's folder and stays inside
     * it); in a model loaded from a model file it is the copy the model stored when it was written, and any other
     * location is refused: a model never makes OKL open a path it names. Components read every file they need
     * through this method.
     *
     * @throws InvalidParameterException (or an OKL error) when the file cannot be read, or a stored model holds no
     *                                   copy of it
     */
    default byte[] readFile(String location) {
        throw new UnsupportedOperationException("this context reads no file ('" + location + "')");
    }

    /** The seed every random choice derives from (reproducible runs). */
    long seed();

    /**
     * The data directory: the folder holding data sets that are not bundled, where {@code okl datasets fetch}
     * downloads them ({@code --data-dir}, else {@code OKL_DATA}, else {@code ~/.okl/data}); empty when none is
     * configured.
     */
    Optional<Path> dataDirectory();

    /**
     * The folders data sets are read from, in order: the {@link #dataDirectory() data directory}, then any further
     * read-only folders (a development checkout adds its shared data). The default is the data directory alone.
     */
    default List<Path> dataDirectories() {
        return dataDirectory().map(List::of).orElse(List.of());
    }

    /**
     * The compute device (a GPU) OKL may hand heavy operations to, when one is present and not switched off; empty
     * by default. A component asks it per operation, and does the work itself when it declines.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.1")
    default Optional<Accelerator> accelerator() {
        return Optional.empty();
    }

    /**
     * What the runtime offers components beyond this interface, by type, or empty: OKL's runtime offers the math
     * module's compute devices ({@code org.okl.linalg.device.ComputeDevices}) and worker pool
     * ({@code org.okl.linalg.parallel.Workers}), each held per runtime. Empty by default (a context without a runtime,
     * such as a test's, runs on the CPU with the process's threads).
     *
     * @param type the service asked for
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    default <T> Optional<T> service(Class<T> type) {
        return Optional.empty();
    }
}
