package org.okl.kernels.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.operator.OutputMatrix;
import org.okl.testkit.OutputMatrixContract;

/** Every built-in output matrix against the shared {@link OutputMatrixContract}. */
class OutputMatrixContractsTest {

    private static OutputMatrix create(ComponentContext context, ComponentSpec spec) {
        return context.create(OutputMatrix.class, spec);
    }

    @Nested
    class Identity extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("identity"));
        }
    }

    @Nested
    class CommonSimilarity extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("common-similarity", "omega", 0.3));
        }
    }

    @Nested
    class OutputLaplacian extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("output-laplacian", "gammaO", 0.5, "neighbours", 1));
        }
    }

    @Nested
    class Graph extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("graph", "weights",
                    List.of(0.0, 1.0, 0.5, 1.0, 0.0, 2.0, 0.5, 2.0, 0.0)));
        }
    }

    @Nested
    class Clustering extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("clustering", "eps1", 0.5, "eps2", 2.0,
                    "clusters", List.of(0.0, 0.0, 1.0)));
        }
    }

    @Nested
    class Covariance extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("covariance", "shrinkage", 0.1, "centred", true));
        }
    }

    @Nested
    class File extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            try {
                Path a = Files.createTempFile("a-", ".csv");
                a.toFile().deleteOnExit();
                Files.writeString(a, "2,1,0\n1,2,1\n0,1,2\n");
                return create(context, ComponentSpec.of("file", "path", a.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Nested
    class LowRank extends OutputMatrixContract {
        @Override
        protected OutputMatrix matrix(ComponentContext context) {
            return create(context, ComponentSpec.of("low-rank", "rank", 1, "factor", List.of(1.0, -0.5, 2.0),
                    "diagonal", List.of(0.1, 0.0, 0.3)));
        }
    }
}
