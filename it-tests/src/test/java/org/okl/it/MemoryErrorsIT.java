package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of memory is a user error through the real {@code okl} process: too large an allocation is refused
 * before it is tried, with what, its size, the heap and what to change; memory that runs out anyway is one line naming
 * what was being built. Never a stack trace, never an output file.
 */
class MemoryErrorsIT {
    @TempDir
    static Path dir;
    static Path rows60k;

    @BeforeAll
    static void files() throws IOException {
        rows60k = csv(dir.resolve("rows60k.csv"), 60_000, 3);
    }

    /** n rows of p standard-normal inputs and one output, four decimals. */
    static Path csv(Path file, int n, int p) throws IOException {
        Random r = new Random(5);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < n; i++) {
                StringBuilder line = new StringBuilder();
                for (int j = 0; j <= p; j++) {
                    line.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f", r.nextGaussian()));
                }
                w.write(line.append('\n').toString());
            }
        }
        return file;
    }

    private static Path pipeline(String name, String json) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    /** {@code java [heap] -jar okl-app-all.jar args}. */
    private static OklProcess.Result okl(String heap, String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        if (heap != null) {
            command.add(heap);
        }
        String linalg = System.getProperty("okl.linalg");
        if (linalg != null && !linalg.isBlank()) {
            command.add("-Dokl.linalg=" + linalg);
        }
        command.addAll(List.of("-jar", OklProcess.artifact("okl.app.jar").toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("OKL_PLUGINS");
        Process process = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("okl did not finish");
        }
        OklProcess.Result r = new OklProcess.Result(process.exitValue(), Files.readString(out),
                Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    private static void assertOneLineMemoryError(OklProcess.Result r, Path model, String... fragments)
            throws IOException {
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(1);
        List<String> lines = r.stderr().strip().lines().toList();
        assertThat(lines).as("stderr").hasSize(1);
        assertThat(lines.get(0)).startsWith("okl: error: [OKL-E014] ").contains("-Xmx").contains(fragments);
        assertThat(r.stderr()).doesNotContain("\tat ").doesNotContain("Exception in thread")
                .doesNotContain("java.lang.");
        assertThat(model).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void anExactGramOnTooManyRowsIsRefusedBeforeItIsBuilt() throws Exception {
        Path exact = pipeline("exact.json", """
                {"kernel": {"name": "gaussian", "sigma": 2}, "filter": {"name": "tikhonov", "lambda": 1e-3}}
                """);
        Path model = dir.resolve("exact.okl");
        long start = System.nanoTime();
        OklProcess.Result r = okl(null, "fit", "--pipeline", exact.toString(), "--data", rows60k.toString(),
                "--outputs", "3", "--model", model.toString());
        assertOneLineMemoryError(r, model, "60000 x 60000 Gram matrix", "GiB", "approximation");
        assertThat((System.nanoTime() - start) * 1e-9).as("refused before building, seconds").isLessThan(60);
    }

    @Test
    void aSketchTooLargeForTheHeapIsRefusedWithWhatToChange() throws Exception {
        Path huge = pipeline("huge.json", """
                {"kernel": {"name": "gaussian", "sigma": 2}, "filter": {"name": "tikhonov", "lambda": 1e-3},
                 "approximation": {"name": "nystrom", "rank": 50000}}
                """);
        Path model = dir.resolve("huge.okl");
        OklProcess.Result r = okl("-Xmx256m", "fit", "--pipeline", huge.toString(), "--data", rows60k.toString(),
                "--outputs", "3", "--model", model.toString());
        assertOneLineMemoryError(r, model, "50000 x 50000", "sketch of 50000 features", "256 MiB", "rank");
    }

    @Test
    void runningOutOfMemoryAnywayIsOneLineNamingWhatWasBuilt() throws Exception {
        Path big = csv(dir.resolve("whole.csv"), 1_500_000, 3);
        Path exact = pipeline("exact-small.json", """
                {"kernel": {"name": "gaussian", "sigma": 2}, "filter": {"name": "tikhonov", "lambda": 1e-3}}
                """);
        Path model = dir.resolve("whole.okl");
        OklProcess.Result r = okl("-Xmx48m", "fit", "--pipeline", exact.toString(), "--data", big.toString(),
                "--outputs", "3", "--model", model.toString());
        assertOneLineMemoryError(r, model, "out of memory", "whole.csv read whole", "48 MiB", "kernel sketch");
        Files.delete(big);
    }
}
