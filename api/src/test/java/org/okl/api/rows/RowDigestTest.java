package org.okl.api.rows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

class RowDigestTest {

    @Test
    void checksumIsTheDigestOfChunkDigestsWhateverTheBlocks() throws Exception {
        int n = 2 * RowDigest.CHUNK + 123;
        Matrix x = random(n, 3, 1);
        Matrix y = random(n, 2, 2);
        // independent: SHA-256 over each chunk's rows written out one by one, then over the chunk digests
        MessageDigest all = MessageDigest.getInstance("SHA-256");
        for (int c = 0; c < n; c += RowDigest.CHUNK) {
            MessageDigest chunk = MessageDigest.getInstance("SHA-256");
            for (int i = c; i < Math.min(n, c + RowDigest.CHUNK); i++) {
                ByteBuffer b = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
                for (int j = 0; j < 3; j++) {
                    b.putDouble(x.get(i, j));
                }
                for (int j = 0; j < 2; j++) {
                    b.putDouble(y.get(i, j));
                }
                chunk.update(b.array());
            }
            all.update(chunk.digest());
        }
        String expected = HexFormat.of().formatHex(all.digest());
        for (int block : new int[] {1000, RowDigest.CHUNK, n}) {
            RowDigest digest = new RowDigest();
            for (int from = 0; from < n; from += block) {
                int to = Math.min(n, from + block);
                digest.update(from, x.rowRange(from, to), y.rowRange(from, to));
            }
            assertThat(digest.hex()).isEqualTo(expected);
        }
        byte[][] pieces = new byte[3][];
        for (int c = 0; c < 3; c++) {
            int from = c * RowDigest.CHUNK;
            int to = Math.min(n, from + RowDigest.CHUNK);
            pieces[c] = RowDigest.digest(RowDigest.rowBytes(x, y, null, from, to));
        }
        assertThat(RowDigest.combine(java.util.List.of(pieces))).isEqualTo(expected);
    }

    @Test
    void blocksMustFollowEachOther() {
        RowDigest digest = new RowDigest();
        digest.update(0, random(3, 1, 3), Matrix.zeros(3, 0));
        assertThatThrownBy(() -> digest.update(5, random(3, 1, 3), Matrix.zeros(3, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rows 5.. follow 3 rows");
    }

    private static Matrix random(int n, int p, long seed) {
        Random r = new Random(seed);
        Matrix m = Matrix.zeros(n, p);
        for (int k = 0; k < m.data().length; k++) {
            m.data()[k] = r.nextGaussian();
        }
        return m;
    }
}
