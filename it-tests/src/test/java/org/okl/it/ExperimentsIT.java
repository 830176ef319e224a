package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every experiment of the papers runs its reduced protocol ({@code --quick}) through the command line and writes its
 * report and Markdown tables, with nothing but the data that ships with OKL (no data directory, no shared data): as
 * on a fresh clone. The parts it leaves ({@code --part}) assemble into the same document ({@code --assemble}).
 */
class ExperimentsIT {

    @Test
    void everyExperimentRunsQuicklyAndReports(@TempDir Path dir) throws Exception {
        OklProcess.Result list = OklProcess.run(dir, Map.of(), "experiment", "--list");
        assertThat(list.exitCode()).as(list.stderr()).isZero();
        assertThat(list.stdout()).contains("baldassarre-fields", "mtr");

        Path report = dir.resolve("report");
        Path markdown = dir.resolve("RESULTS.md");
        Path parts = dir.resolve("parts");
        OklProcess.Result all = OklProcess.run(dir, Map.of(), "experiment", "all", "--quick", "--report",
                report.toString(), "--markdown", markdown.toString(), "--part", parts.toString());
        assertThat(all.exitCode()).as(all.stderr()).isZero();
        assertThat(report.resolve("index.html")).exists();
        String md = Files.readString(markdown);
        for (String line : list.stdout().strip().split("\n")) {
            String name = line.strip().split("\\s+")[0];
            assertThat(md).as("section of " + name).contains("## " + name);
        }
        try (var files = Files.list(report)) {
            assertThat(files.filter(f -> f.toString().endsWith(".png")).count()).as("plots").isPositive();
        }

        // the parts the run left assemble into the same document, header aside
        Path assembled = dir.resolve("assembled.md");
        OklProcess.Result assemble = OklProcess.run(dir, Map.of(), "experiment", "all", "--quick", "--assemble",
                parts.toString(), "--markdown", assembled.toString(), "--report", dir.resolve("report2").toString());
        assertThat(assemble.exitCode()).as(assemble.stderr()).isZero();
        String body = "## How a verdict is decided";
        String again = Files.readString(assembled);
        assertThat(again.substring(again.indexOf(body))).isEqualTo(md.substring(md.indexOf(body)));
        assertThat(again).contains("Assembled by `okl experiment all --quick --assemble");
        assertThat(dir.resolve("report2").resolve("index.html")).exists();
    }
}
