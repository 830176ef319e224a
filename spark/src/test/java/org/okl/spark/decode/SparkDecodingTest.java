package org.okl.spark.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.TrainingData;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;

class SparkDecodingTest {
    private static final Okl OKL = Okl.builder().build();

    /**
     * IOKR (an output kernel: implicit embedding, candidate side prepared per block) and vector outputs (explicit
     * embedding): the Spark top-k over a candidate data set of uneven partitions equals the one-machine candidates
     * decoder reading the same candidates from a file, index for index.
     */
    @ParameterizedTest
    @ValueSource(strings = {"{\"preset\": \"iokr\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}",
            "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}, \"filter\": {\"name\": \"tikhonov\", "
                    + "\"lambda\": 0.01}"})
    void topKEqualsTheOneMachineDecoder(String pipeline, @TempDir Path dir) throws Exception {
        SyntheticData train = SyntheticData.draw(150, 4, 3, 1);
        Matrix tests = SyntheticData.draw(40, 4, 3, 2).x();
        Matrix candidates = SyntheticData.draw(2500, 4, 3, 3).y();
        Path file = new SyntheticData(candidates, Matrix.zeros(2500, 0)).writeCsv(dir.resolve("candidates.csv"),
                "c0,c1,c2");
        int k = 4;
        String spec = pipeline + ", \"decoder\": {\"name\": \"candidates\", \"file\": \"" + file + "\", \"rank\": " + k
                + "}}";
        Model model = OKL.pipeline(PipelineFiles.parse(spec, "test", OKL.registry()))
                .fit(TrainingData.of(train.x(), train.y()));
        Decoded local = model.predict(tests);

        Dataset<Row> data = new SyntheticData(candidates, Matrix.zeros(2500, 0)).dataset(LocalSpark.session(), 5);
        CandidateRanking ranking = SparkDecoding.decode(model, tests, data,
                ColumnLayout.of(data.schema(), List.of("features"), "candidates"), k, 200_000);
        assertThat(ranking.searched()).isEqualTo(2500);
        int[][] expected = local.ranking().orElseThrow().indices();
        for (int i = 0; i < tests.rows(); i++) {
            long[] got = ranking.indices()[i];
            assertThat(got).hasSize(k);
            for (int r = 0; r < k; r++) {
                assertThat(got[r]).as("test %d rank %d", i, r).isEqualTo(expected[i][r]);
            }
            assertThat(ranking.distances()[i]).isSorted();
        }
        assertThat(ranking.best().maxAbsDifference(local.outputs())).isZero();
        Dataset<Row> frame = ranking.toDataFrame(LocalSpark.session());
        assertThat(frame.count()).isEqualTo(40L * k);
    }

    @Test
    void tiesGoToTheCandidateThatComesFirstAcrossPartitions() {
        SyntheticData train = SyntheticData.draw(60, 2, 2, 4);
        Model model = OKL.pipeline(PipelineFiles.parse("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.1}}", "test", OKL.registry()))
                .fit(TrainingData.of(train.x(), train.y()));
        Matrix one = SyntheticData.draw(1, 2, 2, 5).y();
        Matrix candidates = Matrix.zeros(300, 2);
        for (int i = 0; i < 300; i++) {
            candidates.set(i, 0, i % 100 == 7 ? one.get(0, 0) : 5 + i);
            candidates.set(i, 1, i % 100 == 7 ? one.get(0, 1) : 5 + i);
        }
        Dataset<Row> data = new SyntheticData(candidates, Matrix.zeros(300, 0)).dataset(LocalSpark.session(), 3);
        CandidateRanking r = SparkDecoding.decode(model, train.x().rowRange(0, 3), data,
                ColumnLayout.of(data.schema(), List.of("features"), "candidates"), 3, 1 << 20);
        for (long[] row : r.indices()) {
            assertThat(row).containsExactly(7, 107, 207);
        }
    }

    @Test
    void wrongWidthsAndTooLargeKAreUserErrors() {
        SyntheticData train = SyntheticData.draw(60, 2, 2, 6);
        Model model = OKL.pipeline(PipelineFiles.parse("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.1}}", "test", OKL.registry()))
                .fit(TrainingData.of(train.x(), train.y()));
        Dataset<Row> wide = new SyntheticData(Matrix.zeros(10, 3), Matrix.zeros(10, 0)).dataset(LocalSpark.session(),
                2);
        assertThatThrownBy(() -> SparkDecoding.decode(model, train.x(), wide,
                ColumnLayout.of(wide.schema(), List.of("features"), "candidates"), 1, 1 << 20))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("candidate columns [features] give 3 values but the model's outputs have 2");
        Dataset<Row> few = new SyntheticData(Matrix.zeros(3, 2), Matrix.zeros(3, 0)).dataset(LocalSpark.session(), 2);
        assertThatThrownBy(() -> SparkDecoding.decode(model, train.x(), few,
                ColumnLayout.of(few.schema(), List.of("features"), "candidates"), 5, 1 << 20))
                .isInstanceOf(OklException.class).hasMessageContaining("k = 5 candidates but the candidate set has 3");
    }
}
