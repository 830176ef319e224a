package org.okl.bench;

/** The timed part of a prepared workload: everything it does is inside the clock. */
@FunctionalInterface
public interface BenchTask {

    /** Runs the work once and returns its result (kept alive until the clock stops). */
    Object run();
}
