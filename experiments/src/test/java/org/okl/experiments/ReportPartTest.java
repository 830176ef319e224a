package org.okl.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;

/** Parts written by separate runs assemble into the very document one run writes. */
class ReportPartTest {

    private static ExperimentResult result(String name, String tricky) {
        ResultTable t = ResultTable.builder("numbers of " + name, "method", "value")
                .row("A" + tricky, "0.1").row("B", "0.2 | 0.3").build();
        Claim claim = Claim.of("P Fig. 1", "A below B" + tricky, List.of(Comparison.better("n = 10", "A",
                new double[] {0.10, 0.12, 0.11, 0.13}, "B", new double[] {0.20, 0.21, 0.23, 0.20}, false,
                org.okl.experiments.verdict.Comparison.Units.draws("runs"))));
        return new ExperimentResult(name, "protocol of " + name + tricky, List.of(t), List.of(),
                List.of("a note\\ with a backslash", "second"), List.of(claim, Claim.notRun("P Table 2", "other",
                "data not here")));
    }

    @Test
    void assembledPartsGiveTheDocumentOfOneRun(@TempDir Path dir) throws Exception {
        List<ExperimentResult> results = List.of(result("mtr", "\ttab\nnew line\r\\t"), result("kadri-usps", ""));
        for (ExperimentResult r : results) {
            ReportPart.of(r, r.experiment() + " 1.0 min").write(dir);
        }
        List<ReportPart> read = List.of(ReportPart.read(dir, "mtr"), ReportPart.read(dir, "kadri-usps"));
        assertThat(read.get(0).run()).isEqualTo("mtr 1.0 min");
        assertThat(read.get(0).verdictRows()).hasSize(2);
        List<ReportPart> rendered = results.stream().map(r -> ReportPart.of(r, "")).toList();
        String direct = ReportWriter.markdownOf(rendered, "header");
        assertThat(ReportWriter.markdownOf(read, "header")).isEqualTo(direct);
        assertThat(direct).contains("| mtr | P Fig. 1 |",
                "| kadri-usps | P Table 2 | other | data not stated | data not here |",
                "## kadri-usps", "- a note\\ with a backslash");
        Path html = dir.resolve("report");
        ReportWriter.writeHtml(read, "header", html, dir);
        Path one = dir.resolve("one");
        ReportWriter.writeFigures(results, one);
        ReportWriter.writeHtml(rendered, "header", one, null);
        assertThat(Files.readString(html.resolve("index.html")))
                .isEqualTo(Files.readString(one.resolve("index.html")));
    }

    @Test
    void anExperimentWithoutAPartIsListedAsNotRunWithItsCommand() {
        String md = ReportWriter.markdownOf(List.of(ReportPart.of(result("mtr", ""), ""),
                ReportPart.missing("kadri-usps", "okl experiment kadri-usps --part parts")), "header");
        assertThat(md).contains("| kadri-usps | - | every claim of this experiment | data not stated | its part is"
                + " not here yet:"
                + " `okl experiment kadri-usps --part parts`, then assemble again | not run |",
                "## kadri-usps\n\nNot run in this file: its part is not here yet",
                "not run in this invocation (okl experiment kadri-usps)");
        assertThat(md).doesNotContain("not run in this invocation (okl experiment mtr)");
    }

    @Test
    void aDamagedPartIsRefusedWithItsFileAndLine(@TempDir Path dir) throws Exception {
        ReportPart.of(result("mtr", ""), "").write(dir);
        Path file = dir.resolve("mtr.part");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Files.writeString(file, String.join("\n", lines) + "\nfigure\t../../etc/x.png\n");
        assertThatThrownBy(() -> ReportPart.read(dir, "mtr")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mtr.part, line " + (lines.size() + 1)).hasMessageContaining("figure");
        Files.writeString(file, String.join("\n", lines.subList(0, 2)) + "\nsurprise\tx\n");
        assertThatThrownBy(() -> ReportPart.read(dir, "mtr")).hasMessageContaining("line 3, field 'surprise'");
        Files.writeString(file, "hello\n");
        assertThatThrownBy(() -> ReportPart.read(dir, "mtr")).hasMessageContaining("line 1: not an okl experiment");
        ReportPart.of(result("kadri-usps", ""), "").write(dir);
        Files.move(dir.resolve("kadri-usps.part"), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThatThrownBy(() -> ReportPart.read(dir, "mtr")).hasMessageContaining("not a complete part of"
                + " experiment mtr");
    }
}
