package org.okl.api.execution;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.rows.RowSource;

/**
 * A place where OKL's work can run besides the threads of this JVM: a compute device ({@code okl-gpu}) or a cluster
 * that holds the training rows ({@code okl-spark}). A plugin offers back-ends through
 * {@link org.okl.api.plugin.OklPlugin#executionBackEnds()}, as it offers kernels; each OKL runtime opens them for
 * itself when it first needs them, so two runtimes in one JVM hold their own devices. A runtime asks a back-end two
 * things: to open the compute device it offers ({@link #open}), and whether it holds a fit's rows where they are
 * ({@link #holding}); the fit plan records where a fit's passes ran.
 *
 * <p>What an opened back-end does is asked of it by type ({@link Execution#facet}): the device operations and the
 * passes over a cluster's rows are contracts written in the types of the math module (per-fold sums, Falkon's passes)
 * and of the runtime (the pipeline, the fitted transforms), which this JDK-only api does not name. A third party
 * implements those public types and registers the back-end here.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
public interface ExecutionBackEnd {

    /** A unique, stable name, for example {@code okl-gpu}. */
    String name();

    /**
     * Opens the compute device this back-end offers, for one runtime. A back-end that cannot open it (no card, no
     * driver, a Java too old for its binding) says why in {@link Opened#status} instead of failing; one that offers
     * no device (a cluster's) answers {@link Opened#none()}, the default.
     *
     * @param settings which device, the runtime's linear-algebra back-end for the work kept on the CPU, and whether
     *                 the runtime requires the device
     */
    default Opened open(Settings settings) {
        return Opened.none();
    }

    /**
     * The execution that holds these rows where they are (a cluster's back-end recognises the rows of its data sets),
     * whose passes over them the runtime then runs there; empty, the default, for rows it does not hold.
     *
     * @param rows a fit's training rows
     */
    default Optional<Execution> holding(RowSource rows) {
        return Optional.empty();
    }

    /**
     * What a runtime hands a back-end it opens.
     *
     * @param ordinal       which device of the machine (0 for the first; a Spark task's GPU address)
     * @param linearAlgebra the runtime's linear-algebra back-end
     * @param required      whether the runtime requires the device ({@code okl.gpu=on}): an operation too large for
     *                      it then fails with what to change, instead of running on the CPU
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    record Settings(int ordinal, LinearAlgebra linearAlgebra, boolean required) {
    }

    /**
     * The outcome of {@link #open}.
     *
     * @param execution the opened back-end, or empty
     * @param status    what it is, or why there is none, in one line
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    record Opened(Optional<Execution> execution, String status) {

        private static final Opened NONE = new Opened(Optional.empty(), "");

        /** A back-end that did not open, and why. */
        public static Opened idle(String why) {
            return new Opened(Optional.empty(), why);
        }

        /** The answer of a back-end that offers no device (its status is empty, and it is not listed). */
        public static Opened none() {
            return NONE;
        }
    }
}
