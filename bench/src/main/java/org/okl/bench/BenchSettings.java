package org.okl.bench;

import java.util.List;

/**
 * What one {@code okl bench} run measures.
 *
 * @param sizes      the sizes n of the workloads that follow n
 * @param p          input dimension of the synthetic data
 * @param d          output dimension of the synthetic data
 * @param backends   back-end names to run, in order ({@code native}, {@code java})
 * @param repeat     timed repeats per measurement (the median is reported)
 * @param warmup     untimed runs before the repeats
 * @param workloads  the workloads, in run order
 * @param structured sizes of the structured workloads
 * @param seed       seed of the synthetic data
 * @param lowRank    settings of the large-n workloads
 */
public record BenchSettings(List<Integer> sizes, int p, int d, List<String> backends, int repeat, int warmup,
        List<Workload> workloads, StructuredSizes structured, long seed, LowRankSettings lowRank) {

    /** Settings with the default large-n settings. */
    public BenchSettings(List<Integer> sizes, int p, int d, List<String> backends, int repeat, int warmup,
            List<Workload> workloads, StructuredSizes structured, long seed) {
        this(sizes, p, d, backends, repeat, warmup, workloads, structured, seed, LowRankSettings.DEFAULTS);
    }

    /** Validates the counts and copies the lists. */
    public BenchSettings {
        if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 2)) {
            throw new IllegalArgumentException("--n needs sizes >= 2, got " + sizes);
        }
        if (p < 1 || d < 1) {
            throw new IllegalArgumentException("--p and --d must be >= 1, got " + p + " and " + d);
        }
        if (repeat < 1 || warmup < 0) {
            throw new IllegalArgumentException("--repeat must be >= 1 and --warmup >= 0, got " + repeat + " and "
                    + warmup);
        }
        for (String b : backends) {
            if (!b.equals("native") && !b.equals("java")) {
                throw new IllegalArgumentException("back-end must be native or java, got '" + b + "'");
            }
        }
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("no workload to run");
        }
        sizes = List.copyOf(sizes);
        backends = List.copyOf(backends);
        workloads = List.copyOf(workloads);
    }
}
