package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The large-n targets: the 1M-row CSV fit must meet 180 s with a heap of at most 2 GiB, and the heap is named. */
class BenchTargetsTest {
    private static BenchResult streamCsv(double seconds, String heap) {
        return new BenchResult("stream_csv", 1_000_000, "native", new Timing(new double[] {seconds}),
                OptionalDouble.empty(), OptionalDouble.empty(),
                Map.of("heap_mib", new LowRankSettings(2000, 5, 100, heap).heapMib()));
    }

    @Test
    void theHeapInForceIsNamedAndMustBeAtMostTwoGib() {
        assertThat(BenchTargets.evaluate(List.of(streamCsv(74.0, "768m")))).singleElement().satisfies(t -> {
            assertThat(t.target()).contains("-Xmx768m");
            assertThat(t.pass()).isTrue();
        });
        assertThat(BenchTargets.evaluate(List.of(streamCsv(74.0, "4g")))).singleElement()
                .satisfies(t -> assertThat(t.pass()).as("4 GiB is more than the issue allows").isFalse());
        assertThat(BenchTargets.evaluate(List.of(streamCsv(181.0, "2g")))).singleElement()
                .satisfies(t -> assertThat(t.pass()).isFalse());
    }

    @Test
    void heapSizesReadAsTheJvmReadsThem() {
        assertThat(new LowRankSettings(2000, 5, 100, "2g").heapMib()).isEqualTo(2048.0);
        assertThat(new LowRankSettings(2000, 5, 100, "512M").heapMib()).isEqualTo(512.0);
        assertThat(new LowRankSettings(2000, 5, 100, "1048576k").heapMib()).isEqualTo(1024.0);
        assertThat(new LowRankSettings(2000, 5, 100, "1073741824").heapMib()).isEqualTo(1024.0);
    }
}
