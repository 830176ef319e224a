package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The verdict rule and the done-when checks, on made-up scores. */
class AccuracyReportTest {

    private static MethodScores method(String name, double... arrmse) {
        return new MethodScores(name, Map.of("arrmse", arrmse), new double[arrmse.length]);
    }

    @Test
    void winsLossesAndTiesFollowTheCorrectedTest() {
        DatasetResult enb = new DatasetResult(new DatasetPlan("enb", Task.REGRESSION, 2, 5), 768, 8, 2, 0.25, List.of(
                method("okl-auto", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064, 0.063),
                method("okl-independent", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064, 0.063),
                method("okl-coupled", 0.061, 0.071, 0.066, 0.06, 0.07, 0.065, 0.062, 0.07, 0.064, 0.064),
                method("krr-grid", 0.11, 0.12, 0.115, 0.11, 0.12, 0.118, 0.112, 0.119, 0.114, 0.113),
                method("random-forest", 0.06, 0.071, 0.066, 0.06, 0.069, 0.066, 0.061, 0.07, 0.064, 0.063),
                method("ridge-cv", 0.03, 0.03, 0.031, 0.03, 0.03, 0.03, 0.031, 0.03, 0.03, 0.03)), List.of());
        AccuracyReport report = new AccuracyReport(List.of(enb), Optional.empty(), Optional.empty(), List.of(), false);
        List<AccuracyReport.Verdict> v = report.verdicts(enb);
        assertThat(v).extracting(AccuracyReport.Verdict::outcome).containsExactly("win", "tie", "loss");
        assertThat(report.datasetVerdict(enb).orElseThrow().against()).isEqualTo("ridge-cv");
        assertThat(report.couplingVerdicts(enb)).singleElement().extracting(AccuracyReport.Verdict::outcome)
                .isEqualTo("tie");
        Map<String, String> checks = report.checks();
        assertThat(checks.get("no significant loss to a baseline (first metric)")).isEqualTo("NOT met: enb vs "
                + "ridge-cv");
        assertThat(checks.get("enb aRRMSE below 0.110")).isEqualTo("met: 0.0648");
        assertThat(report.markdown()).contains("| enb | 768 x 8 -> 2 | 2 x 5-fold | arrmse (lower) |")
                .contains("krr-grid win (<0.001)");
    }
}
