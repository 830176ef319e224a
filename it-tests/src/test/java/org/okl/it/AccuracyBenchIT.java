package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code okl bench --accuracy} through the real {@code okl} process, without the scikit-learn peer: one quick run,
 * and a run in pieces ({@code --parts}) that reads what an earlier run kept and refuses a part it cannot use.
 */
class AccuracyBenchIT {
    private static final String LINNERUD_ROW = "| linnerud | 20 x 3 -> 3 | 1 x 3-fold | arrmse (lower) |";

    @Test
    void theAccuracyBenchRunsWithoutThePeer(@TempDir Path dir) throws Exception {
        OklProcess.Result bench = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "linnerud");
        assertThat(bench.exitCode()).as(bench.stderr()).isZero();
        assertThat(bench.stdout()).contains(LINNERUD_ROW).contains("Checks (issue 19, done when)");
        assertThat(bench.stderr()).contains("bench: linnerud [okl-auto, okl-independent, okl-coupled]");
    }

    @Test
    void aRunInPiecesReadsWhatAnEarlierRunKeptAndRefusesAPartItCannotUse(@TempDir Path dir) throws Exception {
        Path parts = dir.resolve("parts");
        OklProcess.Result first = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "linnerud", "--parts", parts.toString());
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        Path part = parts.resolve("dataset-linnerud.json");
        assertThat(part).isRegularFile();
        assertThat(first.stderr()).contains("bench: linnerud [okl-auto");

        OklProcess.Result second = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "linnerud", "--parts", parts.toString());
        assertThat(second.exitCode()).as(second.stderr()).isZero();
        // read, not fitted again: the same table row, and the report says which build ran it
        assertThat(second.stderr()).contains("bench: read " + part)
                .doesNotContain("bench: linnerud [okl-auto");
        assertThat(row(second.stdout())).isEqualTo(row(first.stdout()));
        assertThat(second.stdout()).contains("Run in pieces (--parts): 1 build (okl ")
                .contains("- dataset linnerud: okl ").contains("(read from dataset-linnerud.json)");

        // no data set and no split: nothing runs, the report says so
        OklProcess.Result nothing = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "none", "--splits", "none", "--parts", parts.toString());
        assertThat(nothing.exitCode()).as(nothing.stderr()).isZero();
        assertThat(nothing.stdout()).doesNotContain(LINNERUD_ROW).contains("Checks (issue 19, done when)")
                .contains("Run in pieces (--parts): no unit was run or read.");

        // another protocol (the full one) is refused, not mixed in
        OklProcess.Result full = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--datasets", "linnerud",
                "--parts", parts.toString());
        assertThat(full.exitCode()).isNotZero();
        assertThat(full.stderr().strip()).doesNotContain("\n").contains(part + ": field protocol: quick protocol")
                .contains("remove the file or give another --parts folder");

        // a broken part: one line naming the file and the field, nothing written
        String good = Files.readString(part);
        Files.writeString(part, good.replace("\"rows\" : 20", "\"rows\" : -20"));
        Path markdown = dir.resolve("accuracy.md");
        OklProcess.Result broken = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "linnerud", "--parts", parts.toString(), "--markdown", markdown.toString());
        assertThat(broken.exitCode()).isNotZero();
        assertThat(broken.stderr().strip()).doesNotContain("\n")
                .contains(part + ": field result.rows: not a whole number >= 0");
        assertThat(markdown).doesNotExist();
    }

    @Test
    void aRegressionSetsOwnSplitIsScoredOnceAndABaselineNameIsChecked(@TempDir Path dir) throws Exception {
        // jura's own split (259 training, 100 test rows): tuned on the training part, scored once on the test part
        Path parts = dir.resolve("parts");
        OklProcess.Result split = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "none", "--splits", "jura", "--parts", parts.toString());
        assertThat(split.exitCode()).as(split.stderr()).isZero();
        assertThat(split.stdout()).contains("| jura-split | 359 x 15 -> 3 | train/test | arrmse (lower) |");
        assertThat(parts.resolve("split-jura.json")).isRegularFile();

        OklProcess.Result unknown = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick", "--datasets",
                "linnerud", "--baselines", "krr-grid,no-such");
        assertThat(unknown.exitCode()).isNotZero();
        assertThat(unknown.stderr().strip()).doesNotContain("\n").contains("--baselines: no baseline named "
                + "'no-such'");

        OklProcess.Result rerunUnknown = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick",
                "--datasets", "linnerud", "--rerun-baselines", "mlp,no-such");
        assertThat(rerunUnknown.exitCode()).isNotZero();
        assertThat(rerunUnknown.stderr().strip()).doesNotContain("\n").contains("--rerun-baselines: no baseline "
                + "named 'no-such'");
        OklProcess.Result rerunLoose = OklProcess.run(dir, Map.of(), "bench", "--accuracy", "--quick",
                "--datasets", "linnerud", "--rerun-baselines", "okl,mlp");
        assertThat(rerunLoose.exitCode()).isNotZero();
        assertThat(rerunLoose.stderr().strip()).doesNotContain("\n").contains("--rerun-baselines needs --peer and "
                + "--parts");
        assertThat(parts.resolve("split-jura.json")).as("the kept part untouched").isRegularFile();
    }

    private static String row(String report) {
        return report.lines().filter(l -> l.startsWith(LINNERUD_ROW)).findFirst().orElseThrow();
    }
}
