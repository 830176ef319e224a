package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which output matrices let {@code okl fit} stream a file, through the real process: a fixed A of a given size (a
 * graph of two outputs) streams, since it needs no target; an A estimated from the targets (covariance) reads the
 * file whole first, and says so in the route line.
 */
class OutputMatrixRouteIT {

    @TempDir
    Path dir;

    private OklProcess.Result fit(String matrix, String name) throws Exception {
        Path pipeline = Files.writeString(dir.resolve(name + ".json"), """
                {"kernel": {"name": "gaussian", "sigma": 1.0},
                 "operator": {"name": "separable", "matrix": %s},
                 "filter": {"name": "tikhonov", "lambda": 1e-3},
                 "approximation": {"name": "nystrom", "rank": 40}}
                """.formatted(matrix));
        Path train = LargeDataIT.csv(dir.resolve("train.csv"), LargeDataIT.rows(1_500, 3), -1);
        return OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data", train.toString(),
                "--inputs", "0:4", "--outputs", "4:6", "--model", dir.resolve(name + ".okl").toString());
    }

    @Test
    void aFixedMatrixOfTwoOutputsStreamsAndAnEstimatedOneIsReadWhole() throws Exception {
        OklProcess.Result graph = fit("{\"name\": \"graph\", \"weights\": [0, 1, 1, 0]}", "graph");
        assertThat(graph.exitCode()).as(graph.stderr()).isZero();
        assertThat(graph.stdout()).contains("fitted on 1500 samples streamed from");

        OklProcess.Result covariance = fit("{\"name\": \"covariance\"}", "covariance");
        assertThat(covariance.exitCode()).as(covariance.stderr()).isZero();
        assertThat(covariance.stdout()).contains("fitted on 1500 samples").doesNotContain("streamed from");
    }
}
