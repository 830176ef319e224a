package org.okl.api.solve;

import org.okl.api.API;

/**
 * What a solver will hold at its peak for a problem, so that OKL can refuse a fit that cannot fit in the Java heap
 * with a clear message before allocating anything ({@link RegressionSolver#memory}).
 *
 * @param bytes  the bytes, roughly (the largest matrices)
 * @param what   what they hold, for example {@code the 200000 x 200000 Gram matrix and its eigenvectors}
 * @param advice what the user can change, for example {@code use a kernel sketch ("approximation": ...)}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record MemoryEstimate(long bytes, String what, String advice) {
}
