package org.okl.filters.regularizer;

import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.regularizer.Regularizer;
import org.okl.filters.Regularizers;
import org.okl.testkit.RegularizerContract;

/** Every built-in regularizer against the shared {@link RegularizerContract}. */
class RegularizerContractsTest {

    @Nested
    class Manifold extends RegularizerContract {
        @Override
        protected Regularizer regularizer(ComponentContext context) {
            return context.create(Regularizer.class, Regularizers.manifold(1e-3, 5).spec());
        }
    }

    @Nested
    class NormalisedIteratedManifold extends RegularizerContract {
        @Override
        protected Regularizer regularizer(ComponentContext context) {
            return context.create(Regularizer.class, Regularizers.manifold(1e-2, 4, Regularizers.EdgeWeights.GAUSSIAN,
                    true, 2).spec());
        }
    }

    @Nested
    class OutputGraph extends RegularizerContract {
        @Override
        protected Regularizer regularizer(ComponentContext context) {
            return context.create(Regularizer.class, Regularizers.outputGraph(new double[][] {{0, 1, 0.5},
                    {1, 0, 2}, {0.5, 2, 0}}).spec());
        }
    }

    @Nested
    class OutputClusters extends RegularizerContract {
        @Override
        protected Regularizer regularizer(ComponentContext context) {
            return context.create(Regularizer.class, Regularizers.outputClusters(0.5, 2.0, 0, 0, 1).spec());
        }
    }
}
