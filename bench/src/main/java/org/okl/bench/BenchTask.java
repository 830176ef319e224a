package org.okl.bench;

/** The timed part of a prepared workload: everything it does is inside the clock. */
@FunctionalInterface
public interface BenchTask {

    /** Runs the work once and returns its result (kept alive until the clock stops). */
    Object run();

    /**
     * What the last run measured besides its time (test error, peak memory, where the time went), by name; read
     * after the timed repeats.
     */
    default java.util.Map<String, Double> details() {
        return java.util.Map.of();
    }
}
