package org.okl.api.execution;

import java.util.Optional;
import org.okl.api.API;

/**
 * An {@link ExecutionBackEnd} as one runtime opened it: a device, or a cluster's view of the rows it holds. The
 * runtime asks it what it can do by type: OKL's runtime asks for the math module's {@code ComputeDevice} (device
 * forms of the routes, the exact path's Gram, predictions by blocks) and for the runtime's {@code ClusterRows} (the
 * passes of a streamed fit over rows that stay where they are). Implementations are thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
public interface Execution {

    /** Where the work runs, for example {@code cuda:0 NVIDIA H200}; recorded in model provenance. */
    String name();

    /** One line for {@code okl plugins}: the device with its memory and library versions, or the cluster. */
    String description();

    /**
     * What this back-end offers of the given type, or empty when it offers nothing of it.
     *
     * @param type the contract asked for
     */
    <T> Optional<T> facet(Class<T> type);
}
