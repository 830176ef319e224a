package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which data sets a benchmark runs, with which protocol. */
class AccuracyPlansTest {

    @Test
    void repetitionsFollowTheRowsFiveUpTo600ThreeUpTo1100OneAbove() {
        DatasetPlan plan = DatasetPlan.bySize("x", Task.REGRESSION);
        assertThat(plan.forRows(103).repeats()).isEqualTo(5);
        assertThat(plan.forRows(600).repeats()).isEqualTo(5);
        assertThat(plan.forRows(601).repeats()).isEqualTo(3);
        assertThat(plan.forRows(1100).repeats()).isEqualTo(3);
        assertThat(plan.forRows(1101).repeats()).isEqualTo(1);
        assertThat(plan.forRows(1101).folds()).isEqualTo(5);
        DatasetPlan fixed = new DatasetPlan("x", Task.REGRESSION, 2, 3);
        assertThat(fixed.forRows(50)).isSameAs(fixed);
    }

    @Test
    void theLeftOutSetsRunByNameWithTheirTaskAndOthersNeedOne() {
        List<DatasetPlan> plans = AccuracyPlans.select(List.of("bibtex", "emotions", "usps-halves", "other:multi-class"),
                false);
        assertThat(plans).extracting(DatasetPlan::task).containsExactly(Task.MULTI_LABEL, Task.MULTI_LABEL,
                Task.REGRESSION, Task.MULTI_CLASS);
        assertThat(plans).extracting(DatasetPlan::repeats).containsOnly(DatasetPlan.BY_SIZE);
        assertThat(AccuracyPlans.select(List.of("usps"), true).get(0)).isEqualTo(
                new DatasetPlan("usps", Task.MULTI_CLASS, 1, 3));
        assertThatThrownBy(() -> AccuracyPlans.select(List.of("other"), false))
                .hasMessageContaining("name its task too, as other:regression");
        assertThat(AccuracyPlans.full()).extracting(DatasetPlan::name)
                .doesNotContainAnyElementsOf(AccuracyPlans.optional().stream().map(DatasetPlan::name).toList());
    }
}
