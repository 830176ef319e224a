package org.okl.spark.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster on 127.0.0.1 for tests: a master and workers, each a separate JVM started from a Spark
 * installation's class path (the Maven artifacts), with a bounded wait for them to come up and a teardown that kills
 * every process it started, the executors the workers launched included, even when the test fails or the JVM is
 * shutting down.
 */
final class StandaloneCluster implements AutoCloseable {
    private static final Pattern MASTER_URL = Pattern.compile("Starting Spark master at (spark://[0-9.]+:[0-9]+)");

    private final String classPath;
    private final List<String> opens;
    private final Path dir;
    private final Duration startup;
    private final List<Process> processes = new ArrayList<>();
    private final Thread hook = new Thread(this::close, "okl-spark-cluster-teardown");
    private Process master;
    private String url;

    /**
     * @param classPath the daemons' class path (absolute entries)
     * @param opens     the JVM options Spark needs on Java 17
     * @param dir       where logs and work directories go
     * @param startup   how long to wait for each daemon
     */
    StandaloneCluster(String classPath, List<String> opens, Path dir, Duration startup) {
        this.classPath = classPath;
        this.opens = opens;
        this.dir = dir;
        this.startup = startup;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts the master and waits until it is alive; returns its URL. */
    String startMaster() throws IOException, InterruptedException {
        Path log = dir.resolve("master.log");
        master = start(log, List.of(), "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", "0",
                "--webui-port", "0");
        Matcher m = waitFor(master, log, MASTER_URL);
        url = m.group(1);
        waitFor(master, log, Pattern.compile("New state: ALIVE"));
        return url;
    }

    /** Starts a worker with one core and waits until it has registered with the master. */
    Process startWorker(String name) throws IOException, InterruptedException {
        return startWorker(name, 1, List.of());
    }

    /**
     * Starts a worker and waits until it has registered with the master.
     *
     * @param cores   its cores
     * @param options more JVM options (Spark's {@code spark.worker.*} settings, such as its GPUs)
     */
    Process startWorker(String name, int cores, List<String> options) throws IOException, InterruptedException {
        Path log = dir.resolve(name + ".log");
        Path work = Files.createDirectories(dir.resolve(name + "-work"));
        Process worker = start(log, options, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--cores", Integer.toString(cores), "--memory", "1g", "--webui-port", "0", "--work-dir",
                work.toString(), url);
        waitFor(worker, log, Pattern.compile("Successfully registered with master"));
        return worker;
    }

    /** The master's URL. */
    String url() {
        return url;
    }

    /** Kills a worker and the executors it launched, at once (a machine lost mid-job). */
    static void kill(Process worker) throws InterruptedException {
        worker.descendants().forEach(ProcessHandle::destroyForcibly);
        worker.destroyForcibly().waitFor();
    }

    private Process start(Path log, List<String> options, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m", "-Dlog4j2.configurationFile="
                + daemonLogging()));
        command.addAll(opens);
        command.addAll(options);
        command.addAll(List.of("-cp", classPath + java.io.File.pathSeparator + watcherPath(), ParentWatchingMain.class
                .getName(), Long.toString(ProcessHandle.current().pid()), mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        environment(pb.environment(), dir);
        Process p = pb.start();
        synchronized (processes) {
            processes.add(p);
        }
        return p;
    }

    /** Logging at INFO on the console for the daemons: their start-up lines are what {@link #waitFor} reads. */
    private Path daemonLogging() throws IOException {
        Path file = dir.resolve("log4j2-daemons.properties");
        Files.writeString(file, String.join("\n", "rootLogger.level = info",
                "rootLogger.appenderRef.console.ref = console", "appender.console.type = Console",
                "appender.console.name = console", "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n", ""));
        return file;
    }

    /** What the daemons and a spark-submit driver need from the environment to run from Maven's JARs. */
    static void environment(Map<String, String> env, Path dir) throws IOException {
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        env.put("SPARK_HOME", home.toString());
        // the Scala line of the Spark JARs on the class path (the pom's profile: 2.13 or 2.12)
        env.put("SPARK_SCALA_VERSION", Objects.requireNonNull(
                System.getProperty("okl.spark.scala.binary.version"), "okl.spark.scala.binary.version"));
        env.put("SPARK_TESTING", "1");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
    }

    /** Where {@link ParentWatchingMain} is (the test classes). */
    private static String watcherPath() {
        try {
            return Path.of(ParentWatchingMain.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** Waits until the log shows the pattern, the process dies or the start-up time runs out. */
    private Matcher waitFor(Process p, Path log, Pattern pattern) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + startup.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Matcher> found = find(log, pattern);
            if (found.isPresent()) {
                return found.get();
            }
            if (!p.isAlive()) {
                throw new IllegalStateException("the Spark daemon exited before '" + pattern + "':\n" + tail(log));
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("no '" + pattern + "' within " + startup.toSeconds() + " s:\n" + tail(log));
    }

    private static Optional<Matcher> find(Path log, Pattern pattern) throws IOException {
        if (!Files.exists(log)) {
            return Optional.empty();
        }
        Matcher m = pattern.matcher(Files.readString(log, StandardCharsets.UTF_8));
        return m.find() ? Optional.of(m) : Optional.empty();
    }

    static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no log)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /** Kills every process started (workers' executors first), and waits for them to exit. */
    @Override
    public void close() {
        List<Process> all;
        synchronized (processes) {
            all = new ArrayList<>(processes);
            processes.clear();
        }
        for (Process p : all) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : all) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // close() runs as the hook itself
        }
    }
}
