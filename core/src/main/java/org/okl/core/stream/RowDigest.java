package org.okl.core.stream;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.okl.api.linalg.Matrix;

/**
 * The checksum of training rows for model provenance, defined so that one pass in row order and a cluster that holds
 * the rows in pieces give the same value: the rows are cut into chunks of {@value #CHUNK} consecutive rows (by global
 * index); a chunk's digest is the SHA-256 of its rows in order, each row's inputs then outputs as little-endian
 * doubles ({@link #rowBytes}); the checksum is the SHA-256 of the chunks' digests in order, in hexadecimal.
 *
 * <p>Sequential use: {@link #update} with the blocks of one pass from row 0 on, then {@link #hex()}. A cluster hashes
 * the chunks it holds whole and ships the pieces of the others, and the driver calls {@link #combine}.
 */
public final class RowDigest {
    /** The rows of one chunk. */
    public static final int CHUNK = 4096;

    private final MessageDigest chunks = sha256();
    private MessageDigest current = sha256();
    private long rows;

    /**
     * Adds a block of rows.
     *
     * @param firstRow the global index of its first row, which must follow the rows added before
     * @throws IllegalArgumentException when the block does not follow the rows added so far
     */
    public void update(long firstRow, Matrix inputs, Matrix outputs) {
        if (firstRow != rows) {
            throw new IllegalArgumentException("rows " + firstRow + ".. follow " + rows + " rows");
        }
        int t = inputs.rows();
        int i = 0;
        while (i < t) {
            int room = (int) (CHUNK - rows % CHUNK);
            int to = Math.min(t, i + room);
            current.update(rowBytes(inputs, outputs, i, to));
            rows += to - i;
            i = to;
            if (rows % CHUNK == 0) {
                chunks.update(current.digest());
            }
        }
    }

    /** The checksum of the rows added (the digest of a last, partial chunk included). */
    public String hex() {
        if (rows % CHUNK != 0) {
            chunks.update(current.digest());
            current = sha256();
            rows += CHUNK - rows % CHUNK;
        }
        return HexFormat.of().formatHex(chunks.digest());
    }

    /** The checksum from the digests of every chunk, in order. */
    public static String combine(List<byte[]> chunkDigests) {
        MessageDigest md = sha256();
        chunkDigests.forEach(md::update);
        return HexFormat.of().formatHex(md.digest());
    }

    /** The SHA-256 of bytes (a whole chunk's {@link #rowBytes}). */
    public static byte[] digest(byte[] bytes) {
        return sha256().digest(bytes);
    }

    /** Rows {@code from..to-1} of a block as hashed: per row, inputs then outputs, little-endian doubles. */
    public static byte[] rowBytes(Matrix inputs, Matrix outputs, int from, int to) {
        int p = inputs.cols();
        int q = outputs.cols();
        ByteBuffer b = ByteBuffer.allocate(8 * (p + q) * (to - from)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            for (int j = 0; j < p; j++) {
                b.putDouble(inputs.get(i, j));
            }
            for (int j = 0; j < q; j++) {
                b.putDouble(outputs.get(i, j));
            }
        }
        return b.array();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
