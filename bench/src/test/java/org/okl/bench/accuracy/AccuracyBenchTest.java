package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.bench.PeerRunner;
import org.okl.core.Okl;

/**
 * The benchmark end to end on linnerud (20 rows) with one 2-fold cross-validation: OKL's three methods, and the
 * scikit-learn peer on the same folds when this machine has Python with scikit-learn.
 */
class AccuracyBenchTest {

    @Test
    void bothSidesScoreTheSameFolds(@TempDir Path dir) throws Exception {
        Path python = PeerRunner.DEFAULT_PYTHON;
        boolean sklearn = Files.isExecutable(python) && new ProcessBuilder(python.toString(), "-c",
                "import sklearn").start().waitFor() == 0;
        Okl okl = Okl.builder().seed(1).build();
        DatasetPlan plan = new DatasetPlan("linnerud", Task.REGRESSION, 1, 2);
        AccuracyReport report = new AccuracyBench(new AccuracyBench.Settings(List.of(plan), true, 1, dir,
                sklearn ? Optional.of(new PeerRunner(python, dir.resolve("unused.py"))) : Optional.empty(), false),
                okl, new PrintWriter(new StringWriter())).run();
        DatasetResult result = report.datasets().get(0);
        assertThat(result.rows()).isEqualTo(20);
        assertThat(result.method("okl-auto").orElseThrow().scores().get("arrmse")).hasSize(2);
        assertThat(Files.exists(dir.resolve("linnerud").resolve("folds.f64"))).isTrue();
        assertThat(Files.size(dir.resolve("linnerud").resolve("data.f64"))).isEqualTo(20L * 6 * 8);
        Assumptions.assumeTrue(sklearn, "no Python with scikit-learn at " + python);
        for (String baseline : Task.REGRESSION.baselines()) {
            double[] scores = result.method(baseline).orElseThrow().scores().get("arrmse");
            assertThat(scores).hasSize(2);
            for (double s : scores) {
                assertThat(s).isFinite().isPositive();
            }
        }
        assertThat(report.markdown()).contains("| linnerud | 20 x 3 -> 3 | 1 x 2-fold |");
    }
}
