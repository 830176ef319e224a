package org.okl.experiments.usps;

import org.okl.core.Okl;

/** One OKL runtime and one copy of the USPS data for all tests of this package (loading takes a second). */
final class UspsTestData {
    static final Okl OKL = Okl.builder().build();
    static final UspsData DATA = UspsData.load(OKL);

    private UspsTestData() {
    }
}
