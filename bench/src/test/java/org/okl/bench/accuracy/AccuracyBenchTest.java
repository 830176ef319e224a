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

    @Test
    void aRunKeptInPartsRefusesAPeerWithoutScikitLearnBeforeAnyWork(@TempDir Path dir) throws Exception {
        // a fresh machine's Python without scikit-learn: the run kept OKL's half as a part with a "no numpy peer"
        // note, which later runs read back as complete; now it stops before fitting anything and keeps nothing
        Path python = fakePython(dir, "echo \"ModuleNotFoundError: No module named 'sklearn'\" >&2\nexit 1");
        Path parts = dir.resolve("parts");
        AccuracyBench bench = keptLinnerud(dir, python, parts);
        org.assertj.core.api.Assertions.assertThatThrownBy(bench::run)
                .isInstanceOf(PeerRunner.PeerUnavailable.class)
                .hasMessage("no numpy peer: No module named 'sklearn' (apt-get install python3-numpy python3-scipy "
                        + "python3-sklearn)");
        assertThat(Files.exists(parts) ? Files.list(parts).count() : 0).as("parts kept").isZero();
        assertThat(Files.exists(dir.resolve("work").resolve("linnerud"))).as("nothing fitted").isFalse();
    }

    @Test
    void aPeerThatFailsInsideAUnitKeepsNoPartOfIt(@TempDir Path dir) throws Exception {
        // the module check passes, then the peer fails on the data set: the unit is not run, its part not written
        Path python = fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "echo \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1");
        Path parts = dir.resolve("parts");
        AccuracyReport report = keptLinnerud(dir, python, parts).run();
        assertThat(report.datasets()).isEmpty();
        assertThat(report.notes()).containsExactly("linnerud: not run: scikit-learn: no numpy peer: No module named "
                + "'numpy' (apt-get install python3-numpy python3-scipy python3-sklearn); the part is not kept");
        assertThat(Files.exists(parts.resolve("dataset-linnerud.json"))).isFalse();
    }

    /** linnerud, one 2-fold cross-validation, with the peer run by {@code python} and its units kept in parts. */
    private static AccuracyBench keptLinnerud(Path dir, Path python, Path parts) {
        return new AccuracyBench(new AccuracyBench.Settings(List.of(new DatasetPlan("linnerud", Task.REGRESSION, 1,
                2)), true, 1, dir.resolve("work"), Optional.of(new PeerRunner(python, dir.resolve("unused.py"))),
                false, List.of(), Optional.of(new AccuracyParts(parts, new AccuracyParts.Protocol(true, 1, true),
                        "b"))), Okl.builder().seed(1).build(), new PrintWriter(new StringWriter()));
    }

    /** A stand-in for Python: a shell script with this body. */
    private static Path fakePython(Path dir, String body) throws Exception {
        Path python = dir.resolve("python3");
        Files.writeString(python, "#!/bin/sh\n" + body + "\n");
        assertThat(python.toFile().setExecutable(true)).isTrue();
        return python;
    }

    /**
     * emotions is not bundled: it is read from a development checkout's {@code ../shared/datasets} (CI's first pass),
     * and a fresh clone without it, with no network, skips.
     */
    @Test
    void aMulanSplitTrainsOnItsTrainingPartAndScoresItsTestPartOnce(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("../../shared/datasets/emotions")),
                "emotions is not in ../shared/datasets (a fresh clone)");
        Okl okl = Okl.builder().seed(1).build();
        AccuracyReport report = new AccuracyBench(new AccuracyBench.Settings(List.of(), true, 1, dir,
                Optional.empty(), false, List.of("emotions", "no-such-set")), okl,
                new PrintWriter(new StringWriter())).run();
        DatasetResult split = report.splits().get(0);
        assertThat(split.plan().name()).isEqualTo("emotions-split");
        assertThat(split.rows()).isEqualTo(593);
        // one score per metric: the 202 test rows, once
        assertThat(split.method("okl-auto").orElseThrow().scores().get("hamming-loss")).hasSize(1);
        assertThat(split.method("okl-auto").orElseThrow().scores().get("f1-example")).hasSize(1);
        assertThat(split.higherIsBetter("f1-example")).isTrue();
        assertThat(split.higherIsBetter("hamming-loss")).isFalse();
        // the folds the peer reads: the 391 training rows in fold 1, the 202 test rows in fold 0, only fold 0 scored
        byte[] folds = Files.readAllBytes(dir.resolve("emotions-split").resolve("folds.f64"));
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(folds).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int train = 0;
        for (int i = 0; i < 593; i++) {
            double f = b.getDouble();
            assertThat(f).as("row %d", i).isEqualTo(i < 391 ? 1.0 : 0.0);
            train += f == 1.0 ? 1 : 0;
        }
        assertThat(train).isEqualTo(391);
        assertThat(Files.readString(dir.resolve("emotions-split").resolve("task.json"))).contains("\"evaluate\"");
        assertThat(report.notes()).anyMatch(n -> n.startsWith("no-such-set split: not run"));
        assertThat(report.markdown()).contains("the tuning never sees the test part")
                .contains("| emotions-split | 593 x 72 -> 6 | train/test | hamming-loss (lower) |");
    }
}
