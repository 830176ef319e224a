package org.okl.experiments.baldassarre;

import org.okl.core.Okl;

/**
 * An {@link Okl} for tests without a data directory: the experiments' tests read only the data that ships with OKL
 * (bundled and generated), as on a fresh clone.
 */
public final class TestOkl {
    private TestOkl() {
    }

    /** The runtime, with the class path's plugins and no data directory. */
    public static Okl create() {
        return Okl.builder().dataDirectory(null).build();
    }
}
