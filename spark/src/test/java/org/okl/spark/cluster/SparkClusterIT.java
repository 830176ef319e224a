package org.okl.spark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.okl.spark.AcmePlugin;
import org.okl.spark.LocalSpark;
import org.okl.spark.OklEstimator;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.Jobs;
import org.okl.spark.fit.DistributedSums;
import org.okl.spark.fit.SparkFit;
import org.okl.spark.fit.SparkRows;

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
        return session(name, Map.of());
    }

    /** A session on the cluster with more settings (they win over the defaults above). */
    private SparkSession session(String name, Map<String, String> settings) {
        SparkSession.Builder builder = SparkSession.builder().master(cluster.url()).appName(name)
                .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
                .config("spark.executor.memory", "512m").config("spark.executor.extraClassPath", sparkClassPath)
                .config("spark.jars", System.getProperty("okl.spark.jar"))
                .config("spark.executor.extraJavaOptions", linalgOption());
        LocalSpark.kryo(builder::config);
        settings.forEach(builder::config);
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

    /**
     * {@code spark-submit --deploy-mode cluster}: the driver runs on a worker (Spark's driver wrapper), and the fit
     * names a kernel from a folder plugin ({@code --plugins}), so the executors, other JVMs than the driver's, must
     * get the plugin's JARs from the driver with the job. The fit's driver ends FINISHED, launched once, and its
     * model is the one-machine model of the same kernel built in; a fit that fails (a data file that does not exist)
     * ends FAILED, launched once, with OKL's one-line error in the driver's output. Two more one-core workers join
     * first, as the fit's driver takes one core of its own.
     */
    @Test
    @Order(10)
    void clusterDeployModeFinishesOnceWithFolderPluginsOnTheExecutorsAndAFailedFitFailsOnce() throws Exception {
        List<Process> joined = List.of(cluster.startWorker("worker-3"), cluster.startWorker("worker-4"));
        try {
            SyntheticData d = SyntheticData.draw(6000, 4, 2, 97);
            Path train = d.writeCsv(dir.resolve("train-cluster-mode.csv"), null);
            String pipeline = PIPELINE.replace("gaussian", "acme-rbf");
            Path pipelineFile = Files.writeString(dir.resolve("pipeline-acme.json"), pipeline);
            Path model = dir.resolve("fitted-cluster-mode.okl");
            Files.deleteIfExists(model);
            DriverRun fit = submitInClusterMode("fit", "fit", "--plugins", AcmePlugin.folder().toString(),
                    "--pipeline", pipelineFile.toString(), "--data", train.toString(), "--inputs", "0:4",
                    "--outputs", "4:6", "--model", model.toString());
            assertThat(fit.state()).as(fit.log()).isEqualTo("FINISHED");
            assertThat(fit.launches()).as("the driver was launched once").isEqualTo(1);
            assertThat(fit.output()).contains("model written to " + model);
            assertThat(fit.output()).as("the passes ran on executors, not in the driver's JVM")
                    .doesNotContain("tasks on driver@");

            Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                    .fit(new MatrixRows(d.x(), d.y())).model();
            Model fitted = Model.load(model, Okl.builder().pluginFolder(AcmePlugin.folder()).build());
            Matrix test = SyntheticData.draw(100, 4, 2, 98).x();
            assertThat(fitted.pathIndex()).isEqualTo(oneMachine.pathIndex());
            assertThat(relative(fitted.predict(test).outputs(), oneMachine.predict(test).outputs()))
                    .isLessThan(1e-8);

            DriverRun failed = submitInClusterMode("fit-missing", "fit", "--pipeline", pipelineFile.toString(),
                    "--data", dir.resolve("no-such-file.csv").toString(), "--inputs", "0:4", "--outputs", "4:6",
                    "--model", dir.resolve("never.okl").toString());
            assertThat(failed.state()).as(failed.log()).isEqualTo("FAILED");
            assertThat(failed.launches()).as("the failed driver was not launched again").isEqualTo(1);
            assertThat(failed.output()).contains("okl-spark: error:").contains("no-such-file.csv");
            assertThat(dir.resolve("never.okl")).doesNotExist();
        } finally {
            for (Process worker : joined) {
                StandaloneCluster.kill(worker);
            }
        }
    }

    /**
     * Stage-level GPUs: a worker with two cores and one GPU (announced by a discovery script), an application whose
     * executors take the GPU and whose tasks do not by default, and OKL's device simulated on the CPU
     * ({@code okl.gpu.simulate}) on the executors. Only the per-fold sums' stage asks for a GPU per task (a task
     * resource profile); reading and the checksum keep the default profile, so they may run two tasks at once; the
     * sums' tasks ran on the device Spark assigned them, and the model is the one-machine model.
     */
    @Test
    @Order(11)
    void onlyThePassesThatUseTheDeviceAskForAGpu() throws Exception {
        Path script = dir.resolve("gpus.sh");
        Files.writeString(script, "#!/bin/sh\necho '{\"name\": \"gpu\", \"addresses\": [\"0\"]}'\n");
        assertThat(script.toFile().setExecutable(true)).isTrue();
        Process gpuWorker = cluster.startWorker("worker-gpu", 2, List.of("-Dspark.worker.resource.gpu.amount=1",
                "-Dspark.worker.resource.gpu.discoveryScript=" + script));
        SyntheticData d = SyntheticData.draw(6000, 4, 2, 99);
        SparkSession spark = session("okl gpu stages", Map.of("spark.executor.resource.gpu.amount", "1",
                "spark.executor.resource.gpu.discoveryScript", script.toString(), "spark.executor.cores", "2",
                "spark.executor.extraJavaOptions", (linalgOption() + " -Dokl.gpu.simulate=256m").trim()));
        try {
            StageProfiles profiles = new StageProfiles();
            spark.sparkContext().addSparkListener(profiles);
            Okl driver = Okl.builder().build();
            Dataset<Row> data = d.dataset(spark, 6);
            SparkFit.Result result = SparkFit.fit(PipelineFiles.parse(PIPELINE, "test", driver.registry()),
                    data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"), ColumnLayout.of(
                            data.schema(), d.outputColumns(), "outputs"), Optional.empty(), driver,
                    new SparkRows.Settings(SparkRows.BLOCK_ROWS, 0, 2, Invalid.of("error"), true));
            spark.sparkContext().listenerBus().waitUntilEmpty(30_000L);
            assertThat(result.pass()).isPresent();
            assertThat(result.pass().get().devices()).as("the sums' tasks ran on the GPU Spark gave them")
                    .isNotEmpty();
            assertThat(profiles.profilesOf(DistributedSums.DESCRIPTION)).as("the sums' stage profile")
                    .isNotEmpty().doesNotContain(0);
            assertThat(profiles.profilesOf("data checksum")).as("the checksum's stages").containsOnly(0);
            assertThat(profiles.profilesOf("reading")).as("the reading stages").containsOnly(0);

            Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                    .fit(new MatrixRows(d.x(), d.y())).model();
            Matrix test = SyntheticData.draw(100, 4, 2, 100).x();
            assertThat(relative(result.model().predict(test).outputs(), oneMachine.predict(test).outputs()))
                    .isLessThan(1e-8);
        } finally {
            spark.stop();
            StandaloneCluster.kill(gpuWorker);
        }
    }

    /** The resource profiles of the stages of each pass. */
    private static final class StageProfiles extends SparkListener {
        private final Map<String, Set<Integer>> profiles = new HashMap<>();

        @Override
        public synchronized void onJobStart(SparkListenerJobStart job) {
            String description = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
            if (description != null) {
                scala.collection.Iterator<org.apache.spark.scheduler.StageInfo> stages = job.stageInfos().iterator();
                while (stages.hasNext()) {
                    profiles.computeIfAbsent(description, k -> new HashSet<>()).add(stages.next().resourceProfileId());
                }
            }
        }

        /** The profiles of the stages of the passes whose description contains {@code pass}. */
        synchronized Set<Integer> profilesOf(String pass) {
            Set<Integer> found = new HashSet<>();
            profiles.forEach((description, ids) -> {
                if (description.contains(pass)) {
                    found.addAll(ids);
                }
            });
            return found;
        }
    }

    /**
     * A driver that ran in cluster deploy mode.
     *
     * @param state    its final state, as the submitting client reported it (FINISHED, FAILED, ...)
     * @param launches how many times the workers were asked to launch it
     * @param output   its standard output and error, from the worker's driver folder
     * @param log      the submitting client's output
     */
    private record DriverRun(String state, int launches, String output, String log) {
    }

    /**
     * Runs {@code spark-submit --deploy-mode cluster ... okl-spark-all.jar args} against the cluster and waits for
     * the driver to end ({@code spark.standalone.submit.waitAppCompletion}).
     */
    private DriverRun submitInClusterMode(String name, String... args) throws Exception {
        // (name: what the run is called in the logs; args: the okl-spark command line)
        List<String> command = new ArrayList<>(List.of(StandaloneCluster.java(), "-Xmx256m"));
        command.addAll(opens);
        command.addAll(List.of("-cp", sparkClassPath, "org.apache.spark.deploy.SparkSubmit", "--verbose",
                "--master", cluster.url(), "--deploy-mode", "cluster", "--class", "org.okl.spark.cli.OklSparkMain",
                "--driver-memory", "512m", "--conf", "spark.standalone.submit.waitAppCompletion=true",
                "--conf", "spark.driver.extraClassPath=" + sparkClassPath,
                "--conf", "spark.ui.enabled=false", "--conf", "spark.executor.memory=512m",
                "--conf", "spark.executor.extraClassPath=" + sparkClassPath,
                "--conf", "spark.executorEnv.OPENBLAS_NUM_THREADS=1"));
        // the driver wrapper is started by the worker with the driver's options alone: Spark's opens go there
        String linalg = linalgOption();
        command.addAll(List.of("--conf", "spark.driver.extraJavaOptions=" + String.join(" ", opens) + " " + linalg));
        if (!linalg.isEmpty()) {
            command.addAll(List.of("--conf", "spark.executor.extraJavaOptions=" + linalg));
        }
        command.add(System.getProperty("okl.spark.jar"));
        command.addAll(List.of(args));
        Path log = dir.resolve("submit-cluster-" + name + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        StandaloneCluster.environment(pb.environment(), dir);
        Process p = pb.start();
        try {
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                throw new AssertionError("spark-submit --deploy-mode cluster " + name + " did not end in 5 minutes:\n"
                        + StandaloneCluster.tail(log));
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        Matcher state = Pattern.compile("State of driver (driver-[0-9-]+) is ([A-Z]+), exiting").matcher(text);
        assertThat(state.find()).as("the client reported the driver's final state:\n" + StandaloneCluster.tail(log))
                .isTrue();
        String driver = state.group(1);
        int launches = 0;
        StringBuilder output = new StringBuilder();
        for (String worker : List.of("worker-1", "worker-2", "worker-3", "worker-4")) {
            Path workerLog = dir.resolve(worker + ".log");
            if (Files.exists(workerLog)) {
                Matcher launched = Pattern.compile("Asked to launch driver " + Pattern.quote(driver)).matcher(Files
                        .readString(workerLog));
                while (launched.find()) {
                    launches++;
                }
            }
            for (String file : List.of("stdout", "stderr")) {
                Path out = dir.resolve(worker + "-work").resolve(driver).resolve(file);
                if (Files.exists(out)) {
                    output.append(Files.readString(out, StandardCharsets.UTF_8));
                }
            }
        }
        return new DriverRun(state.group(2), launches, output.toString(), text);
    }

    /** Kills the worker when a task of the sums' job (or of another pass) starts on one of its executors. */
    private static final class WorkerKiller extends SparkListener {
        private final Process worker;
        private final Set<String> executors;
        private final String pass;
        private final Set<Integer> sumsStages = new HashSet<>();
        private final AtomicBoolean killed = new AtomicBoolean();
        private final AtomicInteger executorsLost = new AtomicInteger();
        private final AtomicInteger failedTasks = new AtomicInteger();

        WorkerKiller(Process worker, Set<String> executors) {
            this(worker, executors, DistributedSums.DESCRIPTION);
        }

        /** Kills the worker during the jobs whose description contains {@code pass}. */
        WorkerKiller(Process worker, Set<String> executors, String pass) {
            this.worker = worker;
            this.executors = executors;
            this.pass = pass;
        }

        @Override
        public synchronized void onJobStart(SparkListenerJobStart job) {
            String description = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
            if (description != null && description.contains(pass)) {
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

    /**
     * A worker lost during a Falkon fit whose source is a shuffle ({@code repartition} without a seed): Spark
     * computes the lost cached blocks again from the shuffle, whose fetches arrive in another order, and the rows
     * must not move (they are sorted by content within each partition once read). A third worker is started for
     * this and killed at the first task of Falkon's passes on it; the model is the model of the same fit without
     * the loss, as is a fit of the same shuffle run anew (whose fetch order differs too).
     */
    @Test
    @Order(100)
    void aWorkerKilledDuringAFalkonFitOverAShuffleLeavesTheModelUnchanged() throws Exception {
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 50},"
                + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-12, \"iterations\": 60},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3]},"
                + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";
        Process victim = cluster.startWorker("worker-3");
        SyntheticData d = SyntheticData.draw(8000, 4, 2, 97);
        SparkSession spark = session("okl shuffle loss");
        try {
            Set<String> victims = awaitExecutors(dir.resolve("worker-3.log"), spark.sparkContext().applicationId());
            Dataset<Row> shuffled = d.dataset(spark, 6).repartition(4);
            assertThat(org.okl.spark.data.SourceOrder.of(shuffled.javaRDD().rdd()))
                    .isEqualTo(org.okl.spark.data.SourceOrder.UNORDERED);
            OklEstimator estimator = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                    .setOutputCols(d.outputColumns().toArray(new String[0]));
            Matrix test = SyntheticData.draw(100, 4, 2, 98).x();
            Model undisturbed = estimator.fit(shuffled).oklModel();

            WorkerKiller killer = new WorkerKiller(victim, victims, "okl: falkon");
            spark.sparkContext().addSparkListener(killer);
            Model model = estimator.fit(shuffled).oklModel();
            spark.sparkContext().removeSparkListener(killer);
            assertThat(killer.killed.get()).as("the third worker was killed during Falkon's passes").isTrue();
            assertThat(killer.executorsLost.get()).isPositive();
            assertThat(killer.failedTasks.get()).as("tasks lost with the worker").isPositive();
            assertThat(model.provenance().solver()).isEqualTo("falkon");
            assertThat(model.pathIndex()).isEqualTo(undisturbed.pathIndex());
            assertThat(relative(model.predict(test).outputs(), undisturbed.predict(test).outputs()))
                    .isLessThan(1e-9);
        } finally {
            spark.stop();
            StandaloneCluster.kill(victim);
        }
    }

    /**
     * One gzipped CSV file, which Spark reads as one partition: the reading pass spreads its rows over the cluster's
     * cores, so the sums and the checksum run on both workers, and the model is still the one-machine model (the rows
     * keep their order). Runs before a worker is killed.
     */
    @Test
    @Order(3)
    void aGzippedCsvIsSpreadOverBothWorkers() throws Exception {
        SyntheticData d = SyntheticData.draw(6000, 4, 2, 99);
        Path csv = d.writeCsv(dir.resolve("spread.csv"), null);
        Path gz = dir.resolve("spread.csv.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(csv, out);
        }
        org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType();
        for (String c : List.of("x0", "x1", "x2", "x3", "y0", "y1")) {
            schema = schema.add(c, org.apache.spark.sql.types.DataTypes.DoubleType, false);
        }
        SparkSession spark = session("okl spread");
        try {
            awaitExecutors(dir.resolve("worker-2.log"), spark.sparkContext().applicationId());
            TaskPlacement placement = new TaskPlacement();
            spark.sparkContext().addSparkListener(placement);
            Dataset<Row> rows = spark.read().schema(schema).csv(gz.toString());
            assertThat(rows.javaRDD().getNumPartitions()).isEqualTo(1);
            org.okl.spark.OklSparkModel fitted = new OklEstimator().setPipeline(PIPELINE)
                    .setInputCols(new String[] {"x0", "x1", "x2", "x3"}).setOutputCols(new String[] {"y0", "y1"})
                    .fit(rows);
            spark.sparkContext().listenerBus().waitUntilEmpty(30_000L);
            TaskPlacement.Report placed = new TaskPlacement.Report(spark.sparkContext().applicationId(),
                    placement.report().lines());
            assertThat(fitted.summary().toString()).contains("spreading the rows over");
            for (String pass : List.of("okl: per-fold sums", "okl: data checksum")) {
                assertRanOnBothWorkers(placed, pass);
            }
            Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                    .fit(new MatrixRows(d.x(), d.y())).model();
            Model model = fitted.oklModel();
            assertThat(model.provenance().dataSha256()).isEqualTo(oneMachine.provenance().dataSha256());
            Matrix test = SyntheticData.draw(100, 4, 2, 100).x();
            assertThat(relative(model.predict(test).outputs(), oneMachine.predict(test).outputs())).isLessThan(1e-9);
        } finally {
            spark.stop();
        }
    }
}
