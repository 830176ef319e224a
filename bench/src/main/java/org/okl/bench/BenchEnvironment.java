package org.okl.bench;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.Okl;

/**
 * What every workload is prepared with: an OKL runtime bound to one back-end, the synthetic data's dimensions and
 * seed, and the structured workloads' sizes.
 *
 * @param okl        the runtime, built with the back-end under test
 * @param p          input dimension of the synthetic data
 * @param d          output dimension of the synthetic data
 * @param seed       seed of the synthetic data
 * @param structured sizes of the structured workloads
 * @param lowRank    settings of the large-n workloads
 */
public record BenchEnvironment(Okl okl, int p, int d, long seed, StructuredSizes structured,
        LowRankSettings lowRank) {

    /** An environment with the default large-n settings. */
    public BenchEnvironment(Okl okl, int p, int d, long seed, StructuredSizes structured) {
        this(okl, p, d, seed, structured, LowRankSettings.DEFAULTS);
    }

    /** The back-end under test. */
    public LinearAlgebra linearAlgebra() {
        return okl.context().linearAlgebra();
    }

    /** The synthetic data at size n. */
    public BenchData data(int n) {
        return BenchData.synthetic(n, p, d, seed);
    }
}
