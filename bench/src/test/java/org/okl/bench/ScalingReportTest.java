package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run a thread count reports when it ran several times, and how the report shows every time. */
class ScalingReportTest {

    private static ScalingReport.Run run(int threads, double seconds) {
        Map<String, Double> phases = new java.util.LinkedHashMap<>();
        ScalingRunner.PHASES.keySet().forEach(p -> phases.put(p, seconds / 4));
        return new ScalingReport.Run(threads, threads, seconds, seconds, phases, 100, "{}", 0, 0.01, "", List.of());
    }

    @Test
    void theMedianRunIsReportedWithEveryTimeInRunOrder() {
        ScalingReport.Run median = ScalingRunner.median(List.of(run(2, 9.0), run(2, 7.5), run(2, 8.25)));
        assertThat(median.seconds()).isEqualTo(8.25);
        assertThat(median.allSeconds()).containsExactly(9.0, 7.5, 8.25);
        assertThat(ScalingRunner.median(List.of(run(1, 3.0), run(1, 2.0))).seconds()).as("lower middle")
                .isEqualTo(2.0);
        assertThat(ScalingRunner.median(List.of(run(1, 3.0))).allSeconds()).as("one run: no list").isEmpty();
    }

    @Test
    void textAndMarkdownListEveryTimeOfACountThatRanMoreThanOnce() {
        ScalingReport report = new ScalingReport("stream_csv", 1000, Map.of("settings", "s"),
                List.of(ScalingRunner.median(List.of(run(1, 4.0), run(1, 5.0), run(1, 6.0))),
                        ScalingRunner.median(List.of(run(2, 2.5), run(2, 2.0), run(2, 3.0)))));
        assertThat(report.text()).contains("1 thread, every run's time (s): 4.00, 5.00, 6.00")
                .contains("2 threads, every run's time (s): 2.50, 2.00, 3.00");
        assertThat(report.markdown()).contains("- 2 threads, every run's time (s): 2.50, 2.00, 3.00");
        assertThat(report.speedup(report.runs().get(1))).isEqualTo(2.0);
    }
}
