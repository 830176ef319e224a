package org.okl.bench;

import java.util.OptionalDouble;

/**
 * One benchmark workload: what is prepared outside the clock, what is timed, and which peer timing it is compared
 * with.
 */
public interface Workload {

    /** The workload's name, as given to {@code --workloads}. */
    String name();

    /** One line: exactly what the timed region does. */
    String description();

    /**
     * Whether the problem size follows {@code --n} (the default); structured workloads with a fixed size return
     * false.
     */
    default boolean scalesWithN() {
        return true;
    }

    /** The problem size reported for a run at {@code n}: n itself by default, the fixed size for structured ones. */
    default int size(BenchEnvironment environment, int n) {
        return n;
    }

    /** Prepares data and components outside the clock; the returned task is what gets timed. */
    BenchTask prepare(BenchEnvironment environment, int n);

    /** The numpy time doing the same work, from the peer script's output, if numpy has a counterpart. */
    default OptionalDouble numpySeconds(PeerTimings peer) {
        return OptionalDouble.empty();
    }

    /** scikit-learn's time for the same result, if the peer script times one. */
    default OptionalDouble sklearnSeconds(PeerTimings peer) {
        return OptionalDouble.empty();
    }
}
