package org.okl.experiments.usps;

import org.okl.core.Okl;

/** One OKL runtime and one copy of the USPS data for all tests of this package (loading takes a second). */
final class UspsTestData {
    static final Okl OKL = Okl.builder().build();
    static final UspsData DATA = UspsData.load(OKL, new org.okl.experiments.TestSeal());
    /** The test split as shipped, outputs included: for independent checks in tests, never in experiment code. */
    static final org.okl.api.data.Dataset.Split RAW_TEST = OKL.create(org.okl.api.data.DatasetSource.class,
            org.okl.api.component.ComponentSpec.of("usps-halves")).load(OKL.context()).test().orElseThrow();

    private UspsTestData() {
    }
}
