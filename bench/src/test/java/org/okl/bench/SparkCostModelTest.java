package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparkCostModelTest {
    /** Round numbers, so that the expected values below can be worked out by hand. */
    static final SparkCostModel MODEL = new SparkCostModel(0.5, 10, 4, 2, 20, 0.025, 3, 0.01, 0.1, 0.05,
            SparkCostModel.NETWORK, 200);

    @Test
    void theSumsRouteAddsEachPassFixedAndPerRowParts() {
        // n = 1e6 rows on 2 executors of 2 cores, m = 1000, d = 5, 5 folds
        SparkCostModel.Problem p = new SparkCostModel.Problem(1_000_000, 1000, 5, 5, 5, 2, 2, 3);
        List<SparkCostModel.Pass> passes = MODEL.sumsRoute(p);
        assertThat(passes).extracting(SparkCostModel.Pass::name).containsExactly("reading the rows",
                "drawing the landmarks", "per-fold sums", "data checksum", "solve (driver)");
        passes = List.of(passes.get(0), passes.get(2), passes.get(3), passes.get(4), passes.get(1));
        // reading: 0.5 + 10 us x 1e6 / 4 = 3.0 s; checksum: 0.5 + 2 us x 1e6 / 4 = 1.0 s
        assertThat(passes.get(0).seconds()).isCloseTo(3.0, within(1e-12));
        assertThat(passes.get(2).seconds()).isCloseTo(1.0, within(1e-12));
        // the draw: two fixed parts and 4 us x 1e6 / 4 = 1.0 s
        assertThat(passes.get(4).seconds()).isCloseTo(2.0, within(1e-12));
        // sums: 0.5 + (20 ns x 1000 + 0.025 ns x 1e6 + 3 us) x 1e6 / 4 = 0.5 + 48e3 ns x 2.5e5 = 12.5 s, then the
        // merge: wire bytes 5 x (1000 x 1001 / 2 + 5000) x 8 = 20.22e6, 2 x ceil(sqrt 4) x 20.22e6 / 1.25e9 s
        double wire = 5 * (1000 * 1001 / 2.0 + 5000) * 8;
        assertThat(wire).isEqualTo(20_220_000);
        assertThat(passes.get(1).seconds()).isCloseTo(12.5 + 4 * 20_220_000.0 / 1.25e9, within(1e-12));
        // a task holds its dense sums (5 x (1e6 + 5000) x 8 = 40.2e6 bytes), their wire copy and a 1024 x 1000 block
        assertThat(passes.get(1).executorBytes()).isCloseTo(2 * (40_200_000 + 20_220_000 + 8_192_000.0),
                within(1e-6));
        // the driver's solve: 0.1 ns x 6 training sets x 1e9 = 0.6 s
        assertThat(passes.get(3).seconds()).isCloseTo(0.6, within(1e-12));
        assertThat(SparkCostModel.seconds(passes)).isCloseTo(3.0 + 12.5 + 4 * 20_220_000.0 / 1.25e9 + 1.0 + 0.6
                + 2.0,
                within(1e-12));
        // 200 bytes a row, half the rows on each executor
        assertThat(MODEL.cachedBytesPerExecutor(p)).isEqualTo(1e8);
    }

    @Test
    void falkonRunsItsGramPassOncePerIteration() {
        SparkCostModel.Problem p = new SparkCostModel.Problem(1_000_000, 1000, 5, 5, 5, 2, 2, 3);
        assertThat(p.rightHandSides()).isEqualTo(150);
        List<SparkCostModel.Pass> passes = MODEL.falkonRoute(p);
        SparkCostModel.Pass gram = passes.stream().filter(x -> x.name().equals("falkon gram products")).findFirst()
                .orElseThrow();
        assertThat(gram.count()).isEqualTo(3);
        // per row: 20 ns x 1000 + 2 x 0.01 ns x 1000 x 150 = 23 us; x 1e6 / 4 cores = 5.75 s; + 0.5 fixed; + merge
        // of 1000 x 150 x 8 = 1.2e6 bytes: 2 x 2 x 1.2e6 / 1.25e9 s; three times
        assertThat(gram.seconds()).isCloseTo(3 * (6.25 + 4 * 1.2e6 / 1.25e9), within(1e-12));
        // the validation: 20 ns x 1000 + 0.01 ns x 1000 x 25 = 20.25 us a row, 0.5 + 5.0625 s
        assertThat(passes.stream().filter(x -> x.name().equals("falkon validation")).findFirst().orElseThrow()
                .seconds()).isCloseTo(5.5625, within(1e-12));
        SparkCostModel.Pass solve = passes.get(passes.size() - 1);
        assertThat(solve.seconds()).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void theConstantsMeasuredFromARunAreTheConstantsThatProducedIt() {
        SparkCostModel.Problem sums = new SparkCostModel.Problem(200_000, 2000, 5, 5, 5, 1, 2, 1);
        SparkCostModel.Problem falkon = new SparkCostModel.Problem(200_000, 500, 5, 5, 5, 1, 2, 3);
        SparkCostModel measured = SparkCostModel.measured(details(MODEL, sums), sums, details(MODEL, falkon), falkon);
        assertThat(measured.jobSeconds()).isCloseTo(0.5, within(1e-9));
        assertThat(measured.readMicros()).isCloseTo(10, within(1e-9));
        assertThat(measured.sampleMicros()).isCloseTo(4, within(1e-9));
        assertThat(measured.checksumMicros()).isCloseTo(2, within(1e-9));
        assertThat(measured.kernelNanos()).isCloseTo(20, within(1e-9));
        assertThat(measured.productNanos()).isCloseTo(0.025, within(1e-12));
        assertThat(measured.falkonNanos()).isCloseTo(0.01, within(1e-9));
        assertThat(measured.solveNanos()).isCloseTo(0.1, within(1e-12));
        assertThat(measured.falkonSolveNanos()).isCloseTo(0.05, within(1e-12));
        assertThat(measured.otherMicros()).isCloseTo(3, within(1e-9));
        assertThat(measured.mergeBytesPerSecond()).isEqualTo(SparkCostModel.NETWORK);
        assertThat(measured.cachedBytesPerRow()).isCloseTo(200, within(1e-9));
    }

    /**
     * What {@code okl bench --json} would report for a run that costs exactly what the model says: the details the
     * workload writes, computed here from the formulas of the class's javadoc.
     */
    static ObjectNode details(SparkCostModel c, SparkCostModel.Problem p) {
        ObjectNode d = new ObjectMapper().createObjectNode();
        double n = p.rows();
        double m = p.landmarks();
        int cores = p.allCores();
        double wire = p.folds() * (m * (m + 1) / 2 + m * p.outputs()) * 8;
        d.put("rank", p.landmarks());
        d.put("folds", p.folds());
        d.put("lambdas", p.lambdas());
        d.put("outputs", p.outputs());
        d.put("cores", cores);
        d.put("falkon_iterations", p.iterations());
        d.put("pass.fetching_" + p.landmarks() + "_sampled_rows.s", c.jobSeconds());
        d.put("pass.reading_20_input_and_5_output_columns.s", c.jobSeconds() + c.readMicros() * 1e-6 * n / cores);
        d.put("pass.data_checksum.s", c.jobSeconds() + c.checksumMicros() * 1e-6 * n / cores);
        d.put("pass.uniform_sample.s", c.jobSeconds() + c.sampleMicros() * 1e-6 * n / cores);
        d.put("executor_kernel_s", c.kernelNanos() * 1e-9 * n * m);
        d.put("executor_products_s", c.productNanos() * 1e-9 * n * m * m);
        d.put("partial_mib", wire / (1 << 20));
        double fanIn = Math.ceil(Math.sqrt(cores));
        d.put("pass.per-fold_sums.s", c.jobSeconds() + ((c.kernelNanos() * m + c.productNanos() * m * m) * 1e-9
                + c.otherMicros() * 1e-6) * n / cores + 2 * fanIn * wire / c.mergeBytesPerSecond());
        d.put("cached_mib", c.cachedBytesPerRow() * n / (1 << 20));
        int r = p.rightHandSides();
        double gram = c.jobSeconds() + (c.kernelNanos() * m + 2 * c.falkonNanos() * m * r) * 1e-9 * n / cores
                + 2 * fanIn * m * r * 8 / c.mergeBytesPerSecond();
        d.put("pass.falkon_gram_products.count", p.iterations());
        d.put("pass.falkon_gram_products.s", p.iterations() * gram);
        // both routes report solve_s; the two calls give the sums' and Falkon's, one per run
        d.put("solve_s", (p.iterations() == 1 ? c.solveNanos() : c.falkonSolveNanos()) * 1e-9 * (p.folds() + 1) * m
                * m * m);
        return d;
    }
}
