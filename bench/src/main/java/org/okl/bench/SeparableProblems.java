package org.okl.bench;

import java.util.List;
import java.util.Optional;
import org.okl.api.component.TypedSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputData;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.Okl;
import org.okl.decoders.Outputs;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;

/**
 * The separable multi-output problem of the peer script, built from registry components: kernel {@code gaussian}
 * with sigma = sqrt(p), operator {@code separable} with {@code common-similarity} (omega 0.3), embedding
 * {@code vector} fitted on Y, and the given filter.
 */
final class SeparableProblems {
    /** The common-similarity weight of the peer script. */
    static final double OMEGA = 0.3;

    private SeparableProblems() {
    }

    /** The Gaussian kernel with the peer script's width sqrt(p). */
    static VectorKernel gaussian(Okl okl, BenchData data) {
        return okl.create(Kernels.gaussian(data.sigma()));
    }

    /** The regression problem on the data with the given filter. */
    static RegressionProblem of(Okl okl, BenchData data, TypedSpec<SpectralFilter> filter) {
        OperatorKernel operator = okl.create(Operators.separable(OutputMatrices.commonSimilarity(OMEGA)));
        var embedding = okl.create(Outputs.vector())
                .fit(new OutputData(data.outputs(), Optional.empty()), okl.context());
        return new RegressionProblem(data.inputs(), gaussian(okl, data), operator, embedding,
                okl.create(filter), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), okl.context());
    }
}
