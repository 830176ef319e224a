package org.okl.datasets.source;

import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.testkit.DatasetSourceContract;

/**
 * Built-in data sets of every kind against the shared {@link DatasetSourceContract}: bundled files, generators, and a
 * downloaded set (whose loading tests are skipped where it is not downloaded).
 */
class DatasetSourceContractsTest {

    private static DatasetSource create(ComponentContext context, ComponentSpec spec) {
        return context.create(DatasetSource.class, spec);
    }

    @Nested
    class Linnerud extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("linnerud"));
        }
    }

    @Nested
    class Yeast extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("yeast"));
        }
    }

    @Nested
    class Tecator extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("tecator"));
        }
    }

    @Nested
    class RelatedTasks extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("related-tasks", "n", 30, "nTest", 20));
        }
    }

    @Nested
    class VectorField extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("vector-field-helmholtz", "n", 50, "grid", 20));
        }
    }

    @Nested
    class Scene extends DatasetSourceContract {
        @Override
        protected DatasetSource source(ComponentContext context) {
            return create(context, ComponentSpec.of("scene"));
        }
    }
}
