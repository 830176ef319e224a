package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;

/** The streamed answer read back by Jackson's tree reader: the same fields, in order, and the same doubles. */
class PredictionAnswerTest {
    private static Matrix random(int rows, int cols, Random r) {
        Matrix m = Matrix.zeros(rows, cols);
        for (int k = 0; k < m.data().length; k++) {
            m.data()[k] = switch (k % 5) {
                case 0 -> r.nextGaussian();
                case 1 -> Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL) * (r.nextBoolean() ? 1 : -1);
                case 2 -> Math.round(r.nextGaussian() * 1e4) / 1e4;
                case 3 -> k % 3 == 0 ? Double.MIN_VALUE : k % 3 == 1 ? -Double.MAX_VALUE : 0.1;
                default -> r.nextInt(3);
            };
        }
        return m;
    }

    @Test
    void readsBackAsTheDecodedValuesUnderTheOutputNames() throws Exception {
        Okl okl = Okl.builder().build();
        Model model = TestModels.regression(okl, 1e-3);
        ServedModel served = ServedModel.of("m", Path.of("m.okl"), model, model.toBytes());
        Random r = new Random(3);
        Matrix outputs = random(40, 2, r);
        Matrix scores = random(40, 2, r);
        scores.set(3, 1, Double.NaN);
        Matrix candidates = random(6, 2, r);
        int[][] best = new int[40][];
        for (int i = 0; i < 40; i++) {
            best[i] = new int[] {i % 6, (i + 1) % 6, (i + 2) % 6};
        }
        Decoded decoded = new Decoded(outputs, Optional.of(scores), Optional.of(new Ranking(best, candidates)));
        JsonNode answer = new ObjectMapper().readTree(PredictionAnswer.bytes(served, decoded, true, 2));

        assertThat(answer.fieldNames()).toIterable().containsExactly("model", "checksum", "outputs", "predictions",
                "scores", "top");
        assertThat(answer.get("model").asText()).isEqualTo("m");
        assertThat(answer.get("checksum").asText()).isEqualTo(served.sha256());
        assertThat(answer.get("outputs").toString()).isEqualTo("[\"u\",\"v\"]");
        List<String> names = TestModels.OUTPUTS;
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 2; j++) {
                assertThat(answer.get("predictions").get(i).get(names.get(j)).doubleValue())
                        .isEqualTo(outputs.get(i, j));
                if (i != 3 || j != 1) {
                    assertThat(answer.get("scores").get(i).get(names.get(j)).doubleValue()).isEqualTo(scores.get(i, j));
                }
            }
            JsonNode top = answer.get("top").get(i);
            assertThat(top).hasSize(2);
            for (int k = 0; k < 2; k++) {
                assertThat(top.get(k).get("candidate").asInt()).isEqualTo(best[i][k]);
                assertThat(top.get(k).get("output").get("v").doubleValue()).isEqualTo(candidates.get(best[i][k], 1));
            }
        }
        assertThat(answer.get("scores").get(3).get("v").asText()).isEqualTo("NaN");

        JsonNode plain = new ObjectMapper().readTree(PredictionAnswer.bytes(served, decoded, false, 0));
        assertThat(plain.fieldNames()).toIterable().containsExactly("model", "checksum", "outputs", "predictions");
    }
}
