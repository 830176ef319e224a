package org.okl.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Damages and rewrites model files (ZIP archives) the way a disk, a network copy or a person might. */
final class ModelArchives {
    private ModelArchives() {
    }

    /** The names of the archive's entries, in order. */
    static List<String> entries(Path archive) throws IOException {
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            return Collections.list(zip.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    /**
     * A copy of the archive with one byte flipped in the middle of an entry's stored (compressed) data, found through
     * the ZIP central directory, as bit rot or a bad copy would do.
     */
    static void flipByteInEntry(Path archive, Path damaged, String entry) throws IOException {
        byte[] b = Files.readAllBytes(archive);
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = -1;
        for (int i = b.length - 22; i >= 0; i--) {
            if (buf.getInt(i) == 0x06054b50) {
                eocd = i;
                break;
            }
        }
        if (eocd < 0) {
            throw new IllegalArgumentException(archive + " is not a ZIP archive");
        }
        int count = Short.toUnsignedInt(buf.getShort(eocd + 10));
        int offset = buf.getInt(eocd + 16);
        for (int k = 0; k < count; k++) {
            int compressed = buf.getInt(offset + 20);
            int nameLength = Short.toUnsignedInt(buf.getShort(offset + 28));
            int extraLength = Short.toUnsignedInt(buf.getShort(offset + 30));
            int commentLength = Short.toUnsignedInt(buf.getShort(offset + 32));
            int local = buf.getInt(offset + 42);
            String name = new String(b, offset + 46, nameLength, StandardCharsets.UTF_8);
            if (name.equals(entry)) {
                int data = local + 30 + Short.toUnsignedInt(buf.getShort(local + 26))
                        + Short.toUnsignedInt(buf.getShort(local + 28));
                b[data + compressed / 2] ^= (byte) 0xFF;
                Files.write(damaged, b);
                return;
            }
            offset += 46 + nameLength + extraLength + commentLength;
        }
        throw new IllegalArgumentException(archive + " has no entry " + entry);
    }

    /**
     * A copy of the archive, a valid ZIP, with one entry's content changed; with {@code updateChecksums} the
     * {@code SHA256SUMS} entry is recomputed to match (as a newer OKL or a careful editor would write it), listing
     * every entry but itself and the signature ({@code SIGNATURE.json}), as OKL lists them.
     */
    static void rewrite(Path archive, Path copy, String entry, UnaryOperator<byte[]> change, boolean updateChecksums)
            throws IOException {
        Map<String, byte[]> contents = new LinkedHashMap<>();
        try (ZipFile in = new ZipFile(archive.toFile())) {
            for (ZipEntry e : Collections.list(in.entries())) {
                try (InputStream is = in.getInputStream(e)) {
                    byte[] bytes = is.readAllBytes();
                    contents.put(e.getName(), e.getName().equals(entry) ? change.apply(bytes) : bytes);
                }
            }
        }
        if (updateChecksums && contents.containsKey("SHA256SUMS")) {
            StringBuilder sums = new StringBuilder();
            contents.forEach((name, bytes) -> {
                if (!name.equals("SHA256SUMS") && !name.equals("SIGNATURE.json")) {
                    sums.append(sha256(bytes)).append("  ").append(name).append('\n');
                }
            });
            contents.put("SHA256SUMS", sums.toString().getBytes(StandardCharsets.UTF_8));
        }
        try (OutputStream os = Files.newOutputStream(copy); ZipOutputStream out = new ZipOutputStream(os)) {
            for (Map.Entry<String, byte[]> e : contents.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
    }

    /** {@code model.json} with a text replacement. */
    static UnaryOperator<byte[]> replace(String from, String to) {
        return bytes -> {
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (!text.contains(from)) {
                throw new IllegalArgumentException("'" + from + "' is not in the entry");
            }
            return text.replace(from, to).getBytes(StandardCharsets.UTF_8);
        };
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
