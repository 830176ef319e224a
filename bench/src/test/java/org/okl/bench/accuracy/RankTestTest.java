package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rank statistics against Demsar (JMLR 2006)'s worked example and against scipy 1.10 (stats.rankdata,
 * stats.friedmanchisquare, stats.studentized_range, stats.f, stats.norm; the numbers below were computed with it).
 */
class RankTestTest {
    private static final List<String> C45 = List.of("C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf");
    /** Demsar's Table 6 average ranks of four C4.5 variants over 14 data sets. */
    private static final double[] DEMSAR_RANKS = {3.143, 2.000, 2.893, 1.964};

    @Test
    void tiesShareTheAverageOfTheirRanksInTheMetricsDirection() {
        double[] scores = {0.5, 0.2, 0.5, 0.9, 0.2, 0.2};
        // scipy.stats.rankdata(scores) = [4.5, 2, 4.5, 6, 2, 2] (lower is better: the smallest ranks 1)
        assertThat(RankTest.ranks(scores, false)).containsExactly(4.5, 2.0, 4.5, 6.0, 2.0, 2.0);
        // higher is better: 7 - the ranks above
        assertThat(RankTest.ranks(scores, true)).containsExactly(2.5, 5.0, 2.5, 1.0, 5.0, 5.0);
    }

    @Test
    void demsarsWorkedExample() {
        RankTest.Friedman f = RankTest.fromAverageRanks(C45, DEMSAR_RANKS, 14, 0.05);
        // Demsar: chi2_F = 9.28, F_F = 3.69, CD = 2.569 * 0.488 = 1.25
        assertThat(f.chiSquare()).isCloseTo(9.2836296, within(1e-6));
        assertThat(f.chiSquareP()).isCloseTo(0.0257481580, within(1e-8));
        assertThat(f.imanDavenport()).isCloseTo(3.6888928486, within(1e-8));
        assertThat(f.imanDavenportP()).isCloseTo(0.0197677600, within(1e-8));
        assertThat(f.criticalDifference()).isCloseTo(1.2535591471, within(1e-6));
        List<RankTest.Holm> holm = RankTest.holm(f, "C4.5");
        assertThat(holm).extracting(RankTest.Holm::method).containsExactly("C4.5+m", "C4.5+cf", "C4.5+m+cf");
        assertThat(holm.get(0).z()).isCloseTo(-2.34245295, within(1e-7));
        assertThat(holm.get(0).p()).isCloseTo(0.01915745, within(1e-7));
        assertThat(holm.get(1).p()).isCloseTo(0.6084078, within(1e-6));
        assertThat(holm.get(2).p()).isCloseTo(0.01568211, within(1e-7));
        // Holm: 3 x 0.0157 = 0.0470 and max(0.0470, 2 x 0.0192) for the next; 0.608 alone
        assertThat(holm.get(0).adjustedP()).isCloseTo(0.04704633, within(1e-7));
        assertThat(holm.get(1).adjustedP()).isCloseTo(0.6084078, within(1e-6));
        assertThat(holm.get(2).adjustedP()).isCloseTo(0.04704633, within(1e-7));
    }

    @Test
    void friedmanOfATableMatchesScipy() {
        double[][] u = {{0.086, 0.237, 0.801, 0.582, 0.094}, {0.433, 0.479, 0.16, 0.735, 0.114},
            {0.391, 0.517, 0.431, 0.587, 0.738}, {0.956, 0.284, 0.649, 0.696, 0.293},
            {0.001, 0.973, 0.298, 0.314, 0.892}, {0.585, 0.471, 0.773, 0.03, 0.707},
            {0.374, 0.091, 0.661, 0.931, 0.207}, {0.63, 0.298, 0.742, 0.722, 0.219},
            {0.83, 0.658, 0.683, 0.82, 0.429}};
        boolean[] higher = new boolean[u.length];
        java.util.Arrays.fill(higher, true);
        RankTest.Friedman f = RankTest.friedman(List.of("a", "b", "c", "d", "e"), u, higher, 0.05);
        // scipy.stats.friedmanchisquare(*u.T) = (4.888888888888886, p 0.2988893570768677)
        assertThat(f.chiSquare()).isCloseTo(4.888888888888886, within(1e-10));
        assertThat(f.chiSquareP()).isCloseTo(0.2988893570768677, within(1e-9));
        assertThat(f.imanDavenport()).isCloseTo(1.2571428571428562, within(1e-10));
        assertThat(f.imanDavenportP()).isCloseTo(0.3070834722579279, within(1e-9));
        assertThat(f.averageRanks()).containsExactly(new double[] {29 / 9.0, 31 / 9.0, 23 / 9.0, 20 / 9.0,
            32 / 9.0}, within(1e-12));
        // the direction matters for the ranks, not for the statistic
        java.util.Arrays.fill(higher, false);
        RankTest.Friedman lower = RankTest.friedman(List.of("a", "b", "c", "d", "e"), u, higher, 0.05);
        assertThat(lower.chiSquare()).isCloseTo(4.888888888888886, within(1e-10));
        assertThat(lower.rank("a")).isCloseTo(6 - 29 / 9.0, within(1e-12));
    }

    @Test
    void nemenyiQuantilesMatchDemsarsTableAndScipy() {
        // Demsar Table 5a (alpha 0.05): k = 2..10
        double[] table = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
        for (int k = 2; k <= 10; k++) {
            assertThat(RankTest.nemenyiQ(k, 0.05)).as("k = %d", k).isCloseTo(table[k - 2], within(1.5e-3));
        }
        // scipy.stats.studentized_range(k, inf): ppf(0.95, 15)/sqrt 2, ppf(0.90, 20)/sqrt 2, cdf(3, 5), cdf(4.5, 15)
        assertThat(RankTest.nemenyiQ(15, 0.05)).isCloseTo(3.391230283765257, within(1e-6));
        assertThat(RankTest.nemenyiQ(20, 0.10)).isCloseTo(3.319233059548415, within(1e-6));
        assertThat(RankTest.studentizedRangeCdf(3.0, 5)).isCloseTo(0.789123495036462, within(1e-8));
        assertThat(RankTest.studentizedRangeCdf(4.5, 15)).isCloseTo(0.9062345078296208, within(1e-8));
    }

    @Test
    void perfectAgreementGivesAnInfiniteF() {
        double[][] same = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
        RankTest.Friedman f = RankTest.friedman(List.of("a", "b", "c"), same, new boolean[3], 0.05);
        assertThat(f.chiSquare()).isCloseTo(6.0, within(1e-12));
        assertThat(f.imanDavenport()).isInfinite();
        assertThat(f.imanDavenportP()).isZero();
    }
}
