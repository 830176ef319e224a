package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code okl fit} stopped with SIGTERM (as {@code kill}, a CI timeout or a cluster scheduler stop it) while it writes
 * the model leaves neither the model nor its temporary file {@code .m.okl.*.tmp} behind (once: a 0-byte temporary
 * file stayed beside the model's name).
 */
class StoppedWriteIT {
    /** Rows x columns of the data: the model keeps the inputs as its kernel expansion's centres, about 48 MB. */
    private static final int ROWS = 300;
    private static final int INPUTS = 20_000;

    @TempDir
    Path dir;

    @Test
    void sigtermWhileTheModelIsWrittenLeavesNoFile() throws Exception {
        Path data = wideCsv(dir.resolve("wide.csv"));
        Path pipeline = Files.writeString(dir.resolve("p.json"), "{\"kernel\": {\"name\": \"linear\"}, \"filter\": "
                + "{\"name\": \"tikhonov\", \"lambda\": 1e-2}}");
        boolean caught = false;
        for (int attempt = 0; attempt < 3 && !caught; attempt++) {
            Process p = start("fit", "--pipeline", pipeline.toString(), "--data", data.toString(), "--outputs",
                    "-2:", "--model", "m.okl");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (p.isAlive() && System.nanoTime() < deadline && temporaryFiles().isEmpty()) {
                Thread.sleep(2);
            }
            if (!temporaryFiles().isEmpty()) {
                p.destroy(); // SIGTERM
                caught = true;
            }
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("okl stopped").isTrue();
            if (caught && Files.exists(dir.resolve("m.okl"))) {
                caught = false; // the write finished before the signal arrived: try again
                Files.delete(dir.resolve("m.okl"));
            }
        }
        assertThat(caught).as("the signal arrived while the model was written").isTrue();
        assertThat(temporaryFiles()).as("temporary files left by the stopped write").isEmpty();
        assertThat(dir.resolve("m.okl")).doesNotExist();
    }

    private List<Path> temporaryFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("\\.m\\.okl\\..*\\.tmp")).toList();
        }
    }

    private Process start(String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-jar", OklProcess.artifact("okl.app.jar").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("OKL_PLUGINS");
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        return pb.start();
    }

    private static Path wideCsv(Path file) throws IOException {
        Random random = new Random(3);
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int i = 0; i < ROWS; i++) {
                StringBuilder row = new StringBuilder();
                for (int j = 0; j < INPUTS + 2; j++) {
                    row.append(j == 0 ? "" : ",").append(Math.round(random.nextGaussian() * 1000) / 1000.0);
                }
                w.write(row.append('\n').toString());
            }
        }
        return file;
    }
}
