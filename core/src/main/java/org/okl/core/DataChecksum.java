package org.okl.core;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.okl.api.linalg.Matrix;

/** SHA-256 of training data, for model provenance. */
final class DataChecksum {
    private DataChecksum() {
    }

    static String of(TrainingData data) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            update(md, data.inputs());
            update(md, data.outputs());
            data.unlabelledInputs().ifPresent(m -> update(md, m));
            data.unlabelledOutputs().ifPresent(m -> update(md, m));
            data.groups().ifPresent(g -> {
                ByteBuffer b = ByteBuffer.allocate(4 * g.length).order(ByteOrder.LITTLE_ENDIAN);
                b.asIntBuffer().put(g);
                md.update(b.array());
            });
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    private static void update(MessageDigest md, Matrix m) {
        ByteBuffer b = ByteBuffer.allocate(8 * m.data().length + 8).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(m.rows()).putInt(m.cols());
        for (double v : m.data()) {
            b.putDouble(v);
        }
        md.update(b.array());
    }
}
