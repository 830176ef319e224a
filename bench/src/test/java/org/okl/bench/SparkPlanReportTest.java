package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkPlanReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void runsThatCostWhatTheModelSaysArePredictedExactly(@TempDir Path dir) throws IOException {
        write(dir, SparkCostModelTest.MODEL, 1.0);
        List<SparkPlanReport.Check> checks = SparkPlanReport.read(dir).checks();
        assertThat(checks).hasSize(4);
        for (SparkPlanReport.Check c : checks) {
            assertThat(c.ratio()).as(c.where() + " " + c.route()).isCloseTo(1.0, within(1e-9));
            assertThat(c.holds()).isTrue();
            assertThat(c.fromRows()).isEqualTo(200_000);
            assertThat(c.atRows()).isEqualTo(2_000_000);
        }
    }

    @Test
    void aLargeRunSlowerThanTheModelFailsTheCheck(@TempDir Path dir) throws IOException {
        // the 2,000,000-row Falkon runs' Gram passes take twice what the 200,000-row constants predict
        write(dir, SparkCostModelTest.MODEL, 2.0);
        List<SparkPlanReport.Check> checks = SparkPlanReport.read(dir).checks();
        assertThat(checks.stream().filter(c -> c.route().equals("falkon"))).allSatisfy(c -> {
            assertThat(c.ratio()).isLessThan(0.75);
            assertThat(c.holds()).isFalse();
        });
        assertThat(checks.stream().filter(c -> c.route().equals("per-fold sums"))).allSatisfy(c -> assertThat(
                c.holds()).isTrue());
        assertThat(SparkPlanReport.read(dir).markdown()).contains("OUTSIDE 25 %");
    }

    @Test
    void thePlanRefusesSumsThatDoNotFitAnExecutor(@TempDir Path dir) throws IOException {
        write(dir, SparkCostModelTest.MODEL, 1.0);
        String plan = SparkPlanReport.read(dir).markdown();
        // m = 20,000: 5 folds of dense 20,000 x 20,000 sums are 16 GB per task, beyond an executor's user memory
        assertThat(plan).containsPattern("\\| 20,000 \\| per-fold sums \\| 8 \\(32 cores\\) \\|.*\\| no: tasks need");
        assertThat(plan).containsPattern("\\| 2,000 \\| per-fold sums \\| 128 \\(512 cores\\) \\|.*\\| yes \\|");
        assertThat(plan).containsPattern("\\| 20,000 \\| falkon \\| 128 \\(512 cores\\) \\|.*\\| yes \\|");
    }

    @Test
    void aPlaceWithOneWorkloadMissingIsNamed(@TempDir Path dir) throws IOException {
        write(dir, SparkCostModelTest.MODEL, 1.0);
        Files.delete(dir.resolve("spark_falkon-2000000-cluster.json"));
        assertThatThrownBy(() -> SparkPlanReport.read(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cluster at n = 2000000 needs both spark_fit and spark_falkon");
    }

    /** Reports at 200,000 and 2,000,000 rows, local and cluster, the large Falkon runs' Gram passes slowed. */
    private static void write(Path dir, SparkCostModel model, double slower) throws IOException {
        for (String where : List.of("local", "cluster")) {
            for (long n : List.of(200_000L, 2_000_000L)) {
                SparkCostModel.Problem sums = new SparkCostModel.Problem(n, 2000, 5, 5, 5, 1, 2, 1);
                SparkCostModel.Problem falkon = new SparkCostModel.Problem(n, 500, 5, 5, 5, 1, 2, 3);
                ObjectNode f = SparkCostModelTest.details(model, falkon);
                // the Falkon run's other passes, as the model has them
                for (SparkCostModel.Pass pass : model.falkonRoute(falkon)) {
                    if (pass.name().equals("falkon cross sums") || pass.name().equals("falkon validation")) {
                        f.put("pass." + pass.name().replace(' ', '_') + ".s", pass.seconds());
                    }
                }
                if (n == 2_000_000L) {
                    f.put("pass.falkon_gram_products.s", f.path("pass.falkon_gram_products.s").asDouble() * slower);
                }
                report(dir.resolve("spark_fit-" + n + "-" + where + ".json"), SparkCostModelTest.details(model,
                        sums));
                report(dir.resolve("spark_falkon-" + n + "-" + where + ".json"), f);
            }
        }
    }

    private static void report(Path file, ObjectNode details) throws IOException {
        ObjectNode report = JSON.createObjectNode();
        report.putArray("results").addObject().set("details", details);
        Files.writeString(file, JSON.writeValueAsString(report));
    }
}
