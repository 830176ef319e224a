package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;

/** Predict requests with Arrow IPC stream bodies, through the real HTTP server. */
class ArrowServeTest {
    private static final String ARROW = ArrowRequest.MEDIA_TYPE;
    private static final List<String> ABC = TestModels.INPUTS;
    private static final int[] IN_ORDER = {0, 1, 2};

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

    private static String json(Matrix x) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            rows.add(Arrays.toString(x.row(i)));
        }
        return "[" + String.join(",", rows) + "]";
    }

    /** The predictions of an answer, which must be a 200. */
    private static String predictions(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return Http.json(r).get("predictions").toString();
    }

    @Test
    void anArrowBodyIsAnsweredAsTheSameRowsSentAsJsonBitForBit() {
        Matrix x = TestModels.inputs(9, 31);
        try (ModelServer server = start(ServeOptions.defaults())) {
            Http http = new Http(server.uri());
            String expected = predictions(http.post("v1/models/m/predict", "application/json", json(x)));
            // one batch; columns in another order; several batches; the media type with a parameter
            assertThat(predictions(http.post("v1/models/m/predict", ARROW, ArrowBodies.doubles(x, ABC, IN_ORDER, 9))))
                    .isEqualTo(expected);
            assertThat(predictions(http.post("v1/models/m/predict", ARROW,
                    ArrowBodies.doubles(x, ABC, new int[] {2, 1, 0}, 2, 3, 0, 4)))).isEqualTo(expected);
            assertThat(predictions(http.post("v1/models/m/predict", ARROW + "; charset=binary",
                    ArrowBodies.doubles(x, ABC, IN_ORDER, 9)))).isEqualTo(expected);
            HttpResponse<String> scored = http.post("v1/models/m/predict?scores=true", ARROW,
                    ArrowBodies.doubles(x, ABC, IN_ORDER, 9));
            assertThat(Http.json(scored).get("checksum").asText()).isEqualTo(server.model("m").sha256());
            String metrics = http.get("metrics").body();
            assertThat(Http.metric(metrics, "okl_serve_rows_total{model=\"m\"}")).isEqualTo(45);
        }
    }

    @Test
    void float32AndIntegerColumnsArePredictedAsTheirValuesSentAsJson() {
        float[] a = {0.5f, -1.25f, 1.1f};
        int[] b = {1, -2, 0};
        double[] c = {0.3, 1.7, -0.9};
        Matrix x = Matrix.zeros(3, 3);
        for (int i = 0; i < 3; i++) {
            x.set(i, 0, a[i]);
            x.set(i, 1, b[i]);
            x.set(i, 2, c[i]);
        }
        byte[] body = ArrowBodies.stream(List.of(
                ArrowBodies.field("b", new ArrowType.Int(32, true)),
                ArrowBodies.field("a", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                ArrowBodies.field("c", ArrowBodies.FLOAT64)), root -> {
                    for (int i = 0; i < 3; i++) {
                        ((IntVector) root.getVector(0)).setSafe(i, b[i]);
                        ((Float4Vector) root.getVector(1)).setSafe(i, a[i]);
                        ((Float8Vector) root.getVector(2)).setSafe(i, c[i]);
                    }
                    root.setRowCount(3);
                });
        try (ModelServer server = start(ServeOptions.defaults())) {
            Http http = new Http(server.uri());
            assertThat(predictions(http.post("v1/models/m/predict", ARROW, body)))
                    .isEqualTo(predictions(http.post("v1/models/m/predict", "application/json", json(x))));
        }
    }

    @Test
    void everyBadArrowBodyIsA400WithItsCodeAndMessageAndNoStackTrace() {
        Matrix x = TestModels.inputs(4, 33);
        byte[] good = ArrowBodies.doubles(x, ABC, IN_ORDER, 4);
        Matrix nan = x.copy();
        nan.set(2, 1, Double.NaN);
        Matrix infinite = x.copy();
        infinite.set(0, 0, Double.POSITIVE_INFINITY);
        byte[] nulls = ArrowBodies.stream(List.of(ArrowBodies.field("a", ArrowBodies.FLOAT64),
                ArrowBodies.field("b", ArrowBodies.FLOAT64), ArrowBodies.field("c", ArrowBodies.FLOAT64)), root -> {
                    for (int k = 0; k < 3; k++) {
                        ((Float8Vector) root.getVector(k)).setSafe(0, 1);
                    }
                    ((Float8Vector) root.getVector(2)).setNull(1);
                    ((Float8Vector) root.getVector(0)).setSafe(1, 1);
                    ((Float8Vector) root.getVector(1)).setSafe(1, 1);
                    root.setRowCount(2);
                });
        List<Field> textB = List.of(ArrowBodies.field("a", ArrowBodies.FLOAT64),
                ArrowBodies.field("b", new ArrowType.Utf8()), ArrowBodies.field("c", ArrowBodies.FLOAT64));
        Object[][] cases = {
            {nulls, "row 2, column 'c': a null where a number is expected"},
            {ArrowBodies.doubles(nan, ABC, IN_ORDER, 4), "NaN"},
            {ArrowBodies.doubles(infinite, ABC, IN_ORDER, 4), "Infinity"},
            {ArrowBodies.doubles(x, ABC, new int[] {0, 2}, 4), "the Arrow stream has no column 'b'"},
            {ArrowBodies.doubles(x, List.of("a", "b", "z"), IN_ORDER, 4), "'z', which the model was not fitted on"},
            {ArrowBodies.stream(textB, root -> root.setRowCount(0)), "column 'b' holds Utf8 values, not numbers"},
            {Arrays.copyOf(good, good.length / 2), "cannot be read"},
            {"not arrow at all".getBytes(java.nio.charset.StandardCharsets.UTF_8), "not a readable Arrow IPC stream"},
            {new byte[0], "not a readable Arrow IPC stream"},
            {ArrowBodies.doubles(x, ABC, IN_ORDER), "no rows to predict"},
            {ArrowBodies.doubles(TestModels.inputs(6, 1), ABC, IN_ORDER, 3, 3), "6 rows in one request"},
        };
        try (ModelServer server = start(ServeOptions.defaults().withLimits(1 << 20, 5, Duration.ofSeconds(30),
                Duration.ofSeconds(5)))) {
            Http http = new Http(server.uri());
            for (Object[] c : cases) {
                HttpResponse<String> r = http.post("v1/models/m/predict", ARROW, (byte[]) c[0]);
                assertThat(r.statusCode()).as(c[1] + " -> " + r.body()).isEqualTo(400);
                JsonNode body = Http.json(r);
                assertThat(body.get("code").asText()).as(r.body()).isEqualTo("OKL-E007");
                assertThat(body.get("message").asText()).as(r.body()).contains((String) c[1]);
                assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("[OKL-");
            }
            // the server goes on answering
            assertThat(http.post("v1/models/m/predict", ARROW, good).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anArrowBodyOverTheSizeLimitIs413() {
        byte[] big = ArrowBodies.doubles(TestModels.inputs(200, 35), ABC, IN_ORDER, 200);
        assertThat(big.length).isGreaterThan(4000);
        try (ModelServer server = start(ServeOptions.defaults().withLimits(4000, 10_000, Duration.ofSeconds(30),
                Duration.ofSeconds(5)))) {
            Http http = new Http(server.uri());
            HttpResponse<String> r = http.post("v1/models/m/predict", ARROW, big);
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(Http.json(r).get("code").asText()).isEqualTo("OKL-E009");
            assertThat(http.post("v1/models/m/predict", ARROW, ArrowBodies.doubles(TestModels.inputs(20, 35), ABC,
                    IN_ORDER, 20)).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anUnknownMediaTypeNamesTheArrowOne() {
        try (ModelServer server = start(ServeOptions.defaults())) {
            HttpResponse<String> r = new Http(server.uri()).post("v1/models/m/predict", "application/x-parquet",
                    new byte[] {1, 2});
            assertThat(r.statusCode()).isEqualTo(415);
            assertThat(Http.json(r).get("message").asText()).contains("application/vnd.apache.arrow.stream");
        }
    }
}
