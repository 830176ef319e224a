package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;

/**
 * Input and target transforms and the automatic pipeline through the real {@code okl} process: a CSV with a nominal
 * column coded by numbers and far-apart scales, fitted with a pipeline naming transforms and with no pipeline at all;
 * {@code okl predict} applies the stored transforms (by column name, in any order); the model file holds them.
 */
class TransformsIT {
    @TempDir
    static Path dir;
    static Path train;
    static Path test;

    @BeforeAll
    static void files() throws Exception {
        StringBuilder a = new StringBuilder("size,region,weight,y1,y2\n");
        StringBuilder b = new StringBuilder("weight,size,region\n");
        for (int i = 0; i < 60; i++) {
            double size = (i * 37 % 60) / 60.0;
            int region = i % 3;
            double weight = 1000 + 100 * Math.sin(i);
            double y1 = Math.sin(4 * size) + region;
            double y2 = 500 + 50 * size - 0.1 * (weight - 1000);
            a.append(size).append(',').append(region).append(',').append(weight).append(',').append(y1).append(',')
                    .append(y2).append('\n');
            if (i < 5) {
                b.append(weight).append(',').append(size).append(',').append(region).append('\n');
            }
        }
        train = dir.resolve("train.csv");
        test = dir.resolve("test.csv");
        Files.writeString(train, a);
        Files.writeString(test, b);
    }

    @Test
    void aPipelineWithTransformsFitsPredictsAndKeepsThemInTheModelFile() throws Exception {
        Path pipeline = dir.resolve("p.json");
        Files.writeString(pipeline, """
                {"inputs": [{"name": "one-hot", "columns": "region"}, {"name": "standardize"}],
                 "targets": [{"name": "standardize"}],
                 "kernel": {"name": "gaussian", "bandwidth": "median"},
                 "filter": {"name": "tikhonov", "lambda": [1e-1, 1e-2, 1e-3, 1e-4]},
                 "selection": {"method": "kfold", "folds": 3, "metric": "arrmse",
                               "grid": {"kernel.factor": [0.5, 1, 2]}}}
                """);
        Path model = dir.resolve("m.okl");
        OklProcess.Result fit = OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data",
                train.toString(), "--outputs", "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("search: 12 candidates, 3 splits, 9 eigendecompositions");
        Path out = dir.resolve("pred.csv");
        OklProcess.Result predict = OklProcess.run(dir, Map.of(), "predict", "--model", model.toString(), "--data",
                test.toString(), "--out", out.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).hasSize(6);
        Model loaded = Model.load(model);
        Matrix x = Matrix.zeros(5, 3);
        List<String> trainLines = Files.readAllLines(train);
        for (int i = 0; i < 5; i++) {
            String[] f = trainLines.get(i + 1).split(",");
            for (int j = 0; j < 3; j++) {
                x.set(i, j, Double.parseDouble(f[j]));
            }
        }
        Matrix expected = loaded.predict(x).outputs();
        for (int i = 0; i < 5; i++) {
            String[] f = lines.get(i + 1).split(",");
            for (int j = 0; j < 2; j++) {
                assertThat(Double.parseDouble(f[j])).isCloseTo(expected.get(i, j),
                        org.assertj.core.api.Assertions.within(1e-9 * (1 + Math.abs(expected.get(i, j)))));
            }
        }
        assertThat(expected.get(0, 1)).as("targets put back on their scale").isBetween(400.0, 600.0);
        try (ZipFile zip = new ZipFile(model.toFile())) {
            assertThat(zip.getEntry("transforms/inputs/0/levels.f64")).isNotNull();
            assertThat(zip.getEntry("transforms/targets/0/shift.f64")).isNotNull();
        }
    }

    @Test
    void withoutAPipelineOklChoosesOneAndSaysWhy() throws Exception {
        Path model = dir.resolve("auto.okl");
        OklProcess.Result fit = OklProcess.run(dir, Map.of(), "fit", "--data", train.toString(), "--outputs",
                "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("auto: task regression: 2 real-valued output columns; preset "
                        + "auto-regression")
                .contains("auto: inputs one-hot + drop-constant + standardize, targets standardize")
                .contains("auto: 60 rows <= 5,000: exact fit").contains("search: ").contains("model written to");
        Model loaded = Model.load(model);
        assertThat(loaded.provenance().auto().task()).isEqualTo("regression");
        // the grid's 2 kernels x 7 widths x 5 omegas, then the learned candidate's one per split of the 5 folds
        assertThat(loaded.provenance().search().decompositions()).isEqualTo(2 * 7 * 5 + 5);
        OklProcess.Result evaluate = OklProcess.run(dir, Map.of(), "evaluate", "--data", "linnerud", "--cv", "2",
                "--metrics", "arrmse");
        assertThat(evaluate.exitCode()).as(evaluate.stderr()).isZero();
        assertThat(evaluate.stdout()).contains("auto: chosen on all 20 rows; every fold chooses again")
                .contains("arrmse");
    }
}
