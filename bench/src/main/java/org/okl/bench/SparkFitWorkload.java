package org.okl.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.okl.api.OklVersion;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;

/**
 * {@code spark_fit} and {@code spark_falkon}: {@code stream_csv}'s problem (the same n-row CSV, pipeline, landmarks
 * and folds; {@code spark_falkon} names the {@code falkon} solver, so that both sides run Falkon's passes) fitted on
 * Spark
 * {@code local[2]} by a separate JVM with the same heap and native BLAS on one thread per task (Spark's advice), as
 * {@code okl-spark fit} does: the rows read by Spark, the landmarks drawn on the driver and broadcast, the per-fold
 * sums of each partition merged by {@code treeAggregate}, the path and selection on the driver. The time is the child's wall clock (JVM and Spark start included). The
 * details give where it went (from a Spark listener: each job's wall time, the tasks' run time, the bytes shuffled and
 * returned to the driver), and, from one-machine {@code stream_csv} run right after on the same file, its wall time,
 * the ratio and the largest difference between the two models' test predictions.
 *
 * <p>It runs only when named ({@code --workloads spark_fit,spark_falkon}): the child needs the okl-spark module built
 * (its shaded
 * JAR and the Spark class path it writes next to it, under {@code spark/target}, or {@code OKL_SPARK_JAR} and
 * {@code OKL_SPARK_CLASSPATH}), so the {@code okl} JAR itself carries no Spark.
 */
public final class SparkFitWorkload implements Workload {
    private final String name;
    private final java.util.Optional<String> solver;

    /**
     * @param name   the workload's name
     * @param solver the solver the pipeline names, or empty for the automatic choice (the eigen route at m = 2000)
     */
    SparkFitWorkload(String name, java.util.Optional<String> solver) {
        this.name = name;
        this.solver = solver;
    }

    /** The main class the child runs (in the okl-spark JAR). */
    static final String MAIN = "org.okl.spark.bench.SparkFitMain";
    /** Spark's Java 17 options, as the okl-spark module's tests and README give them. */
    static final List<String> OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
            "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
            "jdk.internal.ref", "sun.nio.ch", "sun.nio.cs", "sun.security.action", "sun.util.calendar");

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "stream_csv's fit" + solver.map(s -> " with the " + s + " solver").orElse("") + " on Spark local[2] in "
                + "a separate JVM with the same heap (okl-spark); details: Spark's jobs, bytes moved, and the "
                + "one-machine streamed fit's time and model on the same file";
    }

    @Override
    public boolean numpyPeer() {
        return false;
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        List<String> classPath = sparkClassPath();
        LowRankSettings settings = environment.lowRank();
        LowRankData data = LowRankData.of(n, settings, environment.seed());
        LowRankData.TrainFiles files = data.files(settings, environment.seed(), "okl-" + name.replace('_', '-'),
                solver);
        Path dir = files.dir();
        Path csv = files.csv();
        Path pipeline = files.pipeline();
        Path sparkModel = dir.resolve("spark.okl");
        Path streamedModel = dir.resolve("streamed.okl");
        List<String> command = command(environment, settings, classPath, pipeline, csv, sparkModel);
        return new BenchTask() {
            private StreamCsvWorkload.ChildRun last;
            private double lastSeconds;

            @Override
            public Object run() {
                long start = System.nanoTime();
                last = StreamCsvWorkload.ChildRun.of(command, dir);
                lastSeconds = (System.nanoTime() - start) * 1e-9;
                return last;
            }

            @Override
            public Map<String, Double> details() {
                try {
                    Map<String, Double> d = new LinkedHashMap<>();
                    d.put("peak_rss_mib", last.peakRssKib() / 1024.0);
                    d.put("partitions", last.output().path("partitions").asDouble());
                    for (String key : List.of("session_s", "fit_s", "draw_s", "solve_s", "executor_kernel_s",
                            "executor_products_s", "passes", "driver_rows")) {
                        d.put(key, last.output().path(key).asDouble());
                    }
                    var jobs = last.output().path("jobs");
                    jobs.fieldNames().forEachRemaining(job -> d.put("job." + job.replace(' ', '_') + ".wall_s",
                            jobs.path(job).path("wall_s").asDouble()));
                    var passes = last.output().path("pass_totals");
                    passes.fieldNames().forEachRemaining(pass -> {
                        String key = "pass." + pass.replace(' ', '_');
                        d.put(key + ".count", passes.path(pass).path("count").asDouble());
                        d.put(key + ".s", passes.path(pass).path("seconds").asDouble());
                        d.put(key + ".max_result_mib", passes.path(pass).path("max_result_bytes").asDouble()
                                / (1 << 20));
                    });
                    d.put("cores", last.output().path("cores").asDouble());
                    // the problem, for the cost model (okl bench --spark-plan)
                    d.put("rank", (double) settings.rank());
                    d.put("folds", (double) settings.folds());
                    d.put("lambdas", (double) LowRankSettings.lambdas().size());
                    d.put("outputs", (double) LowRankSettings.D);
                    d.put("falkon_iterations", (double) settings.falkonIterations());
                    d.put("warmup_s", last.output().path("warmup_s").asDouble());
                    d.put("cached_mib", last.output().path("cached_bytes").asDouble() / (1 << 20));
                    d.put("partial_mib", last.output().path("partial_bytes").asDouble() / (1 << 20));
                    d.put("shuffle_mib", last.output().path("shuffle_bytes").asDouble() / (1 << 20));
                    d.put("result_mib", last.output().path("result_bytes").asDouble() / (1 << 20));
                    if (settings.sparkAlone()) {
                        return d;
                    }
                    long start = System.nanoTime();
                    StreamCsvWorkload.ChildRun streamed = StreamCsvWorkload.ChildRun.of(StreamCsvWorkload.command(
                            environment, settings, pipeline, csv, streamedModel), dir);
                    double streamedSeconds = (System.nanoTime() - start) * 1e-9;
                    d.put("streamed_s", streamedSeconds);
                    d.put("streamed_peak_rss_mib", streamed.peakRssKib() / 1024.0);
                    d.put("spark_over_streamed", lastSeconds / streamedSeconds);
                    Matrix test = LowRankData.inputs(data.test());
                    Model spark = Model.load(sparkModel, environment.okl());
                    Model oneMachine = Model.load(streamedModel, environment.okl());
                    Matrix p = spark.predict(test).outputs();
                    Matrix q = oneMachine.predict(test).outputs();
                    d.put("spark_vs_streamed", p.maxAbsDifference(q));
                    d.put("spark_vs_streamed_relative", p.maxAbsDifference(q) / q.frobeniusNorm());
                    d.put("same_checksum", spark.provenance().dataSha256().equals(
                            oneMachine.provenance().dataSha256()) ? 1.0 : 0.0);
                    d.put("same_choice", spark.pathIndex() == oneMachine.pathIndex() && spark.provenance().chosen()
                            .equals(oneMachine.provenance().chosen()) ? 1.0 : 0.0);
                    d.put("same_sketch", sameSketch(sparkModel, streamedModel) ? 1.0 : 0.0);
                    d.put("test_mse", LowRankData.mse(p, LowRankData.outputs(data.test())));
                    return d;
                } finally {
                    StreamCsvWorkload.delete(dir);
                }
            }
        };
    }

    /**
     * Whether two model files of sketched models hold the same sketch arrays (landmarks, frequencies), byte for byte:
     * every {@code predictor/} entry but the weights (docs/model-format.md).
     */
    static boolean sameSketch(Path a, Path b) {
        try (ZipFile x = new ZipFile(a.toFile()); ZipFile y = new ZipFile(b.toFile())) {
            List<String> names = x.stream().map(ZipEntry::getName).filter(n -> n.startsWith("predictor/")
                    && !n.equals("predictor/weights.f64")).sorted().toList();
            if (names.isEmpty()) {
                return false;
            }
            for (String name : names) {
                ZipEntry other = y.getEntry(name);
                if (other == null || !Arrays.equals(x.getInputStream(x.getEntry(name)).readAllBytes(),
                        y.getInputStream(other).readAllBytes())) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> command(BenchEnvironment environment, LowRankSettings settings,
            List<String> classPath, Path pipeline, Path csv, Path model) {
        List<String> command = new ArrayList<>();
        // Spark runs tasks on every core: native BLAS on one thread per task, as Spark's guide recommends (with two
        // OpenBLAS threads per task the two tasks' threads spin against each other on two cores)
        command.addAll(List.of("env", "OPENBLAS_NUM_THREADS=1"));
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx" + settings.childHeap());
        // on a cluster, each executor gets the heap local[2]'s one JVM has (the driver keeps its own)
        command.add("-Dokl.bench.executor.memory=" + settings.childHeap());
        command.add("-Dokl.bench.warmup.rows=" + settings.sparkWarmupRows());
        OPENS.forEach(o -> command.add("--add-opens=java.base/" + o + "=ALL-UNNAMED"));
        command.add("-Dokl.linalg=" + environment.linearAlgebra().name());
        if (environment.linearAlgebra().name().equals("java")) {
            command.add("--add-modules=jdk.incubator.vector");
        }
        command.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classPath), MAIN, pipeline.toString(),
                csv.toString(), Integer.toString(LowRankSettings.P), Integer.toString(LowRankSettings.D),
                model.toString(), settings.sparkMaster()));
        return command;
    }

    /**
     * The okl-spark shaded JAR then Spark's class path: {@code OKL_SPARK_JAR} and {@code OKL_SPARK_CLASSPATH} (a file
     * holding the class path), else what the okl-spark build leaves under {@code spark/target}.
     *
     * @throws IllegalStateException saying how to build them when they are missing
     */
    static List<String> sparkClassPath() {
        Path jar = Path.of(envOr("OKL_SPARK_JAR", "spark/target/okl-spark-" + OklVersion.get() + "-all.jar"));
        Path classPath = Path.of(envOr("OKL_SPARK_CLASSPATH", "spark/target/spark-classpath.txt"));
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(classPath)) {
            throw new IllegalStateException("spark_fit and spark_falkon need the okl-spark module built (" + jar + " and "
                    + classPath
                    + "): run 'mvn -B -q -DskipTests package -pl spark -am' in the repository, or set OKL_SPARK_JAR "
                    + "and OKL_SPARK_CLASSPATH");
        }
        try {
            return List.of(jar.toAbsolutePath().toString(), Files.readString(classPath).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String envOr(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
