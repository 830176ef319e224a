package org.okl.core;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.okl.api.OklVersion;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.linalg.BlasLibrary;
import org.okl.linalg.LinearAlgebras;

/**
 * Builds the provenance of a model just fitted, the one place that does (the in-memory and the streamed fit both
 * call it): the time, the platform from the JVM, the OKL instance's linear-algebra back-end and its BLAS and the
 * worker pool, the seed and plugins from the OKL instance, and the rest from the fit.
 */
final class ProvenanceFactory {

    private ProvenanceFactory() {
    }

    /**
     * The provenance of a fit.
     *
     * @param okl    the OKL instance that fitted the model
     * @param data   what it was fitted on
     * @param chosen the chosen values: the path parameter and any grid parameters
     * @param solver the id of the solver that fitted the model
     * @param sketch the kernel sketch and its size, or {@code null} without one
     * @param device where the fit ran ({@code cpu}, or the device and what ran there)
     * @param tuning how the values were chosen
     */
    static Provenance fitted(Okl okl, Provenance.DataProvenance data, Map<String, Object> chosen, String solver,
            String sketch, String device, Provenance.SearchProvenance tuning) {
        List<String> plugins = okl.registry().plugins().stream().map(p -> p.name() + "@" + p.version()).toList();
        return new Provenance(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                platform(okl.context().linearAlgebra(), okl.workers().threads(), device), data,
                new Provenance.PipelineProvenance(okl.context().seed(), plugins, chosen, solver, sketch), tuning,
                null);
    }

    /** What a fit on the given back-end, pool and device runs on, in this JVM. */
    static Provenance.Platform platform(LinearAlgebra linearAlgebra, int threads, String device) {
        BlasLibrary blas = LinearAlgebras.blasLibrary(linearAlgebra).orElse(new BlasLibrary("", ""));
        return new Provenance.Platform(OklVersion.get(), System.getProperty("java.vendor", ""),
                Runtime.version().toString(), System.getProperty("os.name", ""), System.getProperty("os.version", ""),
                System.getProperty("os.arch", ""), Runtime.getRuntime().availableProcessors(),
                threads, linearAlgebra.name(), blas.library(), blas.kernels(), device);
    }
}
