package org.okl.transforms;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.TypedSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.InputTransform;
import org.okl.testkit.TransformContract;

/** Every built-in transform meets the transform contract of okl-testkit. */
class TransformContractsTest {

    private static InputTransform create(ComponentContext context, TypedSpec<InputTransform> spec) {
        return context.create(InputTransform.class, spec.spec());
    }

    @Nested
    class StandardizeContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.standardize());
        }
    }

    @Nested
    class MinMaxContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.minMax(-1, 1));
        }
    }

    @Nested
    class Log1pContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.log1p("0,2:4"));
        }
    }

    @Nested
    class PcaContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.pca(3));
        }
    }

    @Nested
    class WhitenedPcaContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.pcaVariance(0.9).with("whiten", true));
        }
    }

    @Nested
    class DropConstantContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.dropConstant());
        }

        @Override
        protected Matrix rows() {
            Matrix m = super.rows();
            for (int i = 0; i < m.rows(); i++) {
                m.set(i, 2, 4.0);
            }
            return m;
        }
    }

    @Nested
    class OneHotContract extends TransformContract {
        @Override
        protected InputTransform transform(ComponentContext context) {
            return create(context, Transforms.oneHot());
        }

        @Override
        protected Matrix rows() {
            Matrix m = super.rows();
            for (int i = 0; i < m.rows(); i++) {
                m.set(i, 1, i % 3);
                m.set(i, 4, 10 + i % 2);
            }
            return m;
        }

        @Override
        protected ColumnSchema columns() {
            return new ColumnSchema(List.of("a", "colour", "c", "d", "size"),
                    List.of(List.of(), List.of("red", "green", "blue", "black"), List.of(), List.of(),
                            List.of("10", "11")));
        }
    }
}
