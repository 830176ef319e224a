package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class BinomialBandTest {

    /**
     * Binomial(10, 1/2): P(X &lt;= 1) = 11/1024 and P(X &lt;= 2) = 56/1024, so the 90 % band (5 % per tail) is
     * [2/10, 8/10].
     */
    @Test
    void smallCaseByHand() {
        assertThat(BinomialBand.of(10, 0.5, 0.9)).containsExactly(0.2, 0.8);
    }

    /** Against the definition, with the probabilities summed exactly from binomial coefficients. */
    @Test
    void equalsTheDefinitionSummedExactly() {
        for (int m : new int[] {1, 7, 30, 61}) {
            for (double p : new double[] {0.5, 0.8, 0.9, 0.99}) {
                double[] pmf = new double[m + 1];
                for (int k = 0; k <= m; k++) {
                    pmf[k] = choose(m, k).doubleValue() * Math.pow(p, k) * Math.pow(1 - p, m - k);
                }
                double tail = (1 - 0.95) / 2;
                int a = 0;
                for (int cand = 0; cand <= m; cand++) {
                    double below = 0;
                    for (int k = 0; k < cand; k++) {
                        below += pmf[k];
                    }
                    if (below <= tail) {
                        a = cand;
                    }
                }
                int b = m;
                for (int cand = m; cand >= 0; cand--) {
                    double above = 0;
                    for (int k = cand + 1; k <= m; k++) {
                        above += pmf[k];
                    }
                    if (above <= tail) {
                        b = cand;
                    }
                }
                assertThat(BinomialBand.of(m, p, 0.95)).as(m + " " + p).containsExactly(a / (double) m,
                        b / (double) m);
            }
        }
    }

    /** For large m the band is the normal one, p ± z sqrt(p(1-p)/m), to within a count or two. */
    @Test
    void largeCountsFollowTheNormalApproximation() {
        int m = 20000;
        double half = 2.5758 * Math.sqrt(0.9 * 0.1 / m);
        double[] band = BinomialBand.of(m, 0.9, 0.99);
        assertThat(band[0]).isCloseTo(0.9 - half, within(3.0 / m));
        assertThat(band[1]).isCloseTo(0.9 + half, within(3.0 / m));
    }

    @Test
    void refusesNoValuesAndLevelsOutsideTheUnitInterval() {
        assertThatThrownBy(() -> BinomialBand.of(0, 0.9, 0.99)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BinomialBand.of(10, 1.0, 0.99)).isInstanceOf(IllegalArgumentException.class);
    }

    private static BigInteger choose(int n, int k) {
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r;
    }
}
