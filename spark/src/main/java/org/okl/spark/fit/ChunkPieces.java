package org.okl.spark.fit;

import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.okl.api.rows.RowDigest;
import org.okl.spark.data.RowBlock;

/**
 * A partition's share of the {@link RowDigest} checksum: per {@link RowDigest#CHUNK}-row chunk it holds whole, the
 * chunk's digest; per chunk it holds only part of (at most two per partition), the bytes of its rows there.
 */
final class ChunkPieces {
    private ChunkPieces() {
    }

    /**
     * One chunk's piece.
     *
     * @param chunk    the chunk's index
     * @param firstRow the global index of the piece's first row
     * @param whole    whether {@code data} is the whole chunk's digest (else the bytes of some of its rows)
     * @param data     the digest or the bytes
     */
    record Piece(long chunk, long firstRow, boolean whole, byte[] data) implements Serializable {
    }

    /** The pieces of one partition's blocks (consecutive rows), given every partition's first global row. */
    static Iterator<Piece> of(Iterator<RowBlock> blocks, long[] starts) {
        List<Piece> out = new ArrayList<>();
        long chunk = -1;
        long chunkFirst = 0;
        boolean whole = false;
        MessageDigest md = null;
        ByteArrayOutputStream bytes = null;
        while (blocks.hasNext()) {
            RowBlock b = blocks.next();
            int partition = b.partition();
            long first = starts[partition] + b.firstInPartition();
            int i = 0;
            while (i < b.rows()) {
                long row = first + i;
                long c = row / RowDigest.CHUNK;
                if (c != chunk) {
                    flush(out, chunk, chunkFirst, whole, md, bytes);
                    chunk = c;
                    chunkFirst = row;
                    long chunkStart = c * RowDigest.CHUNK;
                    long chunkEnd = Math.min(starts[starts.length - 1], chunkStart + RowDigest.CHUNK);
                    whole = chunkStart >= starts[partition] && chunkEnd <= starts[partition + 1];
                    md = whole ? sha256() : null;
                    bytes = whole ? null : new ByteArrayOutputStream();
                }
                int to = (int) Math.min(b.rows(), (c + 1) * RowDigest.CHUNK - first);
                byte[] piece = RowDigest.rowBytes(b.inputs(), b.outputs(), b.weights(), i, to);
                if (whole) {
                    md.update(piece);
                } else {
                    bytes.write(piece, 0, piece.length);
                }
                i = to;
            }
        }
        flush(out, chunk, chunkFirst, whole, md, bytes);
        return out.iterator();
    }

    private static void flush(List<Piece> out, long chunk, long first, boolean whole, MessageDigest md,
            ByteArrayOutputStream bytes) {
        if (chunk >= 0) {
            out.add(new Piece(chunk, first, whole, whole ? md.digest() : bytes.toByteArray()));
        }
    }

    /** A chunk's digest from its pieces: the whole one's, or that of its partial pieces' bytes in row order. */
    static byte[] digest(Iterable<Piece> pieces) {
        List<Piece> parts = new ArrayList<>();
        for (Piece p : pieces) {
            if (p.whole()) {
                return p.data();
            }
            parts.add(p);
        }
        parts.sort((a, b) -> Long.compare(a.firstRow(), b.firstRow()));
        MessageDigest md = sha256();
        parts.forEach(p -> md.update(p.data()));
        return md.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
