package org.okl.bench;

import java.util.OptionalDouble;
import org.okl.api.kernel.VectorKernel;

/** {@code gram}: the n x n Gaussian Gram of X through the registered {@code gaussian} kernel. */
public final class GramWorkload implements Workload {

    @Override
    public String name() {
        return "gram";
    }

    @Override
    public String description() {
        return "Gaussian Gram k(X, X) (n x n, sigma = sqrt(p)) through the registered gaussian kernel";
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        BenchData data = environment.data(n);
        VectorKernel kernel = SeparableProblems.gaussian(environment.okl(), data);
        return () -> kernel.gram(data.inputs());
    }

    @Override
    public OptionalDouble numpySeconds(PeerTimings peer) {
        return peer.gram();
    }
}
