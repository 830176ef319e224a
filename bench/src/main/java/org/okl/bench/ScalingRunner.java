package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.PipelineFiles;
import org.okl.linalg.streamed.BlockAccumulator;

/**
 * {@code okl bench --scaling}: one large-n workload fitted by a child JVM at 1, 2, 4, ... threads (its pool,
 * {@code -Dokl.threads}, and, where {@code taskset} exists, its CPUs: the child sees that many processors, so its
 * BLAS and garbage collector are sized alike), with the wall time, speed-up and parallel efficiency of the fit and
 * of each phase: parse (the CSV into its cache), landmarks, features (kernel blocks), sums (their products) and
 * solves (every fold's m x m work). Every run's model is compared with the first one's on the test rows (the same
 * lambda, predictions to round-off).
 *
 * <p>Workloads: {@code stream_csv} (the fit from an n-row CSV, as {@code okl fit} does; the time is the child's
 * wall clock, JVM start and model file included), {@code stream_parquet} (the same from the rows written as Parquet
 * outside the clock) and {@code lowrank_cv} (the same problem in memory; the time is the fit's own).
 */
public final class ScalingRunner {
    /**
     * The phases reported, with the child's JSON keys (summed). The features and the sums are one phase: a piece's
     * sums run beside the next piece's features on the same workers, so the fit's timers cannot tell them apart.
     */
    static final Map<String, List<String>> PHASES = phases();

    private final BenchEnvironment environment;
    private final List<Integer> threads;
    private final PrintWriter progress;
    private final int rounds;

    /**
     * One run per thread count.
     *
     * @param environment the OKL runtime, seed and large-n settings
     * @param threads     the thread counts, in run order
     * @param progress    where one line per run is printed
     */
    public ScalingRunner(BenchEnvironment environment, List<Integer> threads, PrintWriter progress) {
        this(environment, threads, progress, 1);
    }

    /**
     * Several runs per thread count, in rounds (every count once per round, so a slow spell of a shared machine
     * touches every count alike); the run with the median time of each count is reported.
     *
     * @param rounds the runs per thread count, at least 1
     */
    public ScalingRunner(BenchEnvironment environment, List<Integer> threads, PrintWriter progress, int rounds) {
        if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
            throw new IllegalArgumentException("--threads needs counts of at least 1, got " + threads);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--repeat needs at least 1 run per thread count, got " + rounds);
        }
        this.environment = environment;
        this.threads = List.copyOf(threads);
        this.progress = progress;
        this.rounds = rounds;
    }

    private static Map<String, List<String>> phases() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("parse", List.of("parse_s"));
        m.put("landmarks", List.of("draw_s"));
        m.put("features + sums", List.of("kernel_s", "products_s"));
        m.put("solves", List.of("solve_s"));
        return m;
    }

    /** The default thread counts: 1, 2, 4, ... up to the processors, and the processors themselves. */
    public static List<Integer> defaultThreads() {
        int processors = Runtime.getRuntime().availableProcessors();
        List<Integer> out = new ArrayList<>();
        for (int t = 1; t < processors; t *= 2) {
            out.add(t);
        }
        out.add(processors);
        return out;
    }

    /**
     * Runs a workload at every thread count.
     *
     * @param workload {@code stream_csv}, {@code stream_parquet} or {@code lowrank_cv}
     * @param n        the training rows
     */
    public ScalingReport run(String workload, int n) {
        if (!List.of("stream_csv", "stream_parquet", "lowrank_cv").contains(workload)) {
            throw new IllegalArgumentException("--scaling runs stream_csv, stream_parquet or lowrank_cv, not '"
                    + workload + "'");
        }
        boolean fromCsv = !workload.equals("lowrank_cv");
        LowRankSettings settings = environment.lowRank();
        Map<String, String> machine = MachineInfo.describe(Map.of("native", environment.linearAlgebra()));
        machine.put("load average at start (1, 5, 15 min)", MachineInfo.loadAverage());
        machine.put("cpu affinity", Taskset.available() ? "taskset -c 0-(t-1) per run" : "none (no taskset): the "
                + "pool and BLAS threads only");
        LowRankData data = LowRankData.of(n, settings, environment.seed());
        List<ScalingReport.Run> runs = new ArrayList<>();
        Path dir;
        try {
            dir = Files.createTempDirectory("okl-scaling");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path pipeline = dir.resolve("pipeline.json");
            Files.writeString(pipeline, PipelineFiles.toJson(LowRankData.pipeline(settings, environment.seed())));
            Path csv = dir.resolve("train.csv");
            if (fromCsv) {
                data.writeTrainCsv(csv);
                if (workload.equals("stream_parquet")) {
                    csv = StreamCsvWorkload.toParquet(environment, csv);
                }
            }
            Matrix testInputs = LowRankData.inputs(data.test());
            Matrix first = null;
            Map<Integer, List<ScalingReport.Run>> byThreads = new LinkedHashMap<>();
            for (int round = 1; round <= rounds; round++) {
                for (int t : threads) {
                    Path model = dir.resolve("model-" + t + ".okl");
                    List<String> command = command(settings, pipeline, fromCsv ? csv.toString() : "memory:" + n,
                            model, t, !fromCsv);
                    progress.printf("bench: scaling %s n=%d on %d thread%s%s ...%n", workload, n, t,
                            t == 1 ? "" : "s", rounds == 1 ? "" : " (round " + round + " of " + rounds + ")");
                    progress.flush();
                    long start = System.nanoTime();
                    StreamCsvWorkload.ChildRun child = StreamCsvWorkload.ChildRun.of(command, dir);
                    double wall = (System.nanoTime() - start) * 1e-9;
                    JsonNode out = child.output();
                    Model fitted = Model.load(model, environment.okl());
                    Matrix predicted = fitted.predict(testInputs).outputs();
                    double difference = 0;
                    if (first == null) {
                        first = predicted;
                    } else {
                        difference = predicted.maxAbsDifference(first) / Math.max(Double.MIN_NORMAL,
                                maxAbs(first));
                    }
                    Map<String, Double> phases = new LinkedHashMap<>();
                    PHASES.forEach((name, keys) -> phases.put(name,
                            keys.stream().mapToDouble(key -> out.path(key).asDouble()).sum()));
                    double time = fromCsv ? wall : out.path("fit_s").asDouble();
                    byThreads.computeIfAbsent(t, k -> new ArrayList<>()).add(new ScalingReport.Run(t,
                            out.path("threads").asInt(t), time, child.cpuSeconds(), phases,
                            child.peakRssKib() / 1024.0, String.valueOf(fitted.provenance().chosen()), difference,
                            LowRankData.mse(predicted, LowRankData.outputs(data.test())), out.path("blas").asText(""),
                            List.of()));
                }
            }
            for (List<ScalingReport.Run> all : byThreads.values()) {
                runs.add(median(all));
            }
            Files.deleteIfExists(csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            StreamCsvWorkload.delete(dir);
        }
        int k = Math.max(1, BlockAccumulator.defaultChunkRows(settings.rank()) / settings.folds());
        for (int t : threads) {
            long needed = SumsFloor.bytes(t, settings.rank(), k);
            Runtime runtime = Runtime.getRuntime();
            long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
            machine.put("sums floor, " + t + (t == 1 ? " thread" : " threads"), needed < free / 2
                    ? SumsFloor.measure(environment.linearAlgebra(), t, settings.rank(), k).describe(n)
                    : String.format(Locale.ROOT, "not measured: its arrays take %,d MiB, more than half the bench's "
                            + "free heap (%,d MiB)", needed >> 20, free >> 20));
        }
        machine.put("load average at end (1, 5, 15 min)", MachineInfo.loadAverage());
        String settingsLine = String.format(Locale.ROOT, "%s, n = %,d, p = %d, d = %d, Nystrom rank %d, %d folds, "
                + "5 lambdas, child heap %s, seed %d; time = %s", workload, n, LowRankSettings.P, LowRankSettings.D,
                settings.rank(), settings.folds(), settings.childHeap(), environment.seed(), fromCsv
                        ? "the child's wall clock (JVM start, parse, fit, model file)" : "the fit's own wall clock");
        machine.put("settings", settingsLine);
        if (rounds > 1) {
            machine.put("runs", rounds + " per thread count, in rounds; each row is the run with the median time "
                    + "(every run's time below the table)");
        }
        return new ScalingReport(workload, n, machine, runs);
    }

    private List<String> command(LowRankSettings settings, Path pipeline, String data, Path model, int threads,
            boolean memory) {
        List<String> command = new ArrayList<>(Taskset.prefix(threads));
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx" + settings.childHeap());
        command.add("-Dokl.threads=" + threads);
        command.add("-Dokl.linalg=" + environment.linearAlgebra().name());
        command.addAll(StreamCsvWorkload.launcherOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StreamedFitMain.class.getName(),
                pipeline.toString(), data, Integer.toString(LowRankSettings.P), Integer.toString(LowRankSettings.D),
                model.toString()));
        if (memory) {
            command.addAll(List.of(Long.toString(environment.seed()), Integer.toString(settings.rank()),
                    Integer.toString(settings.testRows())));
        }
        return command;
    }

    /** The run with the median time (the lower middle of an even count), with every run's time attached. */
    static ScalingReport.Run median(List<ScalingReport.Run> all) {
        List<ScalingReport.Run> sorted = new ArrayList<>(all);
        sorted.sort(java.util.Comparator.comparingDouble(ScalingReport.Run::seconds));
        ScalingReport.Run middle = sorted.get((sorted.size() - 1) / 2);
        return middle.withAllSeconds(times(all));
    }

    private static List<Double> times(List<ScalingReport.Run> all) {
        return all.stream().map(ScalingReport.Run::seconds).toList();
    }

    private static double maxAbs(Matrix m) {
        double max = 0;
        for (double v : m.data()) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }

    /** CPU affinity through util-linux's {@code taskset}, where it is installed. */
    static final class Taskset {
        private static final List<Path> PLACES = List.of(Path.of("/usr/bin/taskset"), Path.of("/bin/taskset"));

        private Taskset() {
        }

        static boolean available() {
            return PLACES.stream().anyMatch(Files::isExecutable);
        }

        /** {@code taskset -c 0-(t-1)} when it is installed and the machine has that many processors. */
        static List<String> prefix(int threads) {
            int processors = Runtime.getRuntime().availableProcessors();
            if (!available() || threads > processors) {
                return List.of();
            }
            Path taskset = PLACES.stream().filter(Files::isExecutable).findFirst().orElseThrow();
            return List.of(taskset.toString(), "-c", threads == 1 ? "0" : "0-" + (threads - 1));
        }
    }
}
