package org.okl.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Grids fixed in a file before an experiment runs: parsed, checksummed, and a choice on an edge reported. */
class GridsTest {

    @Test
    void aGridFileIsParsedAndItsChecksumIsTheFilesSha256() {
        Grids g = Grids.parse("grids/t.grids", "# c\nfull.a = 1, 2.5\nquick.a = 3\n".getBytes(StandardCharsets.UTF_8));
        assertThat(g.get("a", false)).containsExactly(1.0, 2.5);
        assertThat(g.get("a", true)).containsExactly(3.0);
        assertThat(g.integers("a", true)).containsExactly(3);
        // sha256sum of the same bytes
        assertThat(g.checksum()).isEqualTo("32642906da3ba51bbf0e6bfcee3db9b7fc44cdf3857af325adbbd83b23d235ca");
        assertThat(g.describe()).isEqualTo("grids fixed before the run in grids/t.grids (SHA-256 32642906da3ba51b…)");
        assertThatThrownBy(() -> g.get("b", true)).hasMessage("grids/t.grids has no grid 'quick.b'");
        assertThatThrownBy(() -> g.integers("a", false)).hasMessageContaining("needs whole numbers");
        assertThatThrownBy(() -> Grids.parse("f", "full.a = 1, x\n".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("f line 1: 'x' is not a number");
        assertThatThrownBy(() -> Grids.parse("f", "\na = 1\n".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("f line 2: key 'a' must start with quick. or full.");
    }

    @Test
    void aChoiceOnAnEdgeIsAFinding() {
        List<Double> grid = List.of(1e-4, 1e-3, 1e-2);
        assertThat(Grids.edge("γ_I", grid, 1e-3)).isEmpty();
        assertThat(Grids.edge("γ_I", grid, 1e-4)).contains("γ_I = 1.0E-4 is the smallest value of its grid"
                + " [1.0E-4, 0.001, 0.01]: the best value may lie beyond it");
        assertThat(Grids.edge("p", List.of(32.0, 256.0), 256)).contains("p = 256 is the largest value of its grid"
                + " [32, 256]: the best value may lie beyond it");
        assertThat(Grids.edge("c", List.of(0.5), 0.5)).isEmpty();
    }

    @Test
    void minhScenesCrossValidationGridIncludesThe003And01ThatTheEvaluationLabelsHadShown() {
        Grids g = Grids.of("minh-scene");
        assertThat(g.get("gammaI", false)).contains(0.03, 0.1);
        assertThat(g.checksum()).hasSize(64);
    }

    @Test
    void everyGridFileParsesAndHasItsFullAndQuickGrids() {
        for (String e : List.of("minh-scene", "oel-usps", "oel-multilabel", "kadri-usps", "kadri-lowrank",
                "baldassarre-multitask", "baldassarre-fields", "baldassarre-school")) {
            Grids g = Grids.of(e);
            assertThat(g.get(firstKey(e), false)).isNotEmpty();
            assertThat(g.get(firstKey(e), true)).isNotEmpty();
        }
        assertThatThrownBy(() -> Grids.of("no-such-experiment"))
                .hasMessage("no grid file grids/no-such-experiment.grids for experiment no-such-experiment");
    }

    private static String firstKey(String experiment) {
        return switch (experiment) {
            case "minh-scene" -> "gammaI";
            case "baldassarre-fields" -> "gammas";
            case "baldassarre-multitask", "baldassarre-school" -> "omegas";
            default -> "lambdas";
        };
    }
}
