package org.okl.experiments.multilabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.experiments.Checkpoints;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.TestSeal;
import org.okl.experiments.baldassarre.TestOkl;

/**
 * BM22's Bibtex runs at a small size, where Bibtex has been downloaded ({@code okl datasets fetch bibtex} into the
 * data directory; skipped otherwise, as on CI), and the not-run report where it has not.
 */
class BibtexRunTest {

    @Test
    void withoutTheDataEveryBibtexClaimIsNotRunWithTheFetchCommand() {
        Okl okl = TestOkl.create();
        assumeTrue(!okl.create(DatasetSource.class, ComponentSpec.of("bibtex")).isAvailable(okl.context()));
        BibtexRun.Result r = BibtexRun.run(okl, new ExperimentContext(okl, false, 0, new PrintWriter(
                new StringWriter())), BibtexRun.FULL);
        assertThat(r.ran()).isFalse();
        assertThat(r.reason()).contains("okl datasets fetch bibtex");
        assertThat(OelMultilabelNotes.claims(List.of(), r)).anySatisfy(c -> assertThat(c.notRun())
                .contains("okl datasets fetch bibtex"));
    }

    @Test
    void aDrawKeptInACheckpointIsReadBackAsItWas(@TempDir Path dir) {
        Okl okl = TestOkl.create();
        Matrix labels = Matrix.fromRows(new double[][] {{1, 0, 1}, {0, 0, 1}});
        Map<String, Map<String, Object>> chosen = new LinkedHashMap<>();
        chosen.put("OEL", Map.of("output.p", 2048, "filter.lambda", 1e-4, "output.c", 0.5));
        chosen.put("IOKR (own λ)", Map.of("filter.lambda", 1e-3));
        Map<String, Decoded> table5 = new LinkedHashMap<>();
        table5.put("OEL", Decoded.of(labels));
        table5.put("IOKR (own λ)", Decoded.of(labels.times(0)));
        Map<Integer, Decoded> fig3 = new LinkedHashMap<>();
        fig3.put(0, Decoded.of(labels));
        fig3.put(2880, Decoded.of(labels.times(2)));
        BibtexRun.Draw5 draw = new BibtexRun.Draw5(chosen, table5, fig3);
        Checkpoints.in(dir).unit("d5", "p", () -> draw, BibtexRun.Draw5::stored, BibtexRun.Draw5::of);
        BibtexRun.Draw5 read = Checkpoints.in(dir).unit("d5", "p", () -> {
            throw new AssertionError("read, not computed");
        }, BibtexRun.Draw5::stored, BibtexRun.Draw5::of);
        assertThat(read.table5().keySet()).containsExactly("OEL", "IOKR (own λ)");
        assertThat(read.table5().get("OEL").outputs().data()).containsExactly(labels.data());
        assertThat(read.table5().get("IOKR (own λ)").outputs().data()).containsExactly(0, 0, 0, 0, 0, 0);
        assertThat(read.fig3().keySet()).containsExactly(0, 2880);
        assertThat(read.fig3().get(2880).outputs().data()).containsExactly(labels.times(2).data());
        assertThat(OelMultilabelExperiment.perDraw(List.of(read.chosen().get("OEL"))))
                .isEqualTo(OelMultilabelExperiment.perDraw(List.of(chosen.get("OEL"))));
        assertThat(((Number) read.chosen().get("OEL").get("output.p")).intValue()).isEqualTo(2048);

        PipelineSpec spec = PipelineFiles.parse("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.5}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.001}}", "test", okl.registry());
        BibtexRun.Draw6 six = new BibtexRun.Draw6(Map.of("IOKR", Map.of("filter.lambda", 1e-3)),
                Map.of("IOKR", spec), Map.of("IOKR", Decoded.of(labels)));
        Checkpoints.in(dir).unit("d6", "p", () -> six, BibtexRun.Draw6::stored, s -> BibtexRun.Draw6.of(s, okl));
        BibtexRun.Draw6 read6 = Checkpoints.in(dir).unit("d6", "p", () -> {
            throw new AssertionError("read, not computed");
        }, BibtexRun.Draw6::stored, s -> BibtexRun.Draw6.of(s, okl));
        assertThat(read6.fixed().get("IOKR")).isEqualTo(spec);
        assertThat(read6.predicted().get("IOKR").outputs().data()).containsExactly(labels.data());
        assertThat(read6.chosen()).isEqualTo(Map.of("IOKR", Map.of("filter.lambda", 1e-3)));
    }

    @Test
    void sameRowsCountsTheRowsWhereTwoPredictionsAgree() {
        Decoded a = Decoded.of(Matrix.fromRows(new double[][] {{1, 0}, {0, 1}, {1, 1}}));
        Decoded b = Decoded.of(Matrix.fromRows(new double[][] {{1, 0}, {1, 1}, {1, 1}}));
        assertThat(BibtexRun.sameRows(a, b)).isEqualTo(2);
        assertThat(BibtexRun.sameRows(a, a)).isEqualTo(3);
    }

    @Test
    void aSmallRunGivesEveryTableAndClaim(@TempDir Path dir) {
        Okl okl = Okl.builder().build();
        assumeTrue(okl.create(DatasetSource.class, ComponentSpec.of("bibtex")).isAvailable(okl.context()),
                "bibtex not downloaded");
        BibtexRun.Settings small = new BibtexRun.Settings(300, 2, List.of(1e-3, 1e-1), List.of(16, 64),
                List.of(0.5), List.of(0.0, 1.0), 2, 2, List.of(64), 2, 2, 0.3);
        StringWriter progress = new StringWriter();
        BibtexRun.Result r = BibtexRun.run(okl, new ExperimentContext(okl, false, 0, new PrintWriter(progress),
                new TestSeal(), Checkpoints.in(dir)), small);
        assertThat(r.ran()).isTrue();
        assertThat(r.table5()).containsOnlyKeys("IOKR (OEL's λ)", "IOKR (own λ)", "OEL0", "OEL",
                BibtexRun.OEL0_AT_P5, BibtexRun.OEL_AT_P5);
        // at BM22's p nothing but λ (and OEL's c) is chosen
        assertThat(r.chosen5().get(BibtexRun.OEL0_AT_P5)).hasSize(2).allSatisfy(c -> assertThat(c)
                .containsOnlyKeys("filter.lambda"));
        assertThat(r.chosen5().get(BibtexRun.OEL_AT_P5)).allSatisfy(c -> assertThat(c).doesNotContainKey("output.p"));
        // units are draws: one F1 per draw, each the mean over the 2,515 test documents
        assertThat(r.table5().get("OEL")).hasSize(2);
        assertThat(r.chosen5().get("OEL")).hasSize(2);
        assertThat(r.table6().get("OEL0")).hasSize(2);
        assertThat(r.table6Size()).isEqualTo(1464);
        assertThat(java.util.Arrays.stream(r.table5().get("OEL")).allMatch(f -> f >= 0 && f <= 1)).isTrue();
        assertThat(r.fig3()).containsOnlyKeys(0, 4880 - 300);
        assertThat(r.table6()).containsOnlyKeys("IOKR", "OEL0", BibtexRun.OEL0_AT_P6);
        // not timed in Table 11: its fit / decode cell says so
        assertThat(r.tables().get(2).rows()).filteredOn(row -> row.get(0).equals(BibtexRun.OEL0_AT_P6))
                .singleElement().satisfies(row -> assertThat(row.get(4)).isEqualTo("-"));
        assertThat(r.fit().get("OEL0")).hasSize(2);
        assertThat(r.tables()).hasSize(3);
        assertThat(OelMultilabelNotes.claims(List.of(), r)).extracting(c -> c.source()).contains(
                "BM22 Fig. 3", "BM22 Table 6 (Bibtex)", "BM22 Table 11 (Bibtex)");
        assertThat(OelMultilabelNotes.claims(List.of(), r)).extracting(c -> c.text()).contains(
                "at BM22's chosen p = 80 (their Table 13), OEL0 has a higher F1 than IOKR (here IOKR with its own λ)");
        assertThat(r.checkpoints()).hasSize(8).allMatch(l -> l.endsWith("(computed now)"));
        // per draw, how the chosen p stands to the distinct label sets, and how often OEL predicts what IOKR does
        assertThat(r.findings5()).filteredOn(f -> f.startsWith("draw ")).hasSize(2).allSatisfy(f -> assertThat(f)
                .matches("draw \\d: OEL0 chose p = \\d+ against \\d+ distinct label sets among its 300 labelled"
                        + " documents, OEL p = \\d+ against 2058 among all 4880 training outputs .*of 2515 test"
                        + " documents"));
        assertThat(r.findings6()).filteredOn(f -> f.startsWith("draw ")).hasSize(2).allSatisfy(f -> assertThat(f)
                .matches("draw \\d: OEL0 chose p = \\d+ against \\d+ distinct label sets among its 1464 documents"
                        + " .* on \\d+ of 2515 test documents"));
        // at or above the rank bound OEL0 is IOKR: the same label set on every test document
        java.util.regex.Pattern numbers = java.util.regex.Pattern.compile(
                "OEL0 chose p = (\\d+) against (\\d+) distinct.* predicted on (\\d+) \\(OEL0\\)");
        for (String f : r.findings5()) {
            java.util.regex.Matcher m = numbers.matcher(f);
            if (m.find() && Integer.parseInt(m.group(1)) >= Integer.parseInt(m.group(2))) {
                assertThat(Integer.parseInt(m.group(3))).as(f).isEqualTo(2515);
            }
        }

        // again from the checkpoints: no draw is selected or fitted again, and the test scores are the same
        StringWriter again = new StringWriter();
        BibtexRun.Result resumed = BibtexRun.run(okl, new ExperimentContext(okl, false, 0, new PrintWriter(again),
                new TestSeal(), Checkpoints.in(dir)), small);
        assertThat(again.toString()).doesNotContain(" chose ");
        assertThat(resumed.checkpoints()).hasSize(8).allMatch(l -> l.contains("(read from table"));
        r.table5().forEach((m, f) -> assertThat(resumed.table5().get(m)).as(m).containsExactly(f));
        r.table6().forEach((m, f) -> assertThat(resumed.table6().get(m)).as(m).containsExactly(f));
        r.fig3().forEach((m, f) -> assertThat(resumed.fig3().get(m)).as("m = %d", m).containsExactly(f));
        assertThat(resumed.notes()).anyMatch(n -> n.startsWith("The draws were computed in pieces"));
    }
}
