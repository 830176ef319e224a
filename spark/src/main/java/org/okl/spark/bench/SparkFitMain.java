package org.okl.spark.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.okl.core.Okl;
import org.okl.core.StreamingFit;
import org.okl.spark.cli.SparkTables;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.fit.DistributedSums;
import org.okl.spark.fit.FitSummary;
import org.okl.spark.fit.SparkRows;

/**
 * The process {@code okl bench}'s {@code spark_fit} workload times: the streamed fit of a CSV file on Spark (the
 * session's master, {@code local[2]} by default), as {@code okl-spark fit} does, printing where the time went and
 * what moved as one JSON object. Arguments: pipeline file, CSV file, p (the first p columns are inputs), d (the next
 * d are outputs), model file, and optionally the master (a {@code spark://} URL: the executors get this JAR and
 * this JVM's class path, and {@code okl.bench.executor.memory}, default 1g, of heap). Beside the timings it prints
 * every pass's totals (count, wall seconds, tasks, bytes back to the driver), the cores and the bytes cached, the
 * measurements the cost model of BENCHMARKS.md's 100-million-row plan reads.
 */
public final class SparkFitMain {
    private SparkFitMain() {
    }

    /** Fits and prints the timings. */
    public static void main(String[] args) {
        if (args.length < 5 || args.length > 6) {
            System.err.println("usage: SparkFitMain PIPELINE CSV P D MODEL [MASTER]");
            System.exit(2);
        }
        long start = System.nanoTime();
        boolean existing = SparkSession.getActiveSession().isDefined();
        int p = Integer.parseInt(args[2]);
        int d = Integer.parseInt(args[3]);
        String master = args.length > 5 ? args[5] : "local[2]";
        SparkSession.Builder builder = SparkSession.builder().appName("okl spark_fit").master(master)
                .config("spark.ui.enabled", "false");
        if (!master.startsWith("local")) {
            // a standalone cluster started from Maven's JARs: the executors take OKL from this JAR (fetched from the
            // driver) and Spark from the class path this JVM runs on
            String own = ownJar();
            String sparkJars = java.util.Arrays.stream(System.getProperty("java.class.path").split(
                    java.io.File.pathSeparator)).filter(e -> !e.equals(own)).collect(
                    java.util.stream.Collectors.joining(java.io.File.pathSeparator));
            // one BLAS thread per task, as local[2] runs (Spark's advice: the task slots share the cores)
            builder.config("spark.jars", own).config("spark.executor.extraClassPath", sparkJars)
                    .config("spark.executorEnv.OPENBLAS_NUM_THREADS", "1")
                    .config("spark.executor.memory",
                    System.getProperty("okl.bench.executor.memory", "1g"));
        }
        SparkSession spark = builder.getOrCreate();
        JobMetrics metrics = new JobMetrics();
        try {
            double session = seconds(start);
            Okl okl = Okl.builder().build();
            Dataset<Row> csv = SparkTables.read(spark, args[1], "csv");
            List<String> columns = List.of(csv.columns());
            List<String> in = columns.subList(0, p);
            List<String> out = columns.subList(p, p + d);
            Dataset<Row> data = SparkTables.numeric(csv, columns.subList(0, p + d));
            // okl.bench.warmup.rows: an untimed fit of the first rows first, so that the executors' JIT has compiled
            // the passes' code before the timed fit (what a long fit on a cluster amortizes), left out of every
            // number printed
            double warmup = 0;
            int warmupRows = Integer.getInteger("okl.bench.warmup.rows", 0);
            if (warmupRows > 0) {
                long warmStart = System.nanoTime();
                Dataset<Row> first = data.limit(warmupRows);
                try (SparkRows rows = SparkRows.of(first, ColumnLayout.of(first.schema(), in, "inputs"),
                        Optional.of(ColumnLayout.of(first.schema(), out, "outputs")))) {
                    okl.pipeline(okl.readPipeline(Path.of(args[0]))).fit(rows);
                }
                warmup = seconds(warmStart);
            }
            spark.sparkContext().addSparkListener(metrics);
            long fitStart = System.nanoTime();
            StreamingFit.Result result;
            Optional<DistributedSums.Result> pass;
            int partitions;
            FitSummary summary;
            try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), in, "inputs"),
                    Optional.of(ColumnLayout.of(data.schema(), out, "outputs")))) {
                partitions = rows.blocks().getNumPartitions();
                result = okl.pipeline(okl.readPipeline(Path.of(args[0]))).fit(rows);
                pass = rows.lastPass();
                summary = rows.summary(true);
            }
            double fit = seconds(fitStart);
            result.model().save(Path.of(args[4]));
            ObjectNode json = new ObjectMapper().createObjectNode();
            json.put("rows", result.timings().rows());
            json.put("partitions", partitions);
            json.put("session_s", session);
            json.put("warmup_s", warmup);
            json.put("fit_s", fit);
            json.put("draw_s", result.timings().drawSeconds());
            json.put("solve_s", result.timings().solveSeconds());
            json.put("passes", summary.passes().stream().filter(each -> each.rows() == summary.rows()).count());
            json.put("driver_rows", summary.rowsToDriver());
            json.put("cached_bytes", summary.cachedBytes());
            json.put("cores", spark.sparkContext().defaultParallelism());
            ObjectNode byPass = json.putObject("pass_totals");
            for (FitSummary.Pass each : summary.passes()) {
                ObjectNode total = byPass.has(each.name()) ? (ObjectNode) byPass.get(each.name())
                        : byPass.putObject(each.name());
                total.put("count", total.path("count").asInt() + 1);
                total.put("seconds", total.path("seconds").asDouble() + each.seconds());
                total.put("tasks", total.path("tasks").asInt() + each.tasks());
                total.put("result_bytes", total.path("result_bytes").asLong() + each.resultBytes());
                total.put("max_result_bytes", Math.max(total.path("max_result_bytes").asLong(),
                        each.resultBytes()));
                total.put("on_driver", each.onDriver());
            }
            pass.ifPresent(r -> {
                json.put("executor_kernel_s", r.kernelSeconds());
                json.put("executor_products_s", r.productSeconds());
                json.put("partial_bytes", r.partialBytes());
                json.put("executor_devices", r.devices().isEmpty() ? "cpu" : String.join(", ", r.devices()));
            });
            ObjectNode jobs = json.putObject("jobs");
            metrics.totals().forEach((what, t) -> {
                ObjectNode j = jobs.putObject(what);
                j.put("jobs", t.jobs());
                j.put("wall_s", t.wallSeconds());
                j.put("tasks", t.tasks());
                j.put("run_s", t.runSeconds());
                j.put("shuffle_bytes", t.shuffleBytes());
                j.put("result_bytes", t.resultBytes());
            });
            json.put("shuffle_bytes", metrics.all().shuffleBytes());
            json.put("result_bytes", metrics.all().resultBytes());
            json.put("solver", result.model().provenance().solver());
            System.out.println(json);
        } finally {
            if (!existing) {
                spark.stop();
            }
        }
    }

    /** The JAR (or classes folder) this class was loaded from. */
    private static String ownJar() {
        try {
            return Path.of(SparkFitMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) * 1e-9;
    }
}
