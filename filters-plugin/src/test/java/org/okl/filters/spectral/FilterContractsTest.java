package org.okl.filters.spectral;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.okl.api.filter.SpectralFilter;
import org.okl.testkit.FilterContract;

/** Every built-in filter meets the filter contract. */
class FilterContractsTest {

    @Nested
    class TikhonovContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new Tikhonov(List.of(1e-4, 1e-2, 0.5));
        }
    }

    @Nested
    class TruncatedSvdContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new TruncatedSvd(List.of(1e-3, 0.1, 0.5));
        }
    }

    @Nested
    class IteratedTikhonovContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new IteratedTikhonov(List.of(1e-3, 0.05, 1.0), 4);
        }
    }

    @Nested
    class LandweberContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new Landweber(60, Double.NaN);
        }
    }

    @Nested
    class LandweberWithStepContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new Landweber(40, 0.9);
        }
    }

    @Nested
    class NuMethodContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new NuMethod(40, 1.0);
        }

        /** w_1 = (4nu+2)/(4nu+1) = 1.2: the first iterate at s_max (1.1 holds from the 4th iterate on). */
        @Override
        protected double spectralGainBound() {
            return 1.2 + 1e-12;
        }
    }

    @Nested
    class NuMethodHalfContract extends FilterContract {
        @Override
        protected SpectralFilter filter() {
            return new NuMethod(30, 0.5);
        }

        /** w_1 = (4nu+2)/(4nu+1) = 4/3 for nu = 1/2. */
        @Override
        protected double spectralGainBound() {
            return 4.0 / 3.0 + 1e-12;
        }
    }
}
