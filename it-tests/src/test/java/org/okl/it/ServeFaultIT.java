package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * The fault of issue 35: {@code kill -9} of the real {@code okl serve} process during a reload of a large model, the
 * served file then found damaged (the copy of a new version interrupted by the same crash), and a restart: with
 * {@code --state-dir} it serves the last verified version and says so; without, it refuses to start.
 */
class ServeFaultIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path dir;

    private static Matrix inputs(int rows, int p, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(rows, p);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < p; j++) {
                x.set(i, j, r.nextGaussian());
            }
        }
        return x;
    }

    /** An exact Gaussian model on {@code rows} rows of p inputs (its file holds the rows: large for many). */
    private static Model fit(Okl okl, int rows, int p, double lambda) {
        Matrix x = inputs(rows, p, rows);
        Matrix y = Matrix.zeros(rows, 2);
        for (int i = 0; i < rows; i++) {
            y.set(i, 0, Math.sin(x.get(i, 0)) + x.get(i, 1));
            y.set(i, 1, x.get(i, 1) * x.get(i, 0));
        }
        PipelineSpec spec = okl.defaults().complete(PipelineSpec.builder()
                .kernel(ComponentSpec.of("gaussian", "sigma", Math.sqrt(p)))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambda)).build());
        return okl.pipeline(spec).fit(TrainingData.of(x, y));
    }

    private static HttpResponse<String> post(URI uri, String path, String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(uri.resolve(path)).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String rows(Matrix x) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < x.rows(); i++) {
            b.append(i == 0 ? "[" : ",[");
            for (int j = 0; j < x.cols(); j++) {
                b.append(j == 0 ? "" : ",").append(x.get(i, j));
            }
            b.append(']');
        }
        return b.append(']').toString();
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroyForcibly();
        p.waitFor(60, TimeUnit.SECONDS);
    }

    @Test
    void aKillDuringAReloadThenADamagedFileRestartsOnTheLastVerifiedModel() throws Exception {
        Okl okl = Okl.builder().build();
        int p = 60;
        Model small = fit(okl, 200, p, 1e-3);
        Model large = fit(okl, 2500, p, 1e-2);
        Path smallFile = dir.resolve("small.okl");
        Path largeFile = dir.resolve("large.okl");
        small.save(smallFile);
        large.save(largeFile);
        Map<String, Model> bySum = Map.of(sha256(smallFile), small, sha256(largeFile), large);
        Path served = dir.resolve("m.okl");
        Path state = dir.resolve("state");
        Files.copy(smallFile, served);

        ServeIT.Server first = ServeIT.start(dir, served, "--state-dir", state.toString());
        assertThat(first.uri()).as("the URL line; stderr: %s", first.log()).isNotNull();
        long reloadNanos;
        try {
            // a reload of the large model, timed
            Files.copy(largeFile, served, StandardCopyOption.REPLACE_EXISTING);
            long t0 = System.nanoTime();
            HttpResponse<String> reloaded = post(first.uri(), "v1/models/m/reload", "");
            reloadNanos = System.nanoTime() - t0;
            assertThat(reloaded.statusCode()).as(reloaded.body()).isEqualTo(200);
            // another reload, killed -9 a quarter of the way through
            Files.copy(smallFile, served, StandardCopyOption.REPLACE_EXISTING);
            Files.copy(largeFile, served, StandardCopyOption.REPLACE_EXISTING);
            CompletableFuture<HttpResponse<String>> pending = CLIENT.sendAsync(HttpRequest.newBuilder(
                    first.uri().resolve("v1/models/m/reload")).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            TimeUnit.NANOSECONDS.sleep(reloadNanos / 4);
            first.process().destroyForcibly();
            assertThat(first.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            pending.handle((r, e) -> null).get(60, TimeUnit.SECONDS);
        } finally {
            stop(first.process());
        }
        // the crash also interrupted the copy of a new version over the served file
        byte[] bytes = Files.readAllBytes(smallFile);
        Files.write(served, Arrays.copyOf(bytes, bytes.length / 2));

        ServeIT.Server second = ServeIT.start(dir, served, "--state-dir", state.toString());
        try {
            assertThat(second.uri()).as("the URL line; stderr: %s", second.log()).isNotNull();
            Matrix x = inputs(6, p, 99);
            HttpResponse<String> answer = post(second.uri(), "v1/models/m/predict", rows(x));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            JsonNode json = JSON.readTree(answer.body());
            Model kept = bySum.get(json.get("checksum").asText());
            assertThat(kept).as("the served checksum is one of the verified versions").isNotNull();
            Matrix expected = kept.predict(x).outputs();
            for (int i = 0; i < x.rows(); i++) {
                for (int j = 0; j < 2; j++) {
                    assertThat(json.get("predictions").get(i).get("y" + j).doubleValue())
                            .isCloseTo(expected.get(i, j), org.assertj.core.data.Offset.offset(1e-12));
                }
            }
            assertThat(second.log()).contains("serving the last verified version of m kept in");
            assertThat(second.log().lines().filter(l -> l.contains("last verified version"))).hasSize(1);
        } finally {
            stop(second.process());
        }
        // without the state folder the damaged file is refused: the server does not start
        ServeIT.Server third = ServeIT.start(dir, served);
        try {
            assertThat(third.uri()).isNull();
            assertThat(third.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(third.process().exitValue()).isNotZero();
            assertThat(third.log()).contains("m.okl");
        } finally {
            stop(third.process());
        }
    }
}
