package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.okl.core.Model;
import org.okl.core.TrainingData;

/**
 * {@code stream_csv}: the {@code lowrank_cv} problem fitted from a CSV file of n rows by a separate JVM with a fixed
 * heap ({@code -Xmx2g} by default), as {@code okl fit} does: the file read in blocks by a reader thread, landmarks
 * sampled in a first pass, the per-fold sums in a second, the model written. The time is the child's wall clock;
 * the details give its peak resident memory (VmHWM, polled every 50 ms) and where its time went. At n <= 50,000 the
 * same data are also fitted in memory (outside the clock) and the largest difference between the two models'
 * predictions on the test rows is reported. The CSV (about 230 bytes per row) is written outside the clock into a
 * temporary folder, deleted after the run.
 */
public final class StreamCsvWorkload implements Workload {
    /** The largest n at which the streamed model is compared with the in-memory one. */
    public static final int COMPARED_UP_TO = 50_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final boolean parquet;

    /** {@code stream_csv}. */
    public StreamCsvWorkload() {
        this(false);
    }

    /**
     * {@code stream_csv}, or {@code stream_parquet} when {@code parquet}: the same rows converted outside the clock
     * to a Parquet file (OKL's writer), which the child reads by row group instead of parsing text.
     */
    public StreamCsvWorkload(boolean parquet) {
        this.parquet = parquet;
    }

    @Override
    public String name() {
        return parquet ? "stream_parquet" : "stream_csv";
    }

    @Override
    public String description() {
        return "a separate JVM (-Xmx2g) fits lowrank_cv's problem from an n-row " + (parquet ? "Parquet file read by "
                + "row group" : "CSV read in blocks") + ", as okl fit does; details: peak RSS, time breakdown, "
                + "difference from the in-memory fit (n <= 50,000)";
    }

    @Override
    public boolean numpyPeer() {
        return false;
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        LowRankSettings settings = environment.lowRank();
        LowRankData data = LowRankData.of(n, settings, environment.seed());
        LowRankData.TrainFiles files = data.files(settings, environment.seed(), "okl-stream-csv");
        Path dir = files.dir();
        Path csv = parquet ? toParquet(environment, files.csv()) : files.csv();
        Path pipeline = files.pipeline();
        Path model = dir.resolve("model.okl");
        List<String> command = command(environment, settings, pipeline, csv, model);
        return new BenchTask() {
            private ChildRun last;

            @Override
            public Object run() {
                last = ChildRun.of(command, dir);
                return last;
            }

            @Override
            public Map<String, Double> details() {
                try {
                    Map<String, Double> d = new LinkedHashMap<>();
                    d.put("peak_rss_mib", last.peakRssKib() / 1024.0);
                    d.put("cpu_s", last.cpuSeconds());
                    d.put("heap_mib", settings.heapMib());
                    for (String key : List.of("parse_s", "draw_s", "wait_s", "kernel_s", "products_s", "solve_s")) {
                        d.put(key, last.output().path(key).asDouble());
                    }
                    d.put(parquet ? "parquet_mib" : "csv_mib", Files.size(csv) / (1024.0 * 1024.0));
                    Model streamed = Model.load(model, environment.okl());
                    d.put("test_mse", LowRankData.mse(streamed.predict(LowRankData.inputs(data.test())).outputs(),
                            LowRankData.outputs(data.test())));
                    if (n <= COMPARED_UP_TO) {
                        Model memory = environment.okl().pipeline(LowRankData.pipeline(settings, environment.seed()))
                                .fit(TrainingData.of(LowRankData.inputs(data.train()),
                                        LowRankData.outputs(data.train())));
                        d.put("streamed_vs_memory", streamed.predict(LowRankData.inputs(data.test())).outputs()
                                .maxAbsDifference(memory.predict(LowRankData.inputs(data.test())).outputs()));
                    }
                    return d;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    delete(dir);
                }
            }
        };
    }

    /** The CSV's rows rewritten as Parquet beside it (outside the clock); the CSV is deleted. */
    static Path toParquet(BenchEnvironment environment, Path csv) {
        Path target = csv.resolveSibling("train.parquet");
        try (org.okl.api.data.TableStream in = environment.okl().tables().open(csv);
                java.io.OutputStream out = Files.newOutputStream(target)) {
            org.okl.api.data.TableSink sink = environment.okl().tables().sink(target, out, in.columnNames())
                    .orElseThrow(() -> new IllegalStateException("no Parquet writer: okl-parquet is missing"));
            for (var block = in.next(65_536); block.isPresent(); block = in.next(65_536)) {
                sink.write(block.get());
            }
            sink.finish();
            Files.delete(csv);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> command(BenchEnvironment environment, LowRankSettings settings, Path pipeline,
            Path csv, Path model) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx" + settings.childHeap());
        command.add("-Dokl.linalg=" + environment.linearAlgebra().name());
        command.addAll(launcherOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StreamedFitMain.class.getName(),
                pipeline.toString(), csv.toString(), Integer.toString(LowRankSettings.P),
                Integer.toString(LowRankSettings.D), model.toString()));
        return command;
    }

    /**
     * The JVM options the {@code okl} launcher gives the commands that compute, for a child that times a fit as
     * {@code okl fit} runs it: the Vector API ({@link #vectorModule}) and the throughput collector (ParallelGC; the
     * launcher's comment says why).
     */
    static List<String> launcherOptions() {
        List<String> options = new ArrayList<>(vectorModule());
        options.add("-XX:+UseParallelGC");
        return options;
    }

    /**
     * The JVM option that gives a child the Vector API (netlib's fast Java BLAS kernels, the vectorised
     * exponential of Gaussian kernel blocks), as the {@code okl} launcher gives it; empty when this JVM lacks the
     * module.
     */
    static List<String> vectorModule() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                || java.lang.module.ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent()
                ? List.of("--add-modules=jdk.incubator.vector") : List.of();
    }

    static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    /**
     * One run of the child process.
     *
     * @param output     its JSON line
     * @param peakRssKib its peak resident set size (VmHWM), KiB
     * @param cpuSeconds the processor time it used (user and system, all threads), read every 50 ms until it
     *                   ended: up to 50 ms short
     */
    record ChildRun(JsonNode output, long peakRssKib, double cpuSeconds) {

        static ChildRun of(List<String> command, Path dir) {
            try {
                Path out = dir.resolve("child.out");
                Path err = dir.resolve("child.err");
                Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
                        .redirectError(err.toFile()).start();
                Path status = Path.of("/proc", Long.toString(process.pid()), "status");
                Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
                long peak = 0;
                double cpu = 0;
                while (!process.waitFor(50, TimeUnit.MILLISECONDS)) {
                    peak = Math.max(peak, highWaterMark(status));
                    cpu = Math.max(cpu, cpuSeconds(stat));
                }
                if (process.exitValue() != 0) {
                    String last = Files.readString(err).strip().lines().reduce((a, b) -> b).orElse("(no output)");
                    throw new IllegalStateException("the streamed fit failed (exit " + process.exitValue() + "): "
                            + last);
                }
                String line = Files.readString(out).strip().lines().reduce((a, b) -> b).orElse("{}");
                return new ChildRun(JSON.readTree(line), peak, cpu);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }

        /**
         * User plus system time of a live process in seconds (fields 14 and 15 of /proc/PID/stat, in clock ticks
         * of 1/100 s, as Linux reports them to user space), 0 when it cannot be read.
         */
        private static double cpuSeconds(Path stat) {
            try {
                String text = Files.readString(stat);
                String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
                return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }

        /** VmHWM of a live process in KiB, 0 when it cannot be read (the process ended, or no /proc). */
        private static long highWaterMark(Path status) {
            try {
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("VmHWM:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return 0;
            }
            return 0;
        }
    }
}
