package org.okl.experiments.usps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Experiments;
import org.okl.experiments.ResultTable;

/** The quick protocols run to completion (a few seconds each on an idle machine) and report sane numbers. */
class QuickRunsTest {

    private static ExperimentResult runQuick(String name) {
        Experiment e = Experiments.all().get(name);
        assertThat(e).as(name + " is registered").isNotNull();
        StringWriter progress = new StringWriter();
        ExperimentResult r = e.run(new ExperimentContext(UspsTestData.OKL, true, 0, new PrintWriter(progress)));
        assertThat(progress.toString()).contains(name + ":");
        assertThat(r.experiment()).isEqualTo(name);
        assertThat(r.protocol()).contains("quick");
        assertThat(r.figures()).isNotEmpty();
        assertThat(r.notes()).isNotEmpty();
        return r;
    }

    /** The first number of a cell such as {@code 0.4742 ± 0.0135}. */
    private static double number(String cell) {
        return Double.parseDouble(cell.split(" ")[0]);
    }

    private static List<String> column(ResultTable t, String header) {
        int j = t.columns().indexOf(header);
        assertThat(j).as(header).isNotNegative();
        return t.rows().stream().map(r -> r.get(j)).toList();
    }

    @Test
    void kadriUspsQuickRunPrintsThePapersNumbersAndValidLosses() {
        ExperimentResult r = runQuick("kadri-usps");
        assertThat(r.tables()).hasSize(3);
        ResultTable paper = r.tables().get(0);
        assertThat(column(paper, "RBF loss (K13)")).containsExactly("0.9247 ± 0.0112", "0.8145 ± 0.0131",
                "0.7550 ± 0.0142", "0.6276 ± 0.0106");
        ResultTable common = r.tables().get(1);
        List<Double> losses = column(common, "RBF loss (ours)").stream().map(QuickRunsTest::number).toList();
        assertThat(losses).hasSize(4).allSatisfy(l -> assertThat(l).isBetween(0.0, 2.0));
        double mean = number(r.tables().get(2).rows().get(0).get(1));
        assertThat(losses.get(3)).as("conditional covariance beats the mean bottom half").isLessThan(mean - 0.02);
    }

    @Test
    void kadriLowRankQuickRunHasEveryRankAndValidLosses() {
        ExperimentResult r = runQuick("kadri-lowrank");
        ResultTable t = r.tables().get(0);
        assertThat(column(t, "m")).containsExactly("n", "n", "10", "50", "n", "10", "50");
        assertThat(column(t, "RBF loss (λ of the exact model)").stream().map(QuickRunsTest::number))
                .allSatisfy(l -> assertThat(l).isBetween(0.0, 2.0));
    }

    @Test
    void oelUspsQuickRunPrintsThePapersNumbersAndValidLosses() {
        ExperimentResult r = runQuick("oel-usps");
        ResultTable t = r.tables().get(0);
        assertThat(column(t, "method")).startsWith("SPEN", "IOKR", "KDE", "OEL0", "OEL");
        assertThat(column(t, "RBF loss (BM22)")).startsWith("0.801 ± 0.011", "0.751 ± 0.011", "0.764 ± 0.011",
                "0.734 ± 0.011", "0.725 ± 0.011");
        List<String> ours = column(t, "RBF loss σ² = 10 on [0, 1] (ours)");
        double reference = number(ours.get(5));
        for (int i = 1; i <= 4; i++) {
            assertThat(number(ours.get(i))).isBetween(0.0, 2.0).isLessThan(reference);
        }
    }
}
