package org.okl.core.select;

import java.util.List;

/** Produces the seeded, reproducible training / validation splits of a model-selection protocol. */
public interface Splitter {

    /** The splits of n samples; the same seed always gives the same splits. */
    List<Split> splits(int n);
}
