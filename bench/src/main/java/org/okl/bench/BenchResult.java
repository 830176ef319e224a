package org.okl.bench;

import java.util.OptionalDouble;

/**
 * The timing of one workload at one size on one back-end, with the peer's times for the same work.
 *
 * @param workload the workload name
 * @param n        the problem size
 * @param backend  the back-end name ({@code native} or {@code java})
 * @param timing   the timed repeats
 * @param numpy    numpy's time for the same work, if the peer ran and has a counterpart
 * @param sklearn  scikit-learn's time for the same result (the 30-refit grid, for {@code tik_path})
 * @param details  what the run measured besides time, by name (peers' values prefixed {@code sklearn.})
 */
public record BenchResult(String workload, int n, String backend, Timing timing, OptionalDouble numpy,
        OptionalDouble sklearn, java.util.Map<String, Double> details) {

    /** Copies the details. */
    public BenchResult {
        details = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
    }

    /** A result without details. */
    public BenchResult(String workload, int n, String backend, Timing timing, OptionalDouble numpy,
            OptionalDouble sklearn) {
        this(workload, n, backend, timing, numpy, sklearn, java.util.Map.of());
    }

    /** The median time in seconds. */
    public double seconds() {
        return timing.median();
    }

    /** OKL's median time over numpy's, if numpy ran. */
    public OptionalDouble numpyRatio() {
        return numpy.isPresent() && numpy.getAsDouble() > 0 ? OptionalDouble.of(seconds() / numpy.getAsDouble())
                : OptionalDouble.empty();
    }

    /** How many times faster OKL is than scikit-learn's grid, if it ran. */
    public OptionalDouble sklearnSpeedup() {
        return sklearn.isPresent() ? OptionalDouble.of(sklearn.getAsDouble() / seconds()) : OptionalDouble.empty();
    }
}
