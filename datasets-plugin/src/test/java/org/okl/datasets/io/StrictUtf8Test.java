package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;

/**
 * Text readers decode UTF-8 strictly and refuse a foreign byte at its own line, wherever it is in the file (the
 * decoder of an {@code InputStreamReader} dropped the text decoded before it, so every byte of the first 64 KiB was
 * said to be on line 1).
 */
class StrictUtf8Test {
    @TempDir
    Path dir;

    private static byte[] rowsThenLatin1(int goodRows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("x,y\n".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < goodRows; i++) {
            out.writeBytes((i + ".5," + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(new byte[] {'1', ',', (byte) 0xE9, '\n'});
        out.writeBytes("2,3\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @Test
    void aLatin1ByteIsRefusedAtItsLineNearTheStartAndBeyondTheFirstBuffer() throws IOException {
        for (int goodRows : new int[] {7, 20_000}) {
            Path p = Files.write(dir.resolve("latin" + goodRows + ".csv"), rowsThenLatin1(goodRows));
            assertThatThrownBy(() -> Readers.read(p)).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining("latin" + goodRows + ".csv:" + (goodRows + 2) + ": not UTF-8 text");
        }
    }

    @Test
    void aLatin1ByteInALibsvmFileIsRefusedAtItsLine() throws IOException {
        Path p = Files.write(dir.resolve("d.libsvm"), new byte[] {'1', ' ', '1', ':', '2', '\n', '0', ' ', '2', ':',
            '1', (byte) 0xE9, '\n', '1', ' ', '1', ':', '1', '\n'});
        assertThatThrownBy(() -> Readers.read(p)).hasMessageContaining("d.libsvm:2: not UTF-8 text");
    }

    @Test
    void multiByteCharactersAcrossEveryBufferBoundaryAreDecodedWhole() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60_000; i++) {
            text.append(i % 3 == 0 ? "é" : i % 3 == 1 ? "€" : "\uD83D\uDE00").append(i % 50 == 0 ? "\n" : "");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        try (BufferedReader r = DataFiles.textReader(new ByteArrayInputStream(bytes), "u.txt")) {
            StringBuilder back = new StringBuilder();
            char[] buffer = new char[777];
            for (int n; (n = r.read(buffer)) >= 0; ) {
                back.append(buffer, 0, n);
            }
            assertThat(back.toString()).isEqualTo(text.toString());
            assertThat(r.read()).isEqualTo(-1);
        }
    }

    @Test
    void aSequenceCutAtTheEndOfTheFileIsRefused() {
        byte[] bytes = {'a', '\n', 'b', (byte) 0xE2, (byte) 0x82};
        assertThatThrownBy(() -> {
            try (BufferedReader r = DataFiles.textReader(new ByteArrayInputStream(bytes), "cut.txt")) {
                while (r.read() >= 0) {
                    continue;
                }
            }
        }).isInstanceOf(DataFormatException.class).hasMessageContaining("cut.txt:2: not UTF-8 text");
    }
}
