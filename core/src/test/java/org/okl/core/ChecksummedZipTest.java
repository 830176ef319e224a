package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.OklException;
import org.okl.core.io.AtomicFiles;

class ChecksummedZipTest {
    private static final byte[] ARRAY = new byte[4096];

    static {
        for (int i = 0; i < ARRAY.length; i++) {
            ARRAY[i] = (byte) (i * 31 + i / 7);
        }
    }

    private static Path archive(Path dir) throws IOException {
        Path file = dir.resolve("a.zip");
        AtomicFiles.write(file, out -> {
            ChecksummedZip.Writer zip = new ChecksummedZip.Writer(out);
            zip.add("model.json", o -> o.write("{\"x\": 1}".getBytes(StandardCharsets.UTF_8)));
            zip.add("predictor/a.f64", o -> o.write(ARRAY));
            zip.finish();
        });
        return file;
    }

    @Test
    void listsEveryEntryWithItsSha256InTheFormatOfSha256sum(@TempDir Path dir) throws Exception {
        Path file = archive(dir);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            String sums = new String(zip.getInputStream(zip.getEntry("SHA256SUMS")).readAllBytes(),
                    StandardCharsets.UTF_8);
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            assertThat(sums).isEqualTo(
                    HexFormat.of().formatHex(md.digest("{\"x\": 1}".getBytes(StandardCharsets.UTF_8)))
                            + "  model.json\n" + HexFormat.of().formatHex(md.digest(ARRAY)) + "  predictor/a.f64\n");
            ChecksummedZip.Reader reader = ChecksummedZip.Reader.open(zip, file.toString());
            reader.requireChecksums();
            assertThat(reader.read("predictor/a.f64")).isEqualTo(ARRAY);
        }
    }

    @Test
    void anEntryWhoseBytesChangedFailsItsCheck(@TempDir Path dir) throws Exception {
        Path file = archive(dir);
        byte[] changed = ARRAY.clone();
        changed[2048] ^= 1;
        Path copy = dir.resolve("b.zip");
        try (ZipFile in = new ZipFile(file.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(copy))) {
            for (String name : new String[] {"model.json", "predictor/a.f64", "SHA256SUMS"}) {
                out.putNextEntry(new ZipEntry(name));
                out.write(name.equals("predictor/a.f64") ? changed
                        : in.getInputStream(in.getEntry(name)).readAllBytes());
                out.closeEntry();
            }
        }
        try (ZipFile zip = new ZipFile(copy.toFile())) {
            ChecksummedZip.Reader reader = ChecksummedZip.Reader.open(zip, copy.toString());
            assertThat(reader.read("model.json")).isNotEmpty();
            assertThatThrownBy(() -> reader.read("predictor/a.f64")).isInstanceOf(OklException.class)
                    .hasMessageContaining("[OKL-E006]").hasMessageContaining("b.zip")
                    .hasMessageContaining("predictor/a.f64 fails its SHA-256 check");
        }
    }

    @Test
    void anArchiveWithoutChecksumsIsReadAsItIsButRefusedWhereTheyAreRequired(@TempDir Path dir) throws Exception {
        Path plain = dir.resolve("plain.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(plain))) {
            out.putNextEntry(new ZipEntry("model.json"));
            out.write('1');
            out.closeEntry();
        }
        try (ZipFile zip = new ZipFile(plain.toFile())) {
            ChecksummedZip.Reader reader = ChecksummedZip.Reader.open(zip, plain.toString());
            assertThat(reader.read("model.json")).containsExactly('1');
            assertThatThrownBy(reader::requireChecksums).hasMessageContaining("has no SHA256SUMS entry");
        }
    }

    @Test
    void anEntryThatInflatesBeyondItsDeclaredSizeIsRefusedAfterThatMany(@TempDir Path dir) throws Exception {
        Path bomb = dir.resolve("bomb.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(bomb))) {
            out.putNextEntry(new ZipEntry("predictor/a.f64"));
            byte[] zeros = new byte[1 << 20];
            for (int k = 0; k < 64; k++) {
                out.write(zeros);
            }
            out.closeEntry();
        }
        byte[] b = Files.readAllBytes(bomb);
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int central = -1;
        for (int i = b.length - 4; i >= 0 && central < 0; i--) {
            central = buf.getInt(i) == 0x02014b50 ? i : -1;
        }
        assertThat(buf.getInt(central + 24)).isEqualTo(64 << 20);
        buf.putInt(central + 24, 4096);
        Files.write(bomb, b);
        try (ZipFile zip = new ZipFile(bomb.toFile())) {
            ChecksummedZip.Reader reader = ChecksummedZip.Reader.open(zip, "bomb.zip");
            assertThat(zip.getEntry("predictor/a.f64").getSize()).isEqualTo(4096);
            assertThatThrownBy(() -> reader.read("predictor/a.f64")).isInstanceOf(OklException.class)
                    .hasMessageContaining("[OKL-E006]").hasMessageContaining("bomb.zip")
                    .hasMessageContaining("'predictor/a.f64' holds more than its declared 4096 bytes");
        }
    }

    @Test
    void anEntryLargerThanItsIndexSaysIsRefusedBeforeItIsRead(@TempDir Path dir) throws Exception {
        Path file = archive(dir);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ChecksummedZip.Reader reader = ChecksummedZip.Reader.open(zip, "a.zip");
            assertThat(reader.read("predictor/a.f64", ARRAY.length)).isEqualTo(ARRAY);
            assertThatThrownBy(() -> reader.read("predictor/a.f64", 800)).isInstanceOf(OklException.class)
                    .hasMessageContaining("'predictor/a.f64' declares 4096 bytes, more than the 800 its index gives"
                            + " it");
        }
    }
}
