package org.okl.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * The files a bad-input case makes after its setup ({@code make: FILE GENERATOR ARGS...} in {@code case.txt}): inputs
 * too large, too odd or too derived to keep in the corpus as they are.
 *
 * <ul>
 *   <li>{@code random MB}: that many megabytes of random bytes (seeded);</li>
 *   <li>{@code long-line MB}: a CSV whose header's first name is that many megabytes long, then {@code rows20.csv};</li>
 *   <li>{@code fifo}: a named pipe;</li>
 *   <li>{@code gzip-truncated SRC}: SRC gzipped, without its last 8 bytes (the gzip trailer);</li>
 *   <li>{@code model-set SRC POINTER JSON}: the model SRC with the {@code model.json} member at the JSON pointer set to
 *       JSON, its {@code SHA256SUMS} recomputed (as someone crafting a file would);</li>
 *   <li>{@code model-delete SRC POINTER}: the same with the member removed;</li>
 *   <li>{@code model-fill SRC ENTRY VALUE}: the model with the first number of an array entry replaced by VALUE
 *       ({@code NaN}, {@code Infinity}), checksums recomputed;</li>
 *   <li>{@code model-replace SRC FROM TO}: the model with every FROM in {@code model.json} replaced by TO (the rest
 *       of the line), checksums recomputed;</li>
 *   <li>{@code model-append SRC TEXT}: the model with TEXT after {@code model.json}'s object, checksums
 *       recomputed;</li>
 *   <li>{@code model-inflate SRC ENTRY MB}: the model with an entry replaced by that many megabytes of zeros (a few
 *       kilobytes compressed), checksums recomputed.</li>
 * </ul>
 */
final class CaseFiles {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CaseFiles() {
    }

    /** Makes one file in the work folder. */
    static void make(Path dir, List<String> words) throws IOException, InterruptedException {
        Path file = dir.resolve(words.get(0));
        List<String> args = words.subList(2, words.size());
        switch (words.get(1)) {
            case "random" -> {
                byte[] bytes = new byte[Integer.parseInt(args.get(0)) << 20];
                new Random(22).nextBytes(bytes);
                Files.write(file, bytes);
            }
            case "long-line" -> {
                try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    String chunk = "x".repeat(1 << 20);
                    for (int k = 0; k < Integer.parseInt(args.get(0)); k++) {
                        w.write(chunk);
                    }
                    w.write(",x2,y1,y2\n");
                    w.write(Files.readString(dir.resolve("rows20.csv")));
                }
            }
            case "fifo" -> {
                Process p = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
                if (p.waitFor() != 0) {
                    throw new IOException("mkfifo failed");
                }
            }
            case "gzip-truncated" -> {
                Path whole = Files.createTempFile("whole", ".gz");
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
                    out.write(Files.readAllBytes(dir.resolve(args.get(0))));
                }
                byte[] b = Files.readAllBytes(whole);
                Files.write(file, java.util.Arrays.copyOf(b, b.length - 8));
                Files.delete(whole);
            }
            case "model-set" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, "model.json",
                    bytes -> edit(bytes, args.get(1), args.get(2)), true);
            case "model-delete" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, "model.json",
                    bytes -> edit(bytes, args.get(1), null), true);
            case "model-fill" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, args.get(1), bytes -> {
                ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putDouble(0, Double.parseDouble(args.get(2)));
                return bytes;
            }, true);
            case "model-replace" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, "model.json",
                    ModelArchives.replace(args.get(1), args.get(2)), true);
            case "model-append" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, "model.json",
                    bytes -> (new String(bytes, StandardCharsets.UTF_8) + args.get(1))
                            .getBytes(StandardCharsets.UTF_8), true);
            case "model-inflate" -> ModelArchives.rewrite(dir.resolve(args.get(0)), file, args.get(1),
                    bytes -> new byte[Integer.parseInt(args.get(2)) << 20], true);
            default -> throw new IllegalArgumentException("unknown generator '" + words.get(1) + "'");
        }
    }

    /** model.json with the member at the pointer set to the JSON value, or removed when it is {@code null}. */
    private static byte[] edit(byte[] bytes, String pointer, String json) {
        try {
            ObjectNode root = (ObjectNode) JSON.readTree(bytes);
            int slash = pointer.lastIndexOf('/');
            ObjectNode parent = (ObjectNode) root.at(pointer.substring(0, slash));
            String member = pointer.substring(slash + 1);
            if (json == null) {
                parent.remove(member);
            } else {
                JsonNode value = JSON.readTree(json);
                parent.set(member, value);
            }
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
