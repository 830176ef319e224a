package org.okl.bench;

import java.util.Optional;
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

    /** Whether the numpy peer script ({@code peer_numpy.py N P D}) times this workload's counterpart. */
    default boolean numpyPeer() {
        return scalesWithN();
    }

    /** Whether {@link #ownPeer} runs a peer (then it is run before OKL's runs at each size). */
    default boolean hasOwnPeer() {
        return false;
    }

    /**
     * The workload's own peer at size n (scikit-learn on the very numbers OKL fits), run before OKL's runs at that
     * size, for workloads the numpy script does not cover.
     *
     * @throws PeerRunner.PeerUnavailable when Python or scikit-learn is missing
     */
    default Optional<PeerRun> ownPeer(PeerRunner runner, BenchEnvironment environment, int n) {
        return Optional.empty();
    }

    /**
     * A peer's result.
     *
     * @param seconds its time for the same result
     * @param details what else it measured (test error, chosen value), by name
     */
    record PeerRun(double seconds, java.util.Map<String, Double> details) {
    }
}
