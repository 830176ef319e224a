package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class BenchReportTest {

    private static BenchResult row(String workload, int n, String backend, double seconds, Double numpy,
            Double sklearn) {
        return new BenchResult(workload, n, backend, new Timing(new double[] {seconds}),
                numpy == null ? OptionalDouble.empty() : OptionalDouble.of(numpy),
                sklearn == null ? OptionalDouble.empty() : OptionalDouble.of(sklearn));
    }

    private static BenchReport report() {
        return new BenchReport(Map.of("cpu", "test cpu"), List.of(
                row("gram", 4000, "native", 0.2, 0.1, null),
                row("tik_path", 4000, "native", 2.0, 4.0, 40.0),
                row("tik_path", 4000, "java", 12.0, 4.0, 40.0),
                row("usps_decode", 2007, "native", 1.5, null, null),
                row("oel_train", 1000, "native", 12.5, null, null)), List.of("a note"));
    }

    @Test
    void rowsHoldSecondsRatiosAndDashesForMissingValues() {
        List<List<String>> rows = report().rows();
        assertThat(rows.get(0)).containsExactly("gram", "4000", "native", "0.200", "0.100", "2.00x", "-", "-",
                "-");
        assertThat(rows.get(1)).containsExactly("tik_path", "4000", "native", "2.000", "4.000", "0.50x", "-",
                "40.000", "20.00x");
        assertThat(rows.get(2).get(6)).isEqualTo("6.00x");
        assertThat(rows.get(3)).containsExactly("usps_decode", "2007", "native", "1.500", "-", "-", "-", "-", "-");
    }

    @Test
    void secondsKeepThreeOrFourSignificantDigits() {
        assertThat(BenchReport.seconds(0.012345)).isEqualTo("0.0123");
        assertThat(BenchReport.seconds(1.23456)).isEqualTo("1.235");
        assertThat(BenchReport.seconds(123.456)).isEqualTo("123.5");
        assertThat(BenchReport.ratio(OptionalDouble.of(1.0 / 3))).isEqualTo("0.33x");
    }

    @Test
    void textTableIsAligned() {
        List<String> lines = report().text().lines().toList();
        String header = lines.get(0);
        assertThat(header).startsWith("workload").contains("OKL/numpy", "java/native", "sklearn/OKL");
        assertThat(lines.get(1)).matches("-+");
        int secondsEnd = header.indexOf("seconds") + "seconds".length();
        int numpyEnd = header.indexOf("numpy s") + "numpy s".length();
        for (String line : lines.subList(2, 7)) {
            // numbers are right-aligned under their header
            assertThat(line.charAt(secondsEnd - 1)).isNotEqualTo(' ');
            assertThat(line.charAt(numpyEnd - 1)).isNotEqualTo(' ');
            assertThat(line.indexOf("native") < 0 ? line.indexOf("java") : line.indexOf("native"))
                    .isEqualTo(header.indexOf("backend"));
        }
        assertThat(report().text()).contains("notes:", "  a note");
    }

    @Test
    void targetsPassAndFailOnTheIssuesBounds() {
        List<TargetCheck> checks = report().targets();
        assertThat(checks).extracting(TargetCheck::target, TargetCheck::pass).containsExactly(
                org.assertj.core.groups.Tuple.tuple("gram n=4000 native <= 1.5x numpy", false),
                org.assertj.core.groups.Tuple.tuple("tik_path n=4000 native <= 1.0x numpy", true),
                org.assertj.core.groups.Tuple.tuple("tik_path n=4000 native >= 5x faster than sk_grid", true),
                org.assertj.core.groups.Tuple.tuple("tik_path n=4000 java <= 8x native", true),
                org.assertj.core.groups.Tuple.tuple("usps_decode n=2007 native < 2 s", true),
                org.assertj.core.groups.Tuple.tuple("oel_train n=1000 native < 10 s", false));
        assertThat(checks.get(0).measured()).isEqualTo("2.00x");
        assertThat(report().text()).contains("FAIL gram n=4000 native <= 1.5x numpy: 2.00x");
    }

    @Test
    void markdownHasMachineFactsAPipeTableTargetsAndNotes() {
        String md = report().markdown();
        assertThat(md).contains("- cpu: test cpu", "| workload | n | backend | seconds |",
                "| --- | --- | --- | ---: |", "| tik_path | 4000 | java | 12.000 | 4.000 | 3.00x | 6.00x |",
                "- PASS usps_decode n=2007 native < 2 s: 1.500 s", "- a note");
    }

    @Test
    void jsonHoldsEveryRowWithRepeatsRatiosAndTargets() {
        JsonNode json = report().json();
        assertThat(json.get("machine").get("cpu").asText()).isEqualTo("test cpu");
        JsonNode java = json.get("results").get(2);
        assertThat(java.get("backend").asText()).isEqualTo("java");
        assertThat(java.get("repeats").get(0).asDouble()).isEqualTo(12.0);
        assertThat(java.get("java_over_native").asDouble()).isEqualTo(6.0);
        assertThat(json.get("results").get(3).get("numpy_seconds").isNull()).isTrue();
        assertThat(json.get("targets")).hasSize(6);
        assertThat(json.get("notes").get(0).asText()).isEqualTo("a note");
    }
}
