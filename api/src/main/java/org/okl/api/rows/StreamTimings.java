package org.okl.api.rows;

import java.util.Locale;
import org.okl.api.API;

/**
 * Where the time of a streamed fit went, in wall-clock seconds on the thread that drives it (each phase runs on
 * every worker, one after the other): parsing the rows before the passes (a file into its cache), drawing the
 * sketch (landmarks: read from the cache, or sampled in a pass of their own), waiting for parsed blocks (when a
 * pass parses as it goes: only the part not hidden behind the computation), kernel blocks (the sketch features),
 * products (the {@code dsyrk} and {@code dgemm} sums, or the passes' products) and the solve (the m x m
 * decompositions). Not thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class StreamTimings {
    private long rows;
    private int passes;
    private long readNanos;
    private long kernelNanos;
    private long productNanos;
    private long solveNanos;
    private long drawNanos;
    private long parseNanos;

    /** Counts one pass over the given number of rows. */
    public void pass(long passRows) {
        passes++;
        rows = Math.max(rows, passRows);
    }

    /** Adds time spent waiting for input. */
    public void read(long nanos) {
        readNanos += nanos;
    }

    /** Adds time spent in kernel blocks. */
    public void kernel(long nanos) {
        kernelNanos += nanos;
    }

    /** Adds time spent in the products of the sums. */
    public void products(long nanos) {
        productNanos += nanos;
    }

    /** Adds time spent drawing the sketch (sampling landmarks: a pass of its own). */
    public void draw(long nanos) {
        drawNanos += nanos;
    }

    /** Adds time spent parsing the rows before the passes (a file parsed into its cache). */
    public void parse(long nanos) {
        parseNanos += nanos;
    }

    /** Adds time spent in the driver-side solve. */
    public void solve(long nanos) {
        solveNanos += nanos;
    }

    /** The rows of the largest pass. */
    public long rows() {
        return rows;
    }

    /** The number of passes over the rows. */
    public int passes() {
        return passes;
    }

    /** Seconds waiting for parsed input. */
    public double readSeconds() {
        return readNanos * 1e-9;
    }

    /** Seconds in kernel blocks. */
    public double kernelSeconds() {
        return kernelNanos * 1e-9;
    }

    /** Seconds in the products of the sums. */
    public double productSeconds() {
        return productNanos * 1e-9;
    }

    /** Seconds drawing the sketch. */
    public double drawSeconds() {
        return drawNanos * 1e-9;
    }

    /** Seconds parsing the rows before the passes. */
    public double parseSeconds() {
        return parseNanos * 1e-9;
    }

    /** Seconds in the driver-side solve. */
    public double solveSeconds() {
        return solveNanos * 1e-9;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d rows, %d pass%s: parsing %.1f s, drawing the sketch %.1f s, waiting "
                + "for input %.1f s, kernel blocks %.1f s, products %.1f s, solve %.1f s", rows, passes,
                passes == 1 ? "" : "es", parseSeconds(), drawSeconds(), readSeconds(), kernelSeconds(),
                productSeconds(), solveSeconds());
    }
}
