package org.okl.spark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;

/** The process okl bench's spark_fit times, run here on the tests' session: its report and its model. */
class SparkFitMainTest {

    @Test
    void reportsWhereTheTimeWentAndWritesTheOneMachineModel(@TempDir Path dir) throws Exception {
        SyntheticData d = SyntheticData.draw(3000, 3, 2, 41);
        Path csv = d.writeCsv(dir.resolve("train.csv"), "a,b,c,y0,y1");
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}, \"approximation\": {\"name\": "
                + "\"nystrom\", \"rank\": 40}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}, "
                + "\"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 2}}";
        Path p = Files.writeString(dir.resolve("p.json"), pipeline);
        Path model = dir.resolve("m.okl");
        LocalSpark.session();
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            SparkFitMain.main(new String[] {p.toString(), csv.toString(), "3", "2", model.toString()});
        } finally {
            System.setOut(out);
        }
        JsonNode report = new ObjectMapper().readTree(captured.toString(StandardCharsets.UTF_8).strip().lines()
                .reduce((a, b) -> b).orElseThrow());
        assertThat(report.path("rows").asLong()).isEqualTo(3000);
        assertThat(report.path("solver").asText()).isEqualTo("low-rank-eigen");
        assertThat(report.path("partial_bytes").asLong()).as("the lower triangles of 3 groups' sums")
                .isEqualTo(8L * 3 * (40 * 41 / 2 + 40 * 2 + 2 * 2 + 2));
        assertThat(report.path("jobs").path("per-fold sums").path("tasks").asLong()).isPositive();
        assertThat(report.path("result_bytes").asLong()).isPositive();

        Okl okl = Okl.builder().build();
        Model local = okl.pipeline(PipelineFiles.parse(pipeline, "test", okl.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        Model spark = Model.load(model, okl);
        Matrix expected = local.predict(d.x()).outputs();
        assertThat(spark.predict(d.x()).outputs().maxAbsDifference(expected) / expected.frobeniusNorm())
                .isLessThan(1e-9);
    }
}
