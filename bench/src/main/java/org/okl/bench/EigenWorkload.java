package org.okl.bench;

import java.util.OptionalDouble;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** {@code eigh}: all eigenpairs of the Gaussian Gram (computed outside the clock) by the back-end. */
public final class EigenWorkload implements Workload {

    @Override
    public String name() {
        return "eigh";
    }

    @Override
    public String description() {
        return "LinearAlgebra.eigenSymmetric of the n x n Gaussian Gram (all eigenpairs)";
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        BenchData data = environment.data(n);
        Matrix gram = SeparableProblems.gaussian(environment.okl(), data).gram(data.inputs());
        LinearAlgebra la = environment.linearAlgebra();
        return () -> la.eigenSymmetric(gram);
    }

    @Override
    public OptionalDouble numpySeconds(PeerTimings peer) {
        return peer.eigh();
    }
}
