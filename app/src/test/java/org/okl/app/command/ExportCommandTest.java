package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.app.Main;

/** {@code okl export}: a fitted model file becomes an ONNX file; a stage without an ONNX form leaves none. */
class ExportCommandTest {
    @TempDir
    Path dir;

    private Path data() throws Exception {
        StringBuilder csv = new StringBuilder("a,b,c,y1,y2\n");
        Random r = new Random(5);
        for (int i = 0; i < 40; i++) {
            double a = r.nextGaussian();
            double b = r.nextGaussian();
            double c = r.nextGaussian();
            csv.append(a).append(',').append(b).append(',').append(c).append(',').append(Math.sin(a) + b)
                    .append(',').append(a * c > 0 ? 1 : 0).append('\n');
        }
        return Files.writeString(dir.resolve("train.csv"), csv);
    }

    private Path fit(String pipeline) throws Exception {
        Path p = Files.writeString(dir.resolve("p.json"), pipeline);
        Path model = dir.resolve("m.okl");
        assertThat(Main.run("fit", "--pipeline", p.toString(), "--data", data().toString(), "--outputs", "y1,y2",
                "--model", model.toString())).isZero();
        return model;
    }

    @Test
    void exportsAModelInFloat64AndFloat32() throws Exception {
        Path model = fit("{\"preset\": \"vv-rls\"}");
        Path onnx = dir.resolve("m.onnx");
        assertThat(Main.run("export", "--model", model.toString(), "--onnx", onnx.toString())).isZero();
        byte[] bytes = Files.readAllBytes(onnx);
        assertThat(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("okl.pipeline", "okl.input.columns", "[\"a\",\"b\",\"c\"]", "[\"y1\",\"y2\"]");
        Path small = dir.resolve("m32.onnx");
        assertThat(Main.run("export", "--model", model.toString(), "--onnx", small.toString(), "--float32"))
                .isZero();
        assertThat(Files.size(small)).isLessThan(bytes.length);
    }

    @Test
    void aStageWithoutAnOnnxFormIsRefusedAndLeavesNoFile() throws Exception {
        Path model = fit("{\"kernel\": {\"name\": \"normalized\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": 2}},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.01}}");
        Path onnx = dir.resolve("m.onnx");
        assertThat(Main.run("export", "--model", model.toString(), "--onnx", onnx.toString())).isEqualTo(2);
        assertThat(onnx).doesNotExist();
    }

    @Test
    void float32PrintsItsMeasuredErrorOnTheGivenRows() throws Exception {
        Path model = fit("{\"inputs\": [{\"name\": \"standardize\"}], \"kernel\": {\"name\": \"gaussian\","
                + " \"sigma\": 2}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.01}}");
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream before = System.out;
        System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertThat(Main.run("export", "--model", model.toString(), "--onnx", dir.resolve("a.onnx").toString(),
                    "--float32", "--data", dir.resolve("train.csv").toString())).isZero();
            assertThat(Main.run("export", "--model", model.toString(), "--onnx", dir.resolve("b.onnx").toString(),
                    "--float32")).isZero();
        } finally {
            System.setOut(before);
        }
        String text = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("float32: largest error ([0-9.e+-]+) relative "
                + "to the predictions' scale \\(their largest magnitude, at least 1\\), on (\\d+) rows \\(([^)]*)\\)")
                .matcher(text);
        assertThat(m.find()).as(text).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isGreaterThan(0).isLessThan(1e-4);
        assertThat(m.group(2)).isEqualTo("40");
        assertThat(m.group(3)).isEqualTo("given rows");
        assertThat(m.find()).as(text).isTrue();
        assertThat(m.group(3)).isEqualTo("the model's stored rows");
    }
}
