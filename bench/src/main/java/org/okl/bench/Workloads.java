package org.okl.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The workloads {@code okl bench} knows, in the order they run. */
public final class Workloads {
    private static final List<Workload> ALL = List.of(new GramWorkload(), new EigenWorkload(),
            new TikhonovPathWorkload(), new NuMethodWorkload(), new KdeCovarianceWorkload(), new ManifoldWorkload(),
            new UspsDecodeWorkload(), new OelTrainWorkload(), new LowRankCvWorkload(), new StreamCsvWorkload());
    /**
     * Workloads that run only when named: spark_fit and spark_falkon need the okl-spark module built; read_parquet,
     * read_arrow and stream_parquet time the columnar routes (issue 38).
     */
    private static final List<Workload> ON_REQUEST = List.of(new SparkFitWorkload("spark_fit",
            java.util.Optional.empty()), new SparkFitWorkload("spark_falkon", java.util.Optional.of("falkon")),
            new ReadColumnarWorkload("parquet"), new ReadColumnarWorkload("arrow"), new StreamCsvWorkload(true));

    private Workloads() {
    }

    /** The workloads a run without {@code --workloads} runs, by name, in run order. */
    public static Map<String, Workload> all() {
        Map<String, Workload> m = new LinkedHashMap<>();
        ALL.forEach(w -> m.put(w.name(), w));
        return m;
    }

    /** Every workload by name, in run order: {@link #all()} and those that run only when named. */
    public static Map<String, Workload> known() {
        Map<String, Workload> m = all();
        ON_REQUEST.forEach(w -> m.put(w.name(), w));
        return m;
    }

    /**
     * The named workloads in run order.
     *
     * @throws IllegalArgumentException naming an unknown workload and listing the known ones
     */
    public static List<Workload> select(List<String> names) {
        Map<String, Workload> all = known();
        for (String name : names) {
            if (!all.containsKey(name)) {
                throw new IllegalArgumentException("unknown workload '" + name + "'; available: "
                        + String.join(", ", all.keySet()));
            }
        }
        List<Workload> out = new ArrayList<>();
        all.forEach((name, w) -> {
            if (names.contains(name)) {
                out.add(w);
            }
        });
        return out;
    }
}
