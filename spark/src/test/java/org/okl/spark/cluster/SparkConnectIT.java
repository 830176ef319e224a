package org.okl.spark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OKL's estimator fitted and its model applied over Spark Connect: a Connect server in its own JVM (Spark's
 * installation class path, the shaded okl-spark JAR with its META-INF/services files, the Connect server), and the
 * Spark Connect JVM client in another, sending ML commands by class name ({@code src/test/resources/connect}). The
 * server runs on Spark {@code spark.connect.server.version} (Maven Central has no Connect server 4.1.0); client and
 * server keep apart because each bundles the Connect protobuf classes, shaded differently.
 */
class SparkConnectIT {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-4]}}";
    /** The Spark artifacts the client does not use (it brings its own SQL API). */
    private static final Set<String> SERVER_ONLY = Set.of("spark-core_2.13", "spark-sql_2.13", "spark-catalyst_2.13",
            "spark-sql-api_2.13", "spark-mllib_2.13", "spark-mllib-local_2.13", "spark-graphx_2.13",
            "spark-streaming_2.13");

    @Test
    void theJvmClientFitsOklAndPredictsOverSparkConnect(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.apache.spark.package$.MODULE$.SPARK_VERSION().compareTo("4")
                >= 0, "Spark Connect's ML handler exists from Spark 4; this build runs on Spark "
                + org.apache.spark.package$.MODULE$.SPARK_VERSION());
        Path jars = Path.of(System.getProperty("okl.connect.jars"));
        List<Path> server = list(jars.resolve("server"));
        Set<String> replaced = server.stream().map(SparkConnectIT::artifact).collect(Collectors.toSet());
        List<String> spark = Arrays.asList(Files.readString(Path.of(System.getProperty("okl.spark.classpath")))
                .trim().split(File.pathSeparator));
        List<String> serverPath = new ArrayList<>(List.of(System.getProperty("okl.spark.jar")));
        spark.stream().filter(j -> !replaced.contains(artifact(Path.of(j)))).forEach(serverPath::add);
        server.forEach(j -> serverPath.add(j.toString()));
        List<String> clientPath = new ArrayList<>();
        list(jars.resolve("client")).forEach(j -> clientPath.add(j.toString()));
        spark.stream().filter(j -> !SERVER_ONLY.contains(artifact(Path.of(j)))).forEach(clientPath::add);
        String clientClasses = String.join(File.pathSeparator, clientPath);

        Path classes = Files.createDirectories(dir.resolve("client"));
        Path source = dir.resolve("ConnectClient.java");
        try (var in = SparkConnectIT.class.getResourceAsStream("/connect/ConnectClient.java")) {
            Files.copy(in, source);
        }
        int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
                clientClasses, source.toString());
        assertThat(compiled).as("the client compiles against the Connect JVM client").isZero();

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(Arrays.asList(System.getProperty("okl.spark.opens").trim().split("\\s+")));
        command.addAll(List.of("-cp", String.join(File.pathSeparator, serverPath), "-Dspark.master=local[2]",
                "-Dspark.connect.grpc.binding.port=" + port, "-Dspark.ui.enabled=false",
                "-Dspark.driver.host=127.0.0.1", "org.apache.spark.sql.connect.service.SparkConnectServer"));
        Path serverLog = dir.resolve("server.log");
        Process serverProcess = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(serverLog.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!Files.readString(serverLog).contains("Spark Connect server started")) {
                assertThat(serverProcess.isAlive()).as("the server runs: %s", tail(serverLog)).isTrue();
                assertThat(System.nanoTime()).as("the server starts in 180 s: %s", tail(serverLog))
                        .isLessThan(deadline);
                Thread.sleep(500);
            }
            Path clientLog = dir.resolve("client.log");
            Process client = new ProcessBuilder(java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp",
                    classes + File.pathSeparator + clientClasses, "ConnectClient", String.valueOf(port), PIPELINE)
                    .redirectErrorStream(true).redirectOutput(clientLog.toFile()).start();
            assertThat(client.waitFor(300, TimeUnit.SECONDS)).as("the client ends in 300 s").isTrue();
            List<String> out = Files.readAllLines(clientLog, StandardCharsets.UTF_8);
            assertThat(client.exitValue()).as("client: %s%nserver: %s", tail(clientLog), tail(serverLog)).isZero();
            assertThat(out).anyMatch(l -> l.startsWith("FITTED ") && l.length() > "FITTED ".length() + 4);
            assertThat(out).anyMatch(l -> l.startsWith("SCHEMA ") && l.contains("prediction:double"));
            List<double[]> rows = out.stream().filter(l -> l.startsWith("ROW ")).map(l -> Arrays.stream(l
                    .substring(4).split(" ")).mapToDouble(Double::parseDouble).toArray()).toList();
            assertThat(rows).hasSize(300);
            double squares = 0;
            double spread = 0;
            double mean = rows.stream().mapToDouble(r -> r[0]).average().orElseThrow();
            for (double[] r : rows) {
                squares += (r[0] - r[1]) * (r[0] - r[1]);
                spread += (r[0] - mean) * (r[0] - mean);
            }
            assertThat(squares / spread).as("relative training error of a smooth target").isLessThan(0.01);
        } finally {
            serverProcess.descendants().forEach(ProcessHandle::destroyForcibly);
            serverProcess.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static List<Path> list(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** The artifact of a Maven JAR's file name: {@code spark-core_2.13-4.1.0.jar} gives {@code spark-core_2.13}. */
    private static String artifact(Path jar) {
        String name = jar.getFileName().toString();
        return name.replaceFirst("-\\d[^-]*(-[A-Za-z0-9]+)?\\.jar$", "");
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
