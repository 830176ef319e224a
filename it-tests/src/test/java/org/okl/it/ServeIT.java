package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/** {@code okl serve} as a user runs it: the shaded JAR in its own JVM on port 0, spoken to over HTTP. */
class ServeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "it-token-7f3a";
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    static Path dir;
    static Okl okl;
    static Model first;
    static Model second;
    static Path firstFile;
    static Path secondFile;

    /** Whether this process has SIGHUP ignored (bit 0 of SigIgn in /proc/self/status), as children inherit. */
    private static boolean hangUpIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isRegularFile(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 1L) != 0;
            }
        }
        return false;
    }

    @BeforeAll
    static void fit() throws IOException {
        okl = Okl.builder().build();
        first = fit(1e-3);
        second = fit(1e-1);
        firstFile = dir.resolve("first.okl");
        secondFile = dir.resolve("second.okl");
        first.save(firstFile);
        second.save(secondFile);
        Files.writeString(dir.resolve("token"), TOKEN + "\n");
    }

    private static Model fit(double lambda) {
        Matrix x = inputs(60, 1);
        Matrix y = Matrix.zeros(60, 2);
        for (int i = 0; i < 60; i++) {
            y.set(i, 0, Math.sin(x.get(i, 0)) + x.get(i, 1));
            y.set(i, 1, x.get(i, 1) * x.get(i, 0));
        }
        PipelineSpec spec = okl.defaults().complete(PipelineSpec.builder()
                .kernel(ComponentSpec.of("gaussian", "sigma", 1.0))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambda)).build());
        return okl.pipeline(spec).fit(TrainingData.builder(x, y)
                .inputColumns(new InputColumns(new int[] {0, 1}, 2, List.of("p", "q")))
                .outputNames(List.of("s", "t")).build());
    }

    private static Matrix inputs(int rows, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(rows, 2);
        for (int i = 0; i < rows; i++) {
            x.set(i, 0, 3 * r.nextDouble() - 1.5);
            x.set(i, 1, 3 * r.nextDouble() - 1.5);
        }
        return x;
    }

    /** A running {@code okl serve}; {@code uri} is null when it printed no URL (it refused to start). */
    record Server(Process process, URI uri, Path stderr) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }

        String log() throws IOException {
            return Files.readString(stderr);
        }
    }

    private static Server serve(Path model, String... options) throws Exception {
        Server s = start(dir, model, options);
        assertThat(s.uri()).as("the URL line; stderr: %s", s.log()).isNotNull();
        assertThat(s.uri().toString()).matches("http://127\\.0\\.0\\.1:\\d+/");
        return s;
    }

    /**
     * Starts {@code okl serve} on a free port in {@code folder}, as the suite's JVM runs (its Vector API module and
     * back-end), and waits for the URL line it prints; ServeFaultIT starts its servers here too.
     */
    static Server start(Path folder, Path model, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            command.addAll(List.of("--add-modules", "jdk.incubator.vector"));
        }
        String linalg = System.getProperty("okl.linalg");
        if (linalg != null && !linalg.isBlank()) {
            command.add("-Dokl.linalg=" + linalg);
        }
        command.addAll(List.of("-jar", OklProcess.artifact("okl.app.jar").toString(), "serve", "--model",
                model.toString(), "--port", "0"));
        command.addAll(List.of(options));
        Path stderr = Files.createTempFile(folder, "serve", ".err");
        Process p = new ProcessBuilder(command).directory(folder.toFile()).redirectError(stderr.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }).get(120, TimeUnit.SECONDS);
        return new Server(p, line == null ? null : URI.create(line), stderr);
    }

    private static HttpResponse<String> post(Server s, String path, String type, String body, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(s.uri().resolve(path)).timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(Server s, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(s.uri().resolve(path)).timeout(Duration.ofSeconds(60));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> r) throws IOException {
        return JSON.readTree(r.body());
    }

    private static String rows(Matrix x) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            rows.add("{\"q\": " + x.get(i, 1) + ", \"p\": " + x.get(i, 0) + "}");
        }
        return "[" + String.join(",", rows) + "]";
    }

    private static double error(JsonNode predictions, Matrix expected) {
        double worst = 0;
        for (int i = 0; i < expected.rows(); i++) {
            worst = Math.max(worst, Math.abs(predictions.get(i).get("s").doubleValue() - expected.get(i, 0)));
            worst = Math.max(worst, Math.abs(predictions.get(i).get("t").doubleValue() - expected.get(i, 1)));
        }
        return worst;
    }

    private static double metric(String text, String sample) {
        for (String line : text.split("\n")) {
            if (line.startsWith(sample + " ")) {
                return Double.parseDouble(line.substring(sample.length() + 1).trim().split(" ")[0]);
            }
        }
        return Double.NaN;
    }

    /** The rows of {@code x} as an Arrow IPC stream, columns q then p, in record batches of the given sizes. */
    private static byte[] arrow(Matrix x, int... batches) throws IOException {
        org.apache.arrow.vector.types.pojo.ArrowType float64 = new org.apache.arrow.vector.types.pojo.ArrowType
                .FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE);
        List<org.apache.arrow.vector.types.pojo.Field> fields = List.of(
                org.apache.arrow.vector.types.pojo.Field.nullable("q", float64),
                org.apache.arrow.vector.types.pojo.Field.nullable("p", float64));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (org.apache.arrow.memory.BufferAllocator allocator = new org.apache.arrow.memory.RootAllocator();
             org.apache.arrow.vector.VectorSchemaRoot root = org.apache.arrow.vector.VectorSchemaRoot.create(
                     new org.apache.arrow.vector.types.pojo.Schema(fields), allocator);
             org.apache.arrow.vector.ipc.ArrowStreamWriter writer = new org.apache.arrow.vector.ipc.ArrowStreamWriter(
                     root, null, java.nio.channels.Channels.newChannel(out))) {
            writer.start();
            int from = 0;
            for (int n : batches) {
                root.allocateNew();
                org.apache.arrow.vector.Float8Vector q = (org.apache.arrow.vector.Float8Vector) root.getVector(0);
                org.apache.arrow.vector.Float8Vector p = (org.apache.arrow.vector.Float8Vector) root.getVector(1);
                for (int i = 0; i < n; i++) {
                    if (Double.isNaN(x.get(from + i, 1))) {
                        q.setNull(i);
                    } else {
                        q.setSafe(i, x.get(from + i, 1));
                    }
                    p.setSafe(i, x.get(from + i, 0));
                }
                root.setRowCount(n);
                writer.writeBatch();
                from += n;
            }
            writer.end();
        }
        return out.toByteArray();
    }

    @Test
    void takesArrowStreamBodiesAsItTakesJsonAndRefusesABadOneWith400() throws Exception {
        String arrow = "application/vnd.apache.arrow.stream";
        try (Server s = serve(firstFile, "--max-rows", "50")) {
            Matrix x = inputs(12, 8);
            HttpResponse<String> fromJson = post(s, "v1/models/first/predict", "application/json", rows(x));
            HttpResponse<String> fromArrow = CLIENT.send(HttpRequest.newBuilder(
                    s.uri().resolve("v1/models/first/predict")).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", arrow).POST(HttpRequest.BodyPublishers.ofByteArray(arrow(x, 5, 7)))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(fromArrow.statusCode()).as(fromArrow.body()).isEqualTo(200);
            assertThat(error(json(fromArrow).get("predictions"), first.predict(x).outputs()))
                    .isLessThanOrEqualTo(1e-12);
            // the same doubles as the JSON body's: the same answer, bit for bit
            assertThat(json(fromArrow).get("predictions")).isEqualTo(json(fromJson).get("predictions"));
            Matrix withNull = x.copy();
            withNull.set(3, 1, Double.NaN);
            for (byte[] bad : List.of(arrow(withNull, 12), java.util.Arrays.copyOf(arrow(x, 12), 200))) {
                HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(s.uri().resolve("v1/models/first/predict"))
                        .timeout(Duration.ofSeconds(60)).header("Content-Type", arrow)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(bad)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
                assertThat(json(r).get("code").asText()).isEqualTo("OKL-E007");
                assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
            }
            HttpResponse<String> nulls = CLIENT.send(HttpRequest.newBuilder(s.uri().resolve("v1/models/first/predict"))
                    .timeout(Duration.ofSeconds(60)).header("Content-Type", arrow)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(arrow(withNull, 12))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(json(nulls).get("message").asText()).isEqualTo("row 4, column 'q': a null where a number is "
                    + "expected");
        }
    }

    @Test
    void servesBatchesReloadsUnderLoadAndRefusesBadRequests() throws Exception {
        Path served = dir.resolve("m.okl");
        Files.copy(firstFile, served, StandardCopyOption.REPLACE_EXISTING);
        try (Server s = serve(served, "--token-file", dir.resolve("token").toString(), "--batch-wait-ms", "20",
                "--max-body-bytes", "4096", "--max-rows", "50")) {
            // predictions equal Model.predict, JSON and CSV
            Matrix x = inputs(9, 5);
            HttpResponse<String> ok = post(s, "v1/models/m/predict", "application/json", rows(x),
                    "X-Request-Id", "it-1");
            assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
            assertThat(ok.headers().firstValue("X-Request-Id")).hasValue("it-1");
            assertThat(error(json(ok).get("predictions"), first.predict(x).outputs())).isLessThanOrEqualTo(1e-12);
            StringBuilder csv = new StringBuilder("q,p\n");
            for (int i = 0; i < x.rows(); i++) {
                csv.append(x.get(i, 1)).append(',').append(x.get(i, 0)).append('\n');
            }
            HttpResponse<String> fromCsv = post(s, "v1/models/m/predict", "text/csv", csv.toString());
            assertThat(error(json(fromCsv).get("predictions"), first.predict(x).outputs()))
                    .isLessThanOrEqualTo(1e-12);

            // every bad request: a 4xx with its code, never a stack trace
            String[][] bad = {
                {"application/json", "[[1]]", "400", "OKL-E007"},
                {"application/json", "[{\"p\": 1, \"r\": 2}]", "400", "OKL-E007"},
                {"application/json", "[{\"p\": 1, \"q\": \"two\"}]", "400", "OKL-E007"},
                {"application/json", "[[NaN, 1]]", "400", "OKL-E007"},
                {"application/json", "[[Infinity, 1]]", "400", "OKL-E007"},
                {"application/json", "[[1, 2]", "400", "OKL-E007"},
                {"text/csv", "p,r\n1,2\n", "400", "OKL-E007"},
                {"text/csv", "p,q\n1,two\n", "400", "OKL-E007"},
                {"application/json", "[" + "[1,2],".repeat(50) + "[1,2]]", "400", "OKL-E007"},
                {"application/json", "[" + "[1.0000000000,2.0000000000],".repeat(200) + "[1,2]]", "413", "OKL-E009"},
            };
            for (String[] c : bad) {
                HttpResponse<String> r = post(s, "v1/models/m/predict", c[0], c[1]);
                assertThat(r.statusCode()).as(c[1] + " -> " + r.body()).isEqualTo(Integer.parseInt(c[2]));
                assertThat(json(r).get("code").asText()).isEqualTo(c[3]);
                assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
            }

            // the token: metrics and reload need it, predict on loopback does not
            assertThat(get(s, "metrics").statusCode()).isEqualTo(401);
            assertThat(post(s, "v1/models/m/reload", null, "").statusCode()).isEqualTo(401);
            assertThat(post(s, "v1/models/m/reload", null, "", "Authorization", "Bearer wrong").statusCode())
                    .isEqualTo(401);

            // concurrent load with reloads: no failed request, batches of more than one row
            Matrix one = inputs(1, 77);
            String sumFirst = json(ok).get("checksum").asText();
            Map<String, Matrix> expected = new java.util.HashMap<>(Map.of(sumFirst, first.predict(one).outputs()));
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger answered = new AtomicInteger();
            List<String> failures = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(16);
            List<Future<?>> load = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                load.add(pool.submit(() -> {
                    while (running.get()) {
                        try {
                            HttpResponse<String> r = post(s, "v1/models/m/predict", "application/json", rows(one));
                            Matrix want = r.statusCode() == 200
                                    ? expected.get(json(r).get("checksum").asText()) : null;
                            if (want == null || error(json(r).get("predictions"), want) > 1e-12) {
                                failures.add(r.statusCode() + " " + r.body());
                            } else {
                                answered.incrementAndGet();
                            }
                        } catch (Exception e) {
                            failures.add(e.toString());
                        }
                    }
                }));
            }
            String auth = "Bearer " + TOKEN;
            for (int k = 0; k < 6; k++) {
                Thread.sleep(300);
                Path next = k % 2 == 0 ? secondFile : firstFile;
                Files.copy(next, dir.resolve("next.okl"), StandardCopyOption.REPLACE_EXISTING);
                if (k == 0) {
                    // the checksum the server will report for the second model
                    expected.put(org.okl.serve.ModelLoader.verified(okl).load("m", next).sha256(),
                            second.predict(one).outputs());
                }
                Files.move(dir.resolve("next.okl"), served, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
                HttpResponse<String> r = post(s, "v1/models/m/reload", null, "", "Authorization", auth);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            }
            // a damaged file is refused, the previous model keeps serving
            byte[] damaged = Files.readAllBytes(secondFile);
            damaged[damaged.length / 2] ^= 0x10;
            Files.write(served, damaged);
            HttpResponse<String> refused = post(s, "v1/models/m/reload", null, "", "Authorization", auth);
            Thread.sleep(300);
            running.set(false);
            for (Future<?> f : load) {
                f.get();
            }
            pool.shutdownNow();
            assertThat(failures).isEmpty();
            assertThat(answered.get()).isGreaterThan(50);
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
            assertThat(json(refused).get("code").asText()).isEqualTo("OKL-E006");
            HttpResponse<String> still = post(s, "v1/models/m/predict", "application/json", rows(one));
            assertThat(json(still).get("checksum").asText()).isEqualTo(sumFirst);

            String metrics = get(s, "metrics", "Authorization", auth).body();
            double batchRows = metric(metrics, "okl_serve_batch_rows_sum{model=\"m\"}");
            double calls = metric(metrics, "okl_serve_batch_rows_count{model=\"m\"}");
            assertThat(batchRows / calls).as("rows per prediction call under load").isGreaterThan(1.0);
            assertThat(metrics).contains("okl_serve_model_info{").contains(sumFirst);
            assertThat(s.log()).contains("reload of m refused");

            // SIGHUP reloads every model too, unless this process inherited it ignored (a run under nohup), which
            // the server then inherits too: it says so, and a reload over HTTP stands in
            Files.copy(secondFile, served, StandardCopyOption.REPLACE_EXISTING);
            String sumSecond = org.okl.serve.ModelLoader.verified(okl).load("m", secondFile).sha256();
            if (hangUpIgnored()) {
                assertThat(s.log()).contains("SIGHUP is ignored in this process");
                assertThat(post(s, "v1/models/m/reload", null, "", "Authorization", auth).statusCode())
                        .isEqualTo(200);
            } else {
                assertThat(s.log()).doesNotContain("SIGHUP is ignored");
                assertThat(new ProcessBuilder("kill", "-HUP", Long.toString(s.process().pid())).start()
                        .waitFor()).isZero();
            }
            String now = sumFirst;
            // up to 60 s: the reload reads and verifies the file in the background, slow on a loaded 2-core machine
            for (int k = 0; k < 600 && !now.equals(sumSecond); k++) {
                Thread.sleep(100);
                now = json(post(s, "v1/models/m/predict", "application/json", rows(one))).get("checksum").asText();
            }
            assertThat(now).isEqualTo(sumSecond);
            assertThat(s.process().isAlive()).isTrue();
        }
    }

    @Test
    void overloadAnswers503AndAStopDrainsRequestsInFlight() throws Exception {
        try (Server s = serve(firstFile, "--batch-wait-ms", "1500", "--queue-rows", "2")) {
            CompletableFuture<HttpResponse<String>> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return post(s, "v1/models/first/predict", "application/json", "[[0.5, 0.25], [1, 0]]");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(500);
            HttpResponse<String> refused = post(s, "v1/models/first/predict", "application/json", "[[1, 1]]");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(json(refused).get("code").asText()).isEqualTo("OKL-E017");
            assertThat(waiting.get(60, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

            // SIGTERM while a request waits for its batch: the request is answered, then the process ends
            CompletableFuture<HttpResponse<String>> inFlight = CompletableFuture.supplyAsync(() -> {
                try {
                    return post(s, "v1/models/first/predict", "application/json", "[[0.5, 0.25]]");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(500);
            s.process().destroy();
            HttpResponse<String> drained = inFlight.get(60, TimeUnit.SECONDS);
            assertThat(drained.statusCode()).as(drained.body()).isEqualTo(200);
            assertThat(error(json(drained).get("predictions"),
                    first.predict(Matrix.fromRows(new double[][] {{0.5, 0.25}})).outputs()))
                    .isLessThanOrEqualTo(1e-12);
            assertThat(s.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }
}
