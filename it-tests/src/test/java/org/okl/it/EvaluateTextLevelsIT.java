package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code okl evaluate --train A --test B} through the real {@code okl} process codes B's text column by A's levels:
 * a test file declaring its levels in another order scores exactly as the same rows declared in the training file's
 * order, in memory and streamed (a kernel sketch); a level A never had is one line naming the file, row, column and
 * level, with a non-zero exit and no metrics.
 */
class EvaluateTextLevelsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> COLOURS = List.of("red", "green", "blue");
    private static final String EXACT = "{\"inputs\": [{\"name\": \"one-hot\", \"columns\": \"colour\"}], "
            + "\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5}, \"filter\": {\"name\": \"tikhonov\", "
            + "\"lambda\": [1e-3, 1e-2]}, \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\"}}";
    private static final String STREAMED = EXACT.replace("\"selection\"",
            "\"approximation\": {\"name\": \"nystrom\", \"rank\": 12}, \"selection\"");

    @TempDir
    Path dir;

    /** Rows x, colour, y (y moved by the colour) from {@code first}, the colour attribute declaring {@code levels}. */
    private Path arff(String name, List<String> levels, int first, int rows, String extra) throws Exception {
        StringBuilder s = new StringBuilder("@relation colours\n@attribute x numeric\n@attribute colour {")
                .append(String.join(",", levels)).append(extra).append("}\n@attribute y numeric\n@data\n");
        for (int i = first; i < first + rows; i++) {
            double x = (i * 7 % 30) / 10.0;
            int c = i % 3;
            s.append(x).append(',').append(COLOURS.get(c)).append(',').append(Math.sin(x) + 2 * c).append('\n');
        }
        return Files.writeString(dir.resolve(name), s.toString());
    }

    private OklProcess.Result evaluate(Path pipeline, Path train, Path test) throws Exception {
        return OklProcess.run(dir, Map.of(), "evaluate", "--pipeline", pipeline.toString(), "--train",
                train.toString(), "--test", test.toString(), "--inputs", "x,colour", "--outputs", "y", "--metrics",
                "mse", "--json");
    }

    private double mse(Path pipeline, Path train, Path test, boolean streamed) throws Exception {
        OklProcess.Result r = evaluate(pipeline, train, test);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(root.path("protocol").asText().endsWith("(streamed)")).as(r.stdout()).isEqualTo(streamed);
        return root.path("metrics").path("mse").asDouble();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTestFileDeclaringItsLevelsInAnotherOrderScoresAsInTheTrainingOrder(boolean streamed) throws Exception {
        Path pipeline = Files.writeString(dir.resolve("p.json"), streamed ? STREAMED : EXACT);
        Path train = arff("train.arff", COLOURS, 0, 60, "");
        double expected = mse(pipeline, train, arff("same-order.arff", COLOURS, 60, 15, ""), streamed);
        double got = mse(pipeline, train, arff("other-order.arff", List.of("blue", "red", "green"), 60, 15, ""),
                streamed);
        assertThat(got).isCloseTo(expected, Offset.offset(1e-12));
        assertThat(expected).isLessThan(0.5);
        Path unseen = arff("unseen.arff", List.of("blue", "red", "green"), 60, 15, ",purple");
        String text = Files.readString(unseen);
        assertThat(text).contains("@data\n0.0,red,").contains("\n0.7,green,");
        Files.writeString(unseen, text.replace("\n0.7,green,", "\n0.7,purple,"));
        OklProcess.Result r = evaluate(pipeline, train, unseen);
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.stdout()).doesNotContain("metrics");
        assertThat(r.stderr().strip().lines().toList()).hasSize(1);
        assertThat(r.stderr()).contains("unseen.arff").contains("row 2, column 'colour'")
                .contains("level 'purple' was not seen");
    }
}
