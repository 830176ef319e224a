package org.okl.spark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.TrainingData;
import org.okl.spark.LocalSpark;
import org.okl.spark.OklEstimator;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.Jobs;
import org.okl.spark.fit.DistributedSums;

/**
 * A real standalone cluster: a master and two one-core workers, each its own JVM on 127.0.0.1, started from a Spark
 * installation's JARs (the Maven artifacts, without OKL); OKL reaches the executors only in the shaded JAR the
 * README tells users to ship. A fit and a decode are submitted with {@code SparkSubmit} (the README's command) and
 * compared with the one-machine answers; the fitted model file is read by {@code okl predict}; a Falkon fit over
 * leverage-score landmarks runs from this JVM; then a worker is killed mid-job and the fit must finish on the other
 * with the same answer. Where the work ran is proven by an independent listener ({@link TaskPlacement}, an extra
 * listener of the submitted driver): every pass's tasks ran on executors of both workers (this application's, from
 * the workers' logs), and no task sent the driver more than a fraction of its partition's rows' bytes. Small data: a
 * few minutes in all.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkClusterIT {
    private static final Duration STARTUP = Duration.ofSeconds(150);
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3, 1e-5]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 4, \"metric\": \"mse\", \"seed\": 5}}";

    private final Okl okl = Okl.builder().build();
    private Path dir;
    private String sparkClassPath;
    private List<String> opens;
    private StandaloneCluster cluster;
    private Process firstWorker;

    @BeforeAll
    void startCluster() throws Exception {
        dir = Files.createDirectories(Path.of("target", "spark-cluster").toAbsolutePath());
        sparkClassPath = Files.readString(Path.of(System.getProperty("okl.spark.classpath"))).trim();
        opens = List.of(System.getProperty("okl.spark.opens").trim().split("\\s+"));
        cluster = new StandaloneCluster(sparkClassPath, opens, dir, STARTUP);
        cluster.startMaster();
        firstWorker = cluster.startWorker("worker-1");
        cluster.startWorker("worker-2");
    }

    @AfterAll
    void stopCluster() {
        SparkSession.getActiveSession().foreach(s -> {
            s.stop();
            return null;
        });
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void submittedFitIsTheOneMachineFitRanOnBothWorkersAndOklPredictReadsItsModel() throws Exception {
        int n = 20000;
        SyntheticData d = SyntheticData.draw(n, 4, 2, 71);
        Path train = d.writeCsv(dir.resolve("train.csv"), null);
        Path pipeline = Files.writeString(dir.resolve("pipeline.json"), PIPELINE);
        Path model = dir.resolve("fitted.okl");
        Files.deleteIfExists(model);
        long partitionBytes = Files.size(train) / 3 + 1;
        Submitted run = submit(partitionBytes, "fit", "--pipeline", pipeline.toString(), "--data", train.toString(),
                "--inputs", "0:4", "--outputs", "4:6", "--model", model.toString());
        assertThat(run.exitCode()).as(run.log()).isZero();
        assertThat(run.log()).contains("model written to " + model).contains("60 rows brought to the driver");

        TaskPlacement.Report placed = run.placement();
        for (String pass : List.of("okl: reading", "okl: per-fold sums", "okl: data checksum")) {
            assertRanOnBothWorkers(placed, pass);
        }
        assertThat(placed.executors("okl: rows to the driver")).isEmpty();
        long rowsPerPartition = 8L * n * 6 / 3;
        for (String[] task : placed.lines()) {
            assertThat(Long.parseLong(task[2])).as("a task of '" + task[0] + "' sent the driver less than a third of "
                    + "a partition's rows' bytes").isLessThan(rowsPerPartition / 3);
        }

        Model spark = Model.load(model, okl);
        Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        assertThat(spark.provenance().dataSha256()).isEqualTo(oneMachine.provenance().dataSha256());
        assertThat(spark.pathIndex()).isEqualTo(oneMachine.pathIndex());
        Matrix test = SyntheticData.draw(200, 4, 2, 72).x();
        Matrix expected = oneMachine.predict(test).outputs();
        assertThat(relative(spark.predict(test).outputs(), expected)).isLessThan(1e-9);

        Path tests = new SyntheticData(test, Matrix.zeros(200, 0)).writeCsv(dir.resolve("test.csv"), null);
        Path predictions = dir.resolve("predictions.csv");
        Process predict = new ProcessBuilder(StandaloneCluster.java(), "-jar", System.getProperty("okl.app.jar"),
                "predict", "--model", model.toString(), "--data", tests.toString(), "--out", predictions.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("okl-predict.log").toFile()).start();
        assertThat(predict.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(predict.exitValue()).as(StandaloneCluster.tail(dir.resolve("okl-predict.log"))).isZero();
        assertThat(relative(readCsv(predictions), expected)).isLessThan(1e-9);
    }

    @Test
    @Order(2)
    void submittedDecodeIsTheOneMachineDecode() throws Exception {
        SyntheticData train = SyntheticData.draw(300, 4, 3, 81);
        Matrix tests = SyntheticData.draw(25, 4, 3, 82).x();
        Matrix candidates = SyntheticData.draw(20000, 4, 3, 83).y();
        Path candidateFile = new SyntheticData(candidates, Matrix.zeros(20000, 0)).writeCsv(
                dir.resolve("candidates.csv"), null);
        Path testFile = new SyntheticData(tests, Matrix.zeros(25, 0)).writeCsv(dir.resolve("decode-inputs.csv"),
                null);
        Model model = okl.pipeline(PipelineFiles.parse("{\"preset\": \"iokr\", \"kernel\": {\"name\": \"gaussian\","
                + " \"sigma\": 2.0}, \"decoder\": {\"name\": \"candidates\", \"file\": \"" + candidateFile
                + "\", \"rank\": 3}}", "test", okl.registry())).fit(TrainingData.of(train.x(), train.y()));
        Path modelFile = dir.resolve("iokr.okl");
        model.save(modelFile);
        Decoded oneMachine = model.predict(tests);

        Path ranking = dir.resolve("ranking.csv");
        Submitted run = submit(32768, "decode", "--model", modelFile.toString(), "--data", testFile.toString(),
                "--candidates", candidateFile.toString(), "--k", "3", "--out", ranking.toString());
        assertThat(run.exitCode()).as(run.log()).isZero();
        assertThat(run.log()).contains("ranked 20000 candidates for 25 inputs");
        assertRanOnBothWorkers(run.placement(), "okl: top 3 of the candidates");
        int[][] expected = oneMachine.ranking().orElseThrow().indices();
        List<String> lines = Files.readAllLines(ranking);
        assertThat(lines.get(0)).isEqualTo("row,rank,candidate,distance");
        assertThat(lines).hasSize(1 + 25 * 3);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            int row = Integer.parseInt(f[0]);
            int rank = Integer.parseInt(f[1]);
            assertThat(Long.parseLong(f[2])).as(line).isEqualTo(expected[row][rank - 1]);
        }
    }

    /**
     * The driver runs here: when the sums' job starts a task on the first worker's executor, that worker and its
     * executor are killed at once; Spark re-runs what was lost on the second worker, and the model is still the
     * one-machine model.
     */
    /**
     * Falkon over leverage-score landmarks, fitted from this JVM on the cluster: the uniform draw, the leverage
     * scores' Gram and sample, every conjugate-gradient pass and the validation ran on both workers, and the model is
     * the one-machine model.
     */
    @Test
    @Order(3)
    void falkonAndLeverageScoresRunOnBothWorkers() throws Exception {
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 50, \"sampling\": \"leverage\"},"
                + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-12, \"iterations\": 100},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3]},"
                + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";
        SyntheticData d = SyntheticData.draw(8000, 4, 2, 95);
        SparkSession spark = session("okl falkon");
        try {
            TaskPlacement placement = new TaskPlacement();
            spark.sparkContext().addSparkListener(placement);
            org.okl.spark.OklSparkModel fitted = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                    .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(spark, 6));
            spark.sparkContext().listenerBus().waitUntilEmpty(30_000L);
            TaskPlacement.Report placed = new TaskPlacement.Report(spark.sparkContext().applicationId(),
                    placement.report().lines());
            for (String pass : List.of("okl: uniform sample", "okl: leverage Gram", "okl: leverage scores",
                    "okl: falkon cross sums", "okl: falkon gram products", "okl: falkon validation",
                    "okl: data checksum")) {
                assertRanOnBothWorkers(placed, pass);
            }
            assertThat(fitted.summary().rowsToDriver()).as("the uniform and the leverage landmarks").isEqualTo(100);
            Model model = fitted.oklModel();
            Model oneMachine = okl.pipeline(PipelineFiles.parse(pipeline, "test", okl.registry()))
                    .fit(new MatrixRows(d.x(), d.y())).model();
            Matrix test = SyntheticData.draw(100, 4, 2, 96).x();
            assertThat(model.provenance().solver()).isEqualTo("falkon");
            assertThat(model.pathIndex()).isEqualTo(oneMachine.pathIndex());
            assertThat(relative(model.predict(test).outputs(), oneMachine.predict(test).outputs()))
                    .isLessThan(1e-8);
        } finally {
            spark.stop();
        }
    }

    /** The tasks of the jobs described as {@code pass} ran on executors of both workers (of this application). */
    private void assertRanOnBothWorkers(TaskPlacement.Report placed, String pass) throws IOException {
        Set<String> ran = placed.executors(pass);
        Set<String> first = executorsOf(dir.resolve("worker-1.log"), placed.application());
        Set<String> second = executorsOf(dir.resolve("worker-2.log"), placed.application());
        assertThat(first).as("worker 1 launched an executor for " + placed.application()).isNotEmpty();
        assertThat(second).as("worker 2 launched an executor for " + placed.application()).isNotEmpty();
        assertThat(ran).as("'" + pass + "' ran on worker 1's executor " + first + " (its tasks ran on " + ran + ")")
                .containsAnyElementsOf(first);
        assertThat(ran).as("'" + pass + "' ran on worker 2's executor " + second + " (its tasks ran on " + ran
                + ")").containsAnyElementsOf(second);
    }

    /** A session of this JVM as driver on the cluster, with OKL's shaded JAR for the executors. */
    /**
     * A session on the cluster. It serializes with Kryo, registration required, as most clusters are set (the
     * submitted runs keep Spark's default, Java serialization): the passes' broadcasts, task results and cached blocks
     * cross real executor JVMs both ways.
     */
    private SparkSession session(String name) {
        SparkSession.Builder builder = SparkSession.builder().master(cluster.url()).appName(name)
                .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
                .config("spark.executor.memory", "512m").config("spark.executor.extraClassPath", sparkClassPath)
                .config("spark.jars", System.getProperty("okl.spark.jar"))
                .config("spark.executor.extraJavaOptions", linalgOption());
        LocalSpark.kryo(builder::config);
        return builder.getOrCreate();
    }

    @Test
    @Order(4)
    void aWorkerKilledMidJobLeavesTheAnswerUnchanged() throws Exception {
        SyntheticData d = SyntheticData.draw(12000, 4, 2, 91);
        SparkSession spark = session("okl worker loss");
        try {
            Set<String> firstWorkersExecutors = awaitExecutors(dir.resolve("worker-1.log"),
                    spark.sparkContext().applicationId());
            WorkerKiller killer = new WorkerKiller(firstWorker, firstWorkersExecutors);
            spark.sparkContext().addSparkListener(killer);
            Dataset<Row> data = d.dataset(spark, 24);
            Model model = new OklEstimator().setPipeline(PIPELINE).setFeaturesCol("features")
                    .setOutputCols(d.outputColumns().toArray(new String[0])).fit(data).oklModel();
            assertThat(killer.killed.get()).as("the first worker was killed during the sums' job").isTrue();
            assertThat(killer.executorsLost.get()).isPositive();
            assertThat(killer.failedTasks.get()).as("tasks lost with the worker").isPositive();

            Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                    .fit(new MatrixRows(d.x(), d.y())).model();
            Matrix test = SyntheticData.draw(100, 4, 2, 92).x();
            assertThat(model.pathIndex()).isEqualTo(oneMachine.pathIndex());
            assertThat(relative(model.predict(test).outputs(), oneMachine.predict(test).outputs()))
                    .isLessThan(1e-9);
        } finally {
            spark.stop();
        }
    }

    /** Kills the worker when a task of the sums' job starts on one of its executors. */
    private static final class WorkerKiller extends SparkListener {
        private final Process worker;
        private final Set<String> executors;
        private final Set<Integer> sumsStages = new HashSet<>();
        private final AtomicBoolean killed = new AtomicBoolean();
        private final AtomicInteger executorsLost = new AtomicInteger();
        private final AtomicInteger failedTasks = new AtomicInteger();

        WorkerKiller(Process worker, Set<String> executors) {
            this.worker = worker;
            this.executors = executors;
        }

        @Override
        public synchronized void onJobStart(SparkListenerJobStart job) {
            String description = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
            if (description != null && description.contains(DistributedSums.DESCRIPTION)) {
                Jobs.stageIds(job).forEach(sumsStages::add);
            }
        }

        @Override
        public synchronized void onTaskStart(SparkListenerTaskStart task) {
            if (sumsStages.contains(task.stageId()) && executors.contains(task.taskInfo().executorId())
                    && killed.compareAndSet(false, true)) {
                try {
                    StandaloneCluster.kill(worker);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd task) {
            if (task.reason() instanceof TaskFailedReason) {
                failedTasks.incrementAndGet();
            }
        }

        @Override
        public void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
            executorsLost.incrementAndGet();
        }
    }

    /**
     * The executors a worker launched for an application, once its log shows one: the worker is asked to launch it
     * after the session starts, and on a loaded machine the line may come seconds later (read too early, the set was
     * empty and the killer never matched an executor).
     */
    private static Set<String> awaitExecutors(Path log, String application) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        Set<String> ids = executorsOf(log, application);
        while (ids.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            ids = executorsOf(log, application);
        }
        assertThat(ids).as(log.getFileName() + " launched an executor for " + application + " within 60 s")
                .isNotEmpty();
        return ids;
    }

    /** The executors a worker launched for an application, from its log. */
    private static Set<String> executorsOf(Path log, String application) throws IOException {
        Set<String> ids = new HashSet<>();
        Matcher m = Pattern.compile("Asked to launch executor " + Pattern.quote(application) + "/([0-9]+)")
                .matcher(Files.readString(log));
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    private String linalgOption() {
        String linalg = System.getProperty("okl.linalg");
        return linalg == null || linalg.isBlank() ? "" : "-Dokl.linalg=" + linalg;
    }

    /**
     * A spark-submit run.
     *
     * @param exitCode  its exit code
     * @param log       its output and errors
     * @param placementFile where its driver's listener wrote where the tasks ran
     */
    private record Submitted(int exitCode, String log, Path placementFile) {

        TaskPlacement.Report placement() throws IOException {
            return TaskPlacement.read(placementFile);
        }
    }

    /**
     * Runs {@code spark-submit ... okl-spark-all.jar args} against the cluster, as the README does, with
     * {@link TaskPlacement} as an extra listener of the driver (from the test classes).
     *
     * @param partitionBytes the most bytes of a file split ({@code spark.sql.files.maxPartitionBytes})
     */
    private Submitted submit(long partitionBytes, String... args) throws Exception {
        Path placement = dir.resolve("placement-" + args[0] + ".tsv");
        Files.deleteIfExists(placement);
        List<String> command = new ArrayList<>(List.of(StandaloneCluster.java(), "-Xmx768m"));
        command.addAll(opens);
        String linalg = linalgOption();
        if (!linalg.isEmpty()) {
            command.add(linalg);
        }
        command.addAll(List.of("-cp", sparkClassPath + java.io.File.pathSeparator + testClasses(),
                "org.apache.spark.deploy.SparkSubmit",
                "--master", cluster.url(), "--deploy-mode", "client", "--class", "org.okl.spark.cli.OklSparkMain",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.enabled=false",
                "--conf", "spark.executor.memory=512m", "--conf", "spark.executor.extraClassPath=" + sparkClassPath,
                "--conf", "spark.executorEnv.OPENBLAS_NUM_THREADS=1",
                "--conf", "spark.sql.files.maxPartitionBytes=" + partitionBytes,
                "--conf", "spark.extraListeners=" + TaskPlacement.class.getName(),
                "--conf", TaskPlacement.FILE + "=" + placement));
        if (!linalg.isEmpty()) {
            command.addAll(List.of("--conf", "spark.executor.extraJavaOptions=" + linalg));
        }
        command.add(System.getProperty("okl.spark.jar"));
        command.addAll(List.of(args));
        Path log = dir.resolve("submit-" + args[0] + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        StandaloneCluster.environment(pb.environment(), dir);
        Process p = pb.start();
        try {
            if (!p.waitFor(4, TimeUnit.MINUTES)) {
                throw new AssertionError("spark-submit " + args[0] + " did not finish in 4 minutes:\n"
                        + StandaloneCluster.tail(log));
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return new Submitted(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8), placement);
    }

    /** Where the test classes are ({@link TaskPlacement} for the submitted driver). */
    private static String testClasses() {
        try {
            return Path.of(TaskPlacement.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Matrix readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            double[] r = new double[f.length];
            for (int j = 0; j < f.length; j++) {
                r[j] = Double.parseDouble(f[j]);
            }
            rows.add(r);
        }
        return Matrix.fromRows(rows.toArray(new double[0][]));
    }

    private static double relative(Matrix a, Matrix b) {
        return a.maxAbsDifference(b) / b.frobeniusNorm();
    }
}
