package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;

class ModelServerTest {
    @TempDir
    static Path dir;
    static Okl okl;
    static Model model;
    static Path file;

    @BeforeAll
    static void fit() {
        okl = Okl.builder().build();
        model = TestModels.regression(okl, 1e-3);
        file = TestModels.save(model, dir.resolve("m.okl"));
    }

    private static ModelServer start(ServeOptions options) {
        return ModelServer.start(Map.of("m", file), options, ModelLoader.verified(okl));
    }

    private static String objects(Matrix x) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            rows.add("{\"b\": " + x.get(i, 1) + ", \"a\": " + x.get(i, 0) + ", \"c\": " + x.get(i, 2) + "}");
        }
        return "[" + String.join(", ", rows) + "]";
    }

    private static String arrays(Matrix x) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            rows.add("[" + x.get(i, 0) + ", " + x.get(i, 1) + ", " + x.get(i, 2) + "]");
        }
        return "{\"rows\": [" + String.join(", ", rows) + "]}";
    }

    private static Matrix values(JsonNode rows, List<String> names) {
        Matrix m = Matrix.zeros(rows.size(), names.size());
        for (int i = 0; i < rows.size(); i++) {
            for (int j = 0; j < names.size(); j++) {
                m.set(i, j, rows.get(i).get(names.get(j)).doubleValue());
            }
        }
        return m;
    }

    @Test
    void predictionsEqualModelPredictForJsonObjectsArraysAndCsv() {
        Matrix x = TestModels.inputs(7, 11);
        Matrix expected = model.predict(x).outputs();
        StringBuilder csv = new StringBuilder("c,a,b\n");
        for (int i = 0; i < x.rows(); i++) {
            csv.append(x.get(i, 2)).append(',').append(x.get(i, 0)).append(',').append(x.get(i, 1)).append('\n');
        }
        try (ModelServer server = start(ServeOptions.defaults())) {
            Http http = new Http(server.uri());
            for (HttpResponse<String> r : List.of(
                    http.post("v1/models/m/predict", "application/json", objects(x), "X-Request-Id", "abc-1"),
                    http.post("v1/models/m/predict", "application/json", arrays(x)),
                    http.post("v1/models/m/predict", "text/csv", csv.toString()))) {
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                JsonNode body = Http.json(r);
                assertThat(body.get("outputs").toString()).isEqualTo("[\"u\",\"v\"]");
                assertThat(body.get("checksum").asText()).isEqualTo(server.model("m").sha256());
                assertThat(values(body.get("predictions"), TestModels.OUTPUTS).maxAbsDifference(expected))
                        .isLessThanOrEqualTo(1e-12);
                assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
            }
            HttpResponse<String> echoed = http.post("v1/models/m/predict", "application/json", arrays(x),
                    "X-Request-Id", "abc-1");
            assertThat(echoed.headers().firstValue("X-Request-Id")).hasValue("abc-1");
            HttpResponse<String> replaced = http.post("v1/models/m/predict", "application/json", arrays(x),
                    "X-Request-Id", "bad id\u00e9");
            assertThat(replaced.headers().firstValue("X-Request-Id").orElseThrow()).matches("[0-9a-f-]{36}");
            assertThat(http.get("healthz").statusCode()).isEqualTo(200);
            assertThat(http.get("readyz").statusCode()).isEqualTo(200);
            String metrics = http.get("metrics").body();
            assertThat(metrics).contains("okl_serve_model_info{").contains(server.model("m").sha256())
                    .contains("okl_serve_request_duration_seconds_bucket").contains("okl_serve_rows_total");
        }
    }

    @Test
    void aClassifierAnswersLabelsAndWithScoresTrueItsRawScores() {
        Model classifier = TestModels.classifier(okl);
        Path c = TestModels.save(classifier, dir.resolve("c.okl"));
        Matrix x = TestModels.inputs(5, 3);
        Decoded expected = classifier.predict(x);
        assertThat(expected.scores()).isPresent();
        try (ModelServer server = ModelServer.start(Map.of("c", c), ServeOptions.defaults(),
                ModelLoader.verified(okl))) {
            Http http = new Http(server.uri());
            JsonNode plain = Http.json(http.post("v1/models/c/predict", "application/json", arrays(x)));
            assertThat(plain.has("scores")).isFalse();
            JsonNode body = Http.json(http.post("v1/models/c/predict?scores=true", "application/json", arrays(x)));
            assertThat(values(body.get("predictions"), TestModels.OUTPUTS).maxAbsDifference(expected.outputs()))
                    .isZero();
            assertThat(values(body.get("scores"), TestModels.OUTPUTS).maxAbsDifference(expected.scores().get()))
                    .isLessThanOrEqualTo(1e-12);
        }
    }

    @Test
    void everyBadRequestIsA4xxWithItsCodeAndNoStackTrace() {
        String[][] cases = {
            {"application/json", "[[1, 2]]", "400", "OKL-E007", "has 2 values but the model takes 3"},
            {"application/json", "[{\"a\": 1, \"b\": 2, \"z\": 3}]", "400", "OKL-E007", "'z'"},
            {"application/json", "[{\"a\": 1, \"b\": 2}]", "400", "OKL-E007", "no value for input column 'c'"},
            {"application/json", "[{\"a\": \"x\", \"b\": 2, \"c\": 3}]", "400", "OKL-E007",
                "the text 'x' where a number is expected"},
            {"application/json", "[[1, null, 3]]", "400", "OKL-E007", "where a number is expected"},
            {"application/json", "[[NaN, 1, 2]]", "400", "OKL-E007", "NaN"},
            {"application/json", "[[1e400, 1, 2]]", "400", "OKL-E007", "Infinity"},
            {"application/json", "[[1, 2,", "400", "OKL-E007", "malformed JSON"},
            {"application/json", "{\"a\": 1}", "400", "OKL-E007", "expected an array of rows"},
            {"application/json", "", "400", "OKL-E007", "an empty body"},
            {"application/json", "[]", "400", "OKL-E007", "no rows"},
            {"application/json", "[[1,2,3],[1,2,3],[1,2,3],[1,2,3],[1,2,3],[1,2,3]]", "400", "OKL-E007",
                "6 rows in one request"},
            {"text/csv", "a,b,d\n1,2,3\n", "400", "OKL-E007", "'d', which the model was not fitted on"},
            {"text/csv", "a,b\n1,2\n", "400", "OKL-E007", "names 2 columns but the model takes 3"},
            {"text/csv", "a,b,c\n1,x,3\n", "400", "OKL-E007", "the text 'x' where a number is expected"},
            {"text/csv", "a,b,c\n1,2\n", "400", "OKL-E007", "CSV row 1 has 2 values"},
            {"application/xml", "<rows/>", "415", "OKL-E009",
                "none of application/json, text/csv and application/vnd.apache.arrow.stream"},
        };
        try (ModelServer server = start(ServeOptions.defaults().withLimits(1 << 20, 5, Duration.ofSeconds(30),
                Duration.ofSeconds(5)))) {
            Http http = new Http(server.uri());
            for (String[] c : cases) {
                HttpResponse<String> r = http.post("v1/models/m/predict", c[0], c[1]);
                assertThat(r.statusCode()).as(c[1] + " -> " + r.body()).isEqualTo(Integer.parseInt(c[2]));
                JsonNode body = Http.json(r);
                assertThat(body.get("code").asText()).as(c[1]).isEqualTo(c[3]);
                assertThat(body.get("message").asText()).as(c[1]).contains(c[4]);
                assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("[OKL-");
            }
            HttpResponse<String> unknown = http.post("v1/models/nope/predict", "application/json", "[[1,2,3]]");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(Http.json(unknown).get("message").asText()).contains("'nope'");
            assertThat(http.get("v1/models/m/predict").statusCode()).isEqualTo(405);
            assertThat(http.get("nowhere").statusCode()).isEqualTo(404);
            HttpResponse<String> hugeHeader = http.post("v1/models/m/predict", "application/json", "[[1,2,3]]",
                    "X-Padding", "p".repeat(20_000));
            assertThat(hugeHeader.statusCode()).isEqualTo(431);
            assertThat(Http.json(hugeHeader).get("code").asText()).isEqualTo("OKL-E009");
            assertThat(hugeHeader.body()).doesNotContain("<html").doesNotContain("\tat ");
            assertThat(server.model("m").model()).isNotNull();
        }
    }

    @Test
    void concurrentRequestsAreGatheredIntoOnePredictionCall() throws Exception {
        Matrix x = TestModels.inputs(160, 5);
        Matrix expected = model.predict(x).outputs();
        try (ModelServer server = start(ServeOptions.defaults().withBatching(Duration.ofMillis(20), 4096, 65536))) {
            Http http = new Http(server.uri());
            ExecutorService pool = Executors.newFixedThreadPool(16);
            try {
                List<Future<Double>> errors = new ArrayList<>();
                for (int t = 0; t < 16; t++) {
                    int thread = t;
                    errors.add(pool.submit(() -> {
                        double worst = 0;
                        for (int k = 0; k < 10; k++) {
                            int i = thread * 10 + k;
                            Matrix row = x.rowRange(i, i + 1);
                            HttpResponse<String> r = http.post("v1/models/m/predict", "application/json",
                                    arrays(row));
                            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                            worst = Math.max(worst, values(Http.json(r).get("predictions"), TestModels.OUTPUTS)
                                    .maxAbsDifference(expected.rowRange(i, i + 1)));
                        }
                        return worst;
                    }));
                }
                for (Future<Double> e : errors) {
                    assertThat(e.get()).isLessThanOrEqualTo(1e-12);
                }
            } finally {
                pool.shutdownNow();
            }
            String metrics = http.get("metrics").body();
            double rows = Http.metric(metrics, "okl_serve_batch_rows_sum{model=\"m\"}");
            double calls = Http.metric(metrics, "okl_serve_batch_rows_count{model=\"m\"}");
            assertThat(rows).isEqualTo(160);
            assertThat(rows / calls).as("rows per prediction call").isGreaterThan(1.0);
        }
    }

    @Test
    void aReloadUnderLoadFailsNoRequestAndADamagedFileIsRefused() throws Exception {
        Model other = TestModels.regression(okl, 1e-1);
        Path a = TestModels.save(model, dir.resolve("a.okl"));
        Path b = TestModels.save(other, dir.resolve("b.okl"));
        Path served = dir.resolve("served.okl");
        Files.copy(a, served, StandardCopyOption.REPLACE_EXISTING);
        Matrix x = TestModels.inputs(1, 9);
        String sumA = ModelLoader.verified(okl).load("m", a).sha256();
        String sumB = ModelLoader.verified(okl).load("m", b).sha256();
        Map<String, Matrix> expected = Map.of(sumA, model.predict(x).outputs(), sumB, other.predict(x).outputs());
        try (ModelServer server = ModelServer.start(Map.of("m", served), ServeOptions.defaults(),
                ModelLoader.verified(okl))) {
            Http http = new Http(server.uri());
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger ok = new AtomicInteger();
            List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> load = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                load.add(pool.submit(() -> {
                    while (running.get()) {
                        HttpResponse<String> r = http.post("v1/models/m/predict", "application/json", arrays(x));
                        JsonNode body = Http.json(r);
                        Matrix want = r.statusCode() == 200 ? expected.get(body.get("checksum").asText()) : null;
                        if (want == null || values(body.get("predictions"), TestModels.OUTPUTS)
                                .maxAbsDifference(want) > 1e-12) {
                            failures.add(r.statusCode() + " " + r.body());
                        } else {
                            ok.incrementAndGet();
                        }
                    }
                }));
            }
            Set<String> seen = new java.util.HashSet<>();
            for (int k = 0; k < 6; k++) {
                Thread.sleep(150);
                Path next = k % 2 == 0 ? b : a;
                Files.copy(next, dir.resolve("next.okl"), StandardCopyOption.REPLACE_EXISTING);
                Files.move(dir.resolve("next.okl"), served, StandardCopyOption.ATOMIC_MOVE);
                HttpResponse<String> r = http.post("v1/models/m/reload", null, "");
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                seen.add(Http.json(r).get("checksum").asText());
            }
            byte[] damaged = Files.readAllBytes(b);
            damaged[damaged.length / 2] ^= 0x40;
            Files.write(served, damaged);
            HttpResponse<String> refused = http.post("v1/models/m/reload", null, "");
            Thread.sleep(150);
            running.set(false);
            for (Future<?> f : load) {
                f.get();
            }
            pool.shutdownNow();
            assertThat(failures).isEmpty();
            assertThat(ok.get()).isGreaterThan(20);
            assertThat(seen).containsExactlyInAnyOrder(sumA, sumB);
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
            assertThat(Http.json(refused).get("code").asText()).isEqualTo("OKL-E006");
            assertThat(Http.json(refused).get("message").asText()).contains("still serving the previous version");
            assertThat(server.model("m").sha256()).isEqualTo(sumA);
            HttpResponse<String> after = http.post("v1/models/m/predict", "application/json", arrays(x));
            assertThat(Http.json(after).get("checksum").asText()).isEqualTo(sumA);
        }
    }

    @Test
    void reloadAndMetricsNeedTheTokenAndPredictOnLoopbackDoesNot() {
        try (ModelServer server = start(ServeOptions.defaults().withToken(Optional.of("s3cret-token")))) {
            Http http = new Http(server.uri());
            HttpResponse<String> none = http.get("metrics");
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(Http.json(none).get("code").asText()).isEqualTo("OKL-E009");
            assertThat(http.get("metrics", "Authorization", "Bearer s3cret-tokeN").statusCode()).isEqualTo(401);
            assertThat(http.get("metrics", "Authorization", "Bearer s3cret").statusCode()).isEqualTo(401);
            HttpResponse<String> good = http.get("metrics", "Authorization", "Bearer s3cret-token");
            assertThat(good.statusCode()).as(good.body()).isEqualTo(200);
            assertThat(http.post("v1/models/m/reload", null, "").statusCode()).isEqualTo(401);
            assertThat(http.post("v1/models/m/reload", null, "", "Authorization", "Bearer s3cret-token")
                    .statusCode()).isEqualTo(200);
            assertThat(http.post("v1/models/m/predict", "application/json", "[[1,2,3]]").statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void aBodyOverTheLimitIs413() {
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 400; i++) {
            big.append(i == 0 ? "" : ",").append("[1.0, 2.0, 3.0]");
        }
        big.append(']');
        try (ModelServer server = start(ServeOptions.defaults().withLimits(1000, 10_000, Duration.ofSeconds(30),
                Duration.ofSeconds(5)))) {
            Http http = new Http(server.uri());
            HttpResponse<String> r = http.post("v1/models/m/predict", "application/json", big.toString());
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(Http.json(r).get("code").asText()).isEqualTo("OKL-E009");
            HttpResponse<String> chunked = http.send(http.builder("v1/models/m/predict")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(
                            big.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)))));
            assertThat(chunked.statusCode()).isEqualTo(413);
            assertThat(http.post("v1/models/m/predict", "application/json", "[[1,2,3]]").statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void aFullQueueAnswers503WithRetryAfter() throws Exception {
        try (ModelServer server = start(ServeOptions.defaults().withBatching(Duration.ofMillis(1500), 4096, 2))) {
            Http http = new Http(server.uri());
            CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> http.post(
                    "v1/models/m/predict", "application/json", "[[1,2,3],[3,2,1]]"));
            Thread.sleep(400);
            HttpResponse<String> refused = http.post("v1/models/m/predict", "application/json", "[[1,2,3]]");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(Http.json(refused).get("code").asText()).isEqualTo("OKL-E017");
            assertThat(first.get().statusCode()).isEqualTo(200);
            assertThat(Http.metric(http.get("metrics").body(),
                    "okl_serve_rejected_total{model=\"m\",reason=\"overload\"}")).isEqualTo(1);
        }
    }

    @Test
    void aStopDrainsTheRequestsInFlight() throws Exception {
        ModelServer server = start(ServeOptions.defaults().withBatching(Duration.ofMillis(1000), 4096, 65536));
        Http http = new Http(server.uri());
        CompletableFuture<HttpResponse<String>> inFlight = CompletableFuture.supplyAsync(() -> http.post(
                "v1/models/m/predict", "application/json", "[[1,2,3]]"));
        Thread.sleep(300);
        long start = System.nanoTime();
        server.close();
        assertThat(inFlight.get().statusCode()).as(inFlight.get().body()).isEqualTo(200);
        assertThat((System.nanoTime() - start) / 1e9).as("close waited for the request").isGreaterThan(0.3);
        assertThat(Http.json(inFlight.get()).get("predictions").get(0).get("u").doubleValue())
                .isEqualTo(model.predict(Matrix.fromRows(new double[][] {{1, 2, 3}})).outputs().get(0, 0));
    }

    @Test
    void theOpenApiDescriptionParsesAndListsEveryRoute() {
        try (ModelServer server = start(ServeOptions.defaults())) {
            JsonNode api = Http.json(new Http(server.uri()).get("openapi.json"));
            assertThat(api.get("openapi").asText()).startsWith("3.");
            for (String route : ModelServer.ROUTES) {
                String[] parts = route.split(" ");
                assertThat(api.get("paths").has(parts[1])).as(route).isTrue();
                assertThat(api.get("paths").get(parts[1]).has(parts[0].toLowerCase(java.util.Locale.ROOT)))
                        .as(route).isTrue();
            }
            assertThat(api.get("paths").size()).isEqualTo(ModelServer.ROUTES.size());
            assertThat(api.at("/paths/~1v1~1models~1{name}~1predict/post/requestBody/content").has(
                    ArrowRequest.MEDIA_TYPE)).isTrue();
        }
    }

    @Test
    void aStartWhoseFileIsDamagedServesTheLastVerifiedVersionKeptInTheStateFolder() throws Exception {
        Path state = dir.resolve("state");
        Path served = dir.resolve("kept.okl");
        Model other = TestModels.regression(okl, 1e-1);
        Path otherFile = TestModels.save(other, dir.resolve("other.okl"));
        Files.copy(file, served, StandardCopyOption.REPLACE_EXISTING);
        ServeOptions options = ServeOptions.defaults().withStateDirectory(Optional.of(state));
        ModelLoader loader = ModelLoader.verified(okl);
        String otherSum;
        try (ModelServer s = ModelServer.start(Map.of("kept", served), options, loader)) {
            assertThat(state.resolve("kept.okl")).hasSameBinaryContentAs(file);
            Files.copy(otherFile, served, StandardCopyOption.REPLACE_EXISTING);
            otherSum = s.reload("kept").sha256();
            assertThat(state.resolve("kept.okl")).hasSameBinaryContentAs(otherFile);
        }
        // the file is left half-written (a crash during a copy): the kept version serves, the named path stays
        byte[] bytes = Files.readAllBytes(file);
        Files.write(served, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Matrix x = TestModels.inputs(4, 3);
        try (ModelServer s = ModelServer.start(Map.of("kept", served), options, loader)) {
            assertThat(s.model("kept").sha256()).isEqualTo(otherSum);
            assertThat(s.model("kept").file()).isEqualTo(served);
            assertThat(s.model("kept").model().predict(x).outputs().maxAbsDifference(other.predict(x).outputs()))
                    .isLessThan(1e-12);
            // the damaged file was not copied over the kept version
            assertThat(state.resolve("kept.okl")).hasSameBinaryContentAs(otherFile);
        }
        try (var leftovers = Files.list(state)) {
            assertThat(leftovers.map(p -> p.getFileName().toString())).containsExactly("kept.okl");
        }
        // without a state folder the damaged file is refused
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ModelServer.start(Map.of("kept", served),
                ServeOptions.defaults(), loader)).isInstanceOf(org.okl.api.error.OklException.class);
        // and a damaged kept version does not replace the refusal
        Files.write(state.resolve("kept.okl"), java.util.Arrays.copyOf(bytes, 100));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ModelServer.start(Map.of("kept", served), options,
                loader)).isInstanceOf(org.okl.api.error.OklException.class);
    }

    @Test
    void aMultiTaskModelTakesEachRowsTaskAndRefusesABadOne() throws Exception {
        Matrix x = TestModels.inputs(60, 21);
        Matrix y = Matrix.zeros(60, 1);
        int[] tasks = new int[60];
        for (int i = 0; i < 60; i++) {
            tasks[i] = i % 3;
            y.set(i, 0, Math.sin(x.get(i, 0)) * (1 + tasks[i]) + x.get(i, 1));
        }
        org.okl.core.PipelineSpec spec = okl.defaults().complete(org.okl.core.PipelineSpec.builder()
                .kernel(org.okl.api.component.ComponentSpec.of("gaussian", "sigma", 1.5))
                .filter(org.okl.api.component.ComponentSpec.of("tikhonov", "lambda", 1e-3)).build());
        Model multi = okl.pipeline(spec).fit(org.okl.core.TrainingData.builder(x, y).groups(tasks).build());
        assertThat(multi.multiTask()).isTrue();
        Path multiFile = TestModels.save(multi, dir.resolve("multi.okl"));
        Matrix q = TestModels.inputs(5, 22);
        int[] qt = {2, 0, 1, 1, 2};
        Matrix expected = multi.predict(q, qt).outputs();
        StringBuilder arrays = new StringBuilder("[");
        StringBuilder objects = new StringBuilder("[");
        StringBuilder csv = new StringBuilder("task,c2,c0,c1\n");
        for (int i = 0; i < q.rows(); i++) {
            arrays.append(i == 0 ? "" : ",").append("[").append(q.get(i, 0)).append(",").append(q.get(i, 1))
                    .append(",").append(q.get(i, 2)).append(",").append(qt[i]).append("]");
            objects.append(i == 0 ? "" : ",").append("{\"task\": ").append(qt[i]).append(", \"c0\": ")
                    .append(q.get(i, 0)).append(", \"c1\": ").append(q.get(i, 1)).append(", \"c2\": ")
                    .append(q.get(i, 2)).append("}");
            csv.append(qt[i]).append(',').append(q.get(i, 2)).append(',').append(q.get(i, 0)).append(',')
                    .append(q.get(i, 1)).append('\n');
        }
        try (ModelServer s = ModelServer.start(Map.of("multi", multiFile), ServeOptions.defaults(),
                ModelLoader.verified(okl))) {
            Http http = new Http(s.uri());
            for (String[] body : List.of(new String[] {"application/json", arrays + "]"},
                    new String[] {"application/json", objects + "]"}, new String[] {"text/csv", csv.toString()})) {
                HttpResponse<String> r = http.post("v1/models/multi/predict", body[0], body[1]);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(values(Http.json(r).get("predictions"), s.model("multi").outputNames())
                        .maxAbsDifference(expected)).isLessThan(1e-12);
            }
            byte[] arrow = ArrowBodies.stream(List.of(
                    ArrowBodies.field("task", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true)),
                    ArrowBodies.field("c2", ArrowBodies.FLOAT64), ArrowBodies.field("c0", ArrowBodies.FLOAT64),
                    ArrowBodies.field("c1", ArrowBodies.FLOAT64)), root -> {
                        for (int i = 0; i < q.rows(); i++) {
                            ((org.apache.arrow.vector.IntVector) root.getVector(0)).setSafe(i, qt[i]);
                            for (int k = 0; k < 3; k++) {
                                ((org.apache.arrow.vector.Float8Vector) root.getVector(k + 1)).setSafe(i,
                                        q.get(i, (k + 2) % 3));
                            }
                        }
                        root.setRowCount(q.rows());
                    });
            HttpResponse<String> fromArrow = http.post("v1/models/multi/predict", ArrowRequest.MEDIA_TYPE, arrow);
            assertThat(fromArrow.statusCode()).as(fromArrow.body()).isEqualTo(200);
            assertThat(values(Http.json(fromArrow).get("predictions"), s.model("multi").outputNames())
                    .maxAbsDifference(expected)).isLessThan(1e-12);
            assertThat(Http.json(http.get("v1/models/multi")).get("taskColumn").asText()).isEqualTo("task");
            for (String bad : List.of("[[0.1, 0.2, 0.3, 1.5]]", "[[0.1, 0.2, 0.3, -1]]", "[[0.1, 0.2, 0.3]]",
                    "[[0.1, 0.2, 0.3, 7]]")) {
                HttpResponse<String> r = http.post("v1/models/multi/predict", "application/json", bad);
                assertThat(r.statusCode()).as(bad + " -> " + r.body()).isEqualTo(400);
                assertThat(Http.json(r).get("code").asText()).as(r.body()).isEqualTo("OKL-E007");
            }
        }
    }
}
