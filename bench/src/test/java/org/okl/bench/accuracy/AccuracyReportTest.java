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
                method("ridge-cv", 0.03, 0.03, 0.031, 0.03, 0.03, 0.03, 0.031, 0.03, 0.03, 0.03)), List.of(),
                Map.of("arrmse", false));
        AccuracyReport report = new AccuracyReport(List.of(enb), List.of(), Optional.empty(), List.of(), false);
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

    @Test
    void aLearnedKernelThatMakesAutoWorseThanTheGridIsReported() {
        // slump: the learned kernel was kept (auto scores as neither group) and is worse than the grid's independent
        // outputs in every fold
        DatasetResult slump = new DatasetResult(new DatasetPlan("slump", Task.REGRESSION, 2, 5), 103, 7, 3, 0.25,
                List.of(method("okl-auto", 0.52, 0.55, 0.50, 0.58, 0.53, 0.51, 0.56, 0.54, 0.57, 0.52),
                        method("okl-independent", 0.42, 0.44, 0.41, 0.47, 0.43, 0.40, 0.46, 0.44, 0.45, 0.43),
                        method("okl-coupled", 0.521, 0.551, 0.501, 0.581, 0.531, 0.511, 0.561, 0.541, 0.571,
                                0.521)), List.of(), Map.of("arrmse", false));
        // enb: auto is a grid group in every fold (independent in some, coupled in others), though coupled is better
        // in every fold: the learned candidate was never kept, so enb is not the learned candidate's loss
        DatasetResult enb = new DatasetResult(new DatasetPlan("enb", Task.REGRESSION, 2, 5), 768, 8, 2, 0.25,
                List.of(method("okl-auto", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064, 0.063),
                        method("okl-independent", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064,
                                0.065),
                        method("okl-coupled", 0.05, 0.06, 0.055, 0.05, 0.06, 0.056, 0.051, 0.059, 0.054, 0.063)),
                List.of(), Map.of("arrmse", false));
        String key = "the learned candidate never makes okl-auto significantly worse than the grid's choice "
                + "(okl-auto against okl-independent and okl-coupled, first metric, on the sets where it was kept "
                + "in a fold)";
        AccuracyReport worse = new AccuracyReport(List.of(enb, slump), List.of(), Optional.empty(), List.of(),
                false);
        assertThat(worse.rankChecks().get(key)).startsWith("NOT met: slump vs okl-independent (p ")
                .doesNotContain("slump vs okl-coupled").endsWith("; not kept in any fold, so okl-auto is the "
                        + "grid's choice, on enb");
        AccuracyReport fine = new AccuracyReport(List.of(enb), List.of(), Optional.empty(), List.of(), false);
        assertThat(fine.rankChecks().get(key)).isEqualTo("not judged (the learned candidate was kept on no data "
                + "set); not kept in any fold, so okl-auto is the grid's choice, on enb");
        // auto differs from both groups in the last fold only: the learned candidate was kept there, so enb is judged
        DatasetResult kept = new DatasetResult(new DatasetPlan("enb", Task.REGRESSION, 2, 5), 768, 8, 2, 0.25,
                List.of(method("okl-auto", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064, 0.0635),
                        method("okl-independent", 0.06, 0.07, 0.065, 0.06, 0.07, 0.066, 0.061, 0.069, 0.064,
                                0.063)), List.of(), Map.of("arrmse", false));
        assertThat(new AccuracyReport(List.of(kept), List.of(), Optional.empty(), List.of(), false).rankChecks()
                .get(key)).isEqualTo("met: no loss in 1 comparison");
        assertThat(new AccuracyReport(List.of(), List.of(), Optional.empty(), List.of(), false).rankChecks()
                .get(key)).isEqualTo("not judged (no data set)");
    }

    @Test
    void autoIsTheGridsChoiceOnlyWhenEveryFoldAndMetricMatchesAGroup() {
        MethodScores auto = new MethodScores("okl-auto", Map.of("a", new double[] {1, 2}, "b", new double[] {3, 4}),
                new double[2]);
        MethodScores first = new MethodScores("okl-independent", Map.of("a", new double[] {1, 9}, "b",
                new double[] {3, 9}), new double[2]);
        MethodScores second = new MethodScores("okl-coupled", Map.of("a", new double[] {9, 2}, "b",
                new double[] {9, 4}), new double[2]);
        MethodScores oneMetric = new MethodScores("okl-coupled", Map.of("a", new double[] {9, 2}, "b",
                new double[] {9, 4.5}), new double[2]);
        assertThat(AccuracyReport.gridChoiceInEveryFold(auto, List.of(first, second))).isTrue();
        assertThat(AccuracyReport.gridChoiceInEveryFold(auto, List.of(first))).isFalse();
        assertThat(AccuracyReport.gridChoiceInEveryFold(auto, List.of(first, oneMetric))).isFalse();
    }

    private static DatasetResult set(String name, Task task, String metric, boolean higher, String[] methods,
            double... means) {
        List<MethodScores> scores = new java.util.ArrayList<>();
        for (int j = 0; j < methods.length; j++) {
            if (!Double.isNaN(means[j])) {
                scores.add(new MethodScores(methods[j], Map.of(metric, new double[] {means[j], means[j]}),
                        new double[2]));
            }
        }
        return new DatasetResult(new DatasetPlan(name, task, 1, 2), 10, 2, 2, 1.0, scores, List.of(),
                Map.of(metric, higher));
    }

    @Test
    void ranksFollowEachMetricsDirectionAndLeaveOutMethodsMissingOnASet() {
        String[] m = {"okl-auto", "okl-independent", "okl-coupled", "krr-grid", "gp-ard"};
        double nan = Double.NaN;
        // lower is better for arrmse: okl-auto ranks 1, 1, 2 (tie with okl-independent on c: 1.5 each)
        DatasetResult a = set("a", Task.REGRESSION, "arrmse", false, m, 0.1, 0.2, 0.3, 0.4, 0.5);
        DatasetResult b = set("b", Task.REGRESSION, "arrmse", false, m, 0.1, 0.3, 0.2, 0.5, nan);
        DatasetResult c = set("c", Task.REGRESSION, "arrmse", false, m, 0.2, 0.2, 0.1, 0.3, 0.4);
        // higher is better for subset-accuracy: okl-auto ranks 1
        DatasetResult d = set("d", Task.MULTI_CLASS, "subset-accuracy", true, m, 0.9, 0.8, 0.7, 0.6, nan);
        AccuracyReport report = new AccuracyReport(List.of(a, b, c, d), List.of(), Optional.empty(), List.of(),
                false);
        List<AccuracyReport.Ranking> r = report.rankings();
        assertThat(r).extracting(AccuracyReport.Ranking::family).containsExactly("regression", "multi-class",
                "all");
        AccuracyReport.Ranking regression = r.get(0);
        assertThat(regression.dropped()).containsExactly("gp-ard");
        RankTest.Friedman t = regression.test().orElseThrow();
        assertThat(t.methods()).containsExactly("okl-auto", "okl-independent", "okl-coupled", "krr-grid");
        // a: 1 2 3 4; b: 1 3 2 4; c: 2.5 2.5 1 4 (0.2 tie for second and third)
        assertThat(t.averageRanks()).containsExactly(new double[] {4.5 / 3, 7.5 / 3, 2.0, 4.0},
                org.assertj.core.api.Assertions.within(1e-12));
        assertThat(r.get(1).test()).isEmpty();
        RankTest.Friedman all = r.get(2).test().orElseThrow();
        assertThat(all.sets()).isEqualTo(4);
        assertThat(all.rank("okl-auto")).isCloseTo(5.5 / 4, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(r.get(2).holm()).extracting(RankTest.Holm::method).containsExactly("okl-independent",
                "okl-coupled", "krr-grid");
        assertThat(report.rankChecks().get("okl-auto has the best average rank: all")).startsWith("met: ");
        assertThat(report.plots()).containsOnlyKeys("regression", "all");
        assertThat(report.markdown("accuracy")).contains("![critical-difference diagram, regression]"
                + "(accuracy-cd-regression.svg)").contains("left out, not run on every set: gp-ard");
    }
}
