package org.okl.bench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.app.Main;
import org.okl.core.Okl;

/** {@code okl bench --serve} runs end to end at small sizes and prints every row of its table (timings unchecked). */
class ServeBenchTest {
    @TempDir
    Path dir;

    @Test
    void theCommandPrintsEveryRowOfTheServeTable() throws Exception {
        Path table = dir.resolve("serve.md");
        Path models = dir.resolve("models");
        int code = Main.run("bench", "--serve", "--serve-small", "--repeat", "1", "--serve-models", models.toString(),
                "--markdown", table.toString());
        assertThat(code).isZero();
        String text = Files.readString(table);
        assertThat(text).contains("Command: `okl bench --serve --serve-small").contains("Load average");
        // the models were written for the next run to read
        assertThat(models.resolve("nystrom.okl")).isRegularFile();
        assertThat(models.resolve("exact.okl")).isRegularFile();
        List<String> rows = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("| ") && !l.startsWith("| model"))
                .toList();
        for (String model : List.of("Nystrom (m = 20)", "exact (n = 40)")) {
            List<String> mine = rows.stream().filter(r -> r.startsWith("| " + model + " |")).toList();
            List<String> expected = List.of("single-row latency p50, 1 client (ms)",
                    "single-row latency p99, 1 client (ms)", "single-row latency p50, 4 clients (ms)",
                    "single-row latency p99, 4 clients (ms)", "rows/s, batches of 1, 4 clients",
                    "rows/s, batches of 8, 4 clients", "rows/s, batches of 32, 4 clients",
                    "rows/s, batches of 32, 4 clients, Arrow bodies", "kernel block product alone, 32 rows",
                    "batched throughput / kernel block limit, JSON bodies",
                    "batched throughput / kernel block limit, Arrow bodies");
            assertThat(mine).hasSize(expected.size());
            for (int k = 0; k < expected.size(); k++) {
                String[] cells = mine.get(k).split("\\|", -1);
                assertThat(cells[2].trim()).startsWith(expected.get(k));
                assertThat(cells[3].trim()).as(mine.get(k)).matches("[0-9][0-9.,]*");
                if (k < 8) {
                    // ONNX Runtime ran the exported graph, and nothing failed (the Arrow bodies' row: its own)
                    assertThat(cells[4].trim()).as(mine.get(k)).matches("[0-9][0-9.,]*");
                    assertThat(cells[7].trim()).as(mine.get(k)).matches("[0-9.]+");
                    assertThat(cells[9].trim()).as(mine.get(k)).isEqualTo("0");
                }
                if (k >= 9) {
                    // each body format's own ratio to the kernel block limit (near 0 at these sizes, where the
                    // block of 32 rows against 20 centers takes microseconds)
                    assertThat(cells[3].trim()).as(mine.get(k)).matches("[0-9]+\\.[0-9]{2}");
                }
                // Model.predict in the JVM: the batches of more than one row, with its ratio to ONNX Runtime
                assertThat(cells[5].trim().isEmpty()).as(mine.get(k)).isEqualTo(k != 5 && k != 6);
                assertThat(cells[8].trim().isEmpty()).as(mine.get(k)).isEqualTo(k != 5 && k != 6);
                // okl predict: the batch case only
                assertThat(cells[6].trim().isEmpty()).as(mine.get(k)).isEqualTo(k != 6);
            }
        }
    }

    @Test
    void aSoakOfTheServerProcessFailsNoWellFormedRequestAndAnswersEveryMalformedOneWith4xx() {
        StringWriter log = new StringWriter();
        ServeSoak.Result r = new ServeSoak(ServeBenchSettings.small(7), Okl.builder().build(), new PrintWriter(log))
                .run(20, 32, 5);
        assertThat(r.failed()).as(r.markdown()).isZero();
        assertThat(r.wellFormed()).as(r.markdown()).isGreaterThan(500);
        assertThat(r.malformed()).isGreaterThan(5);
        assertThat(r.malformedNot4xx()).as(r.markdown()).isZero();
        assertThat(r.reloads()).isGreaterThanOrEqualTo(2);
        assertThat(r.reloadsFailed()).as(r.markdown()).isZero();
        assertThat(r.rssAfterWarmUpKb()).isPositive();
        assertThat(r.rssEndKb()).isPositive();
        assertThat(r.markdown()).contains("server VmRSS after warm-up");
    }
}
