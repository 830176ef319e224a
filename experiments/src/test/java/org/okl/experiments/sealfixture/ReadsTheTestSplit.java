package org.okl.experiments.sealfixture;

import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;

/** A selection that reads a data set's test outputs directly: the seal rule must flag it. */
final class ReadsTheTestSplit {
    private ReadsTheTestSplit() {
    }

    static Matrix testOutputs(Dataset data) {
        return data.test().orElseThrow().outputs();
    }
}
