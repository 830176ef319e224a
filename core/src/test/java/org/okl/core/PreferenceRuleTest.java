package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A preferred grid value is kept unless the best other candidate beats the best preferred one by more than one
 * standard error of their paired split differences (hand-worked numbers).
 */
class PreferenceRuleTest {

    private static SelectionScores.Best choose(double[] preferred, double[] other) {
        List<GridVariants.Variant> variants = List.of(new GridVariants.Variant(null, Map.of("omega", 0.0)),
                new GridVariants.Variant(null, Map.of("omega", 0.5)));
        return SelectionScores.decide(variants, new double[][][] {{preferred}, {other}}, Map.of("omega", 0.0));
    }

    @Test
    void keptWithinOneStandardErrorLeftBeyond() {
        // differences 0.1, 0.3, -0.1, 0.1: mean 0.1, sd 0.1633, standard error 0.0816 < 0.1: left
        SelectionScores.Best left = choose(new double[] {1.1, 1.3, 0.9, 1.1}, new double[] {1.0, 1.0, 1.0, 1.0});
        assertThat(left.chosen().variant()).isEqualTo(1);
        assertThat(left.note()).startsWith("left {omega=0.0}").contains("better by 0.1000")
                .contains("beyond one standard error (0.08165)");
        // differences 0.3, -0.1, 0.3, -0.1: mean 0.1, sd 0.2309, standard error 0.1155 >= 0.1: kept
        SelectionScores.Best kept = choose(new double[] {1.3, 0.9, 1.3, 0.9}, new double[] {1.0, 1.0, 1.0, 1.0});
        assertThat(kept.chosen().variant()).isEqualTo(0);
        assertThat(kept.note()).startsWith("kept").contains("within one standard error (0.1155)");
        assertThat(kept.alternatives()).containsOnlyKeys("preferred", "other");
        // the preferred is best anyway: no note
        assertThat(choose(new double[] {0.5, 0.5}, new double[] {1.0, 1.0}).note()).isEmpty();
    }
}
