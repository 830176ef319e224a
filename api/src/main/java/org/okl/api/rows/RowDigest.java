package org.okl.api.rows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * The checksum of training rows for model provenance, defined so that one pass in row order and a cluster that holds
 * the rows in pieces give the same value: the rows are cut into chunks of {@value #CHUNK} consecutive rows (by global
 * index); a chunk's digest is the SHA-256 of its rows in order, each row's inputs then outputs as little-endian
 * doubles ({@link #rowBytes}); the checksum is the SHA-256 of the chunks' digests in order, in hexadecimal. A sparse
 * row's inputs are its number of stored entries, then each entry's column and value (little-endian longs and
 * doubles); a row's weight, when rows are weighted, follows its outputs.
 *
 * <p>Sequential use: {@link #update} with the blocks of one pass from row 0 on, then {@link #hex()}. A cluster hashes
 * the chunks it holds whole and ships the pieces of the others, and the driver calls {@link #combine}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
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
    public void update(long firstRow, InputRows inputs, Matrix outputs) {
        update(firstRow, inputs, outputs, null);
    }

    /**
     * Adds a block of weighted rows.
     *
     * @param firstRow the global index of its first row, which must follow the rows added before
     * @param weights  one weight per row, or {@code null} for unweighted rows
     * @throws IllegalArgumentException when the block does not follow the rows added so far
     */
    public void update(long firstRow, InputRows inputs, Matrix outputs, double[] weights) {
        if (firstRow != rows) {
            throw new IllegalArgumentException("rows " + firstRow + ".. follow " + rows + " rows");
        }
        int t = inputs.rows();
        int i = 0;
        while (i < t) {
            int room = (int) (CHUNK - rows % CHUNK);
            int to = Math.min(t, i + room);
            current.update(rowBytes(inputs, outputs, weights, i, to));
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

    /**
     * Rows {@code from..to-1} of a block as hashed: per row, inputs (dense: the values; sparse: the number of stored
     * entries, then column and value of each) then outputs, then the weight when given, little-endian.
     *
     * @param weights one weight per row of the block, or {@code null}
     */
    public static byte[] rowBytes(InputRows inputs, Matrix outputs, double[] weights, int from, int to) {
        int q = outputs.cols();
        long size = 8L * (q + (weights == null ? 0 : 1)) * (to - from);
        if (inputs instanceof SparseMatrix s) {
            size += 8L * (to - from) + 16L * (s.starts()[to] - s.starts()[from]);
        } else {
            size += 8L * inputs.cols() * (to - from);
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("rows of " + size + " bytes to hash at once");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            if (inputs instanceof SparseMatrix s) {
                int[] starts = s.starts();
                b.putLong(starts[i + 1] - starts[i]);
                for (int k = starts[i]; k < starts[i + 1]; k++) {
                    b.putLong(s.columns()[k]);
                    b.putDouble(s.values()[k]);
                }
            } else {
                Matrix dense = (Matrix) inputs;
                for (int j = 0; j < dense.cols(); j++) {
                    b.putDouble(dense.get(i, j));
                }
            }
            for (int j = 0; j < q; j++) {
                b.putDouble(outputs.get(i, j));
            }
            if (weights != null) {
                b.putDouble(weights[i]);
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
