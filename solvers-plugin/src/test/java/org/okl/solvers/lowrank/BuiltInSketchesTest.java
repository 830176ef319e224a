package org.okl.solvers.lowrank;

import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.sketch.KernelSketch;
import org.okl.solvers.kde.IncompleteCholeskySettings;
import org.okl.testkit.SketchContract;
import org.okl.testkit.SolveFixtures;

/** The built-in sketches against {@link SketchContract}. */
class BuiltInSketchesTest {

    /** The kernel every case sketches. */
    abstract static class GaussianCase extends SketchContract {
        @Override
        protected VectorKernel kernel(ComponentContext context) {
            return new SolveFixtures.Gaussian(1.3);
        }
    }

    @Nested
    class NystromUniform extends GaussianCase {
        @Override
        protected KernelSketch sketch() {
            return new NystromSketch(12, false, 1e-3);
        }
    }

    @Nested
    class NystromLeverage extends GaussianCase {
        @Override
        protected KernelSketch sketch() {
            return new NystromSketch(12, true, 1e-3);
        }
    }

    @Nested
    class NystromWithMoreLandmarksThanRows extends GaussianCase {
        @Override
        protected KernelSketch sketch() {
            return new NystromSketch(500, false, 1e-3);
        }
    }

    @Nested
    class Fourier extends GaussianCase {
        @Override
        protected KernelSketch sketch() {
            return new FourierSketch(30);
        }
    }

    @Nested
    class IncompleteCholesky extends GaussianCase {
        @Override
        protected KernelSketch sketch() {
            return new IncompleteCholeskySketch(new IncompleteCholeskySettings(10, 10, 0));
        }
    }
}
