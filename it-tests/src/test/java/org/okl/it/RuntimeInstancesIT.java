package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.linalg.LinearAlgebras;
import org.okl.testkit.TestMatrices;

/**
 * An {@code Okl} instance carries its own settings: two instances with different back-ends and seeds in one JVM do
 * not see each other, whichever was built or used first, and no instance is kept for the process.
 */
class RuntimeInstancesIT {

    /** A Nystrom fit, whose landmarks the seed draws. */
    private static PipelineSpec sketched() {
        return PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.5))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2))
                .approximation(ComponentSpec.of("nystrom", "rank", 12)).build();
    }

    private static Matrix fitAndPredict(Okl okl, Matrix x, Matrix y, Matrix test) {
        Model model = okl.pipeline(sketched()).fit(TrainingData.of(x, y));
        return model.predict(test).outputs();
    }

    @Test
    void twoRuntimesKeepTheirOwnBackEndAndSeed() {
        Matrix x = TestMatrices.random(80, 3, 1);
        Matrix y = TestMatrices.random(80, 2, 2);
        Matrix test = TestMatrices.random(10, 3, 3);
        LinearAlgebra java = LinearAlgebras.java();
        LinearAlgebra other = LinearAlgebras.nativeBackend().orElse(java);

        Okl first = Okl.builder().linearAlgebra(java).seed(7).build();
        Matrix before = fitAndPredict(first, x, y, test);
        Okl second = Okl.builder().linearAlgebra(other).seed(8).build();
        Matrix secondPredictions = fitAndPredict(second, x, y, test);
        Matrix after = fitAndPredict(first, x, y, test);
        Okl again = Okl.builder().linearAlgebra(java).seed(7).build();

        assertThat(first.context().linearAlgebra()).isSameAs(java);
        assertThat(second.context().linearAlgebra()).isSameAs(other);
        assertThat(first.context().seed()).isEqualTo(7);
        assertThat(second.context().seed()).isEqualTo(8);
        // another seed draws other landmarks: the second runtime's model differs from the first's
        assertThat(secondPredictions.maxAbsDifference(before)).isGreaterThan(1e-6);
        // building and using the second changed nothing of the first, nor of a new one with the first's settings
        assertThat(after.maxAbsDifference(before)).isZero();
        assertThat(fitAndPredict(again, x, y, test).maxAbsDifference(before)).isZero();
    }
}
