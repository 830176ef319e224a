package org.okl.serve;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.okl.api.linalg.Matrix;

/** Arrow IPC streams for the tests, written with Arrow Java's own {@link ArrowStreamWriter}. */
final class ArrowBodies {
    static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

    private ArrowBodies() {
    }

    /** A nullable field of a type. */
    static Field field(String name, ArrowType type) {
        return new Field(name, FieldType.nullable(type), null);
    }

    /** A stream of the schema with one record batch, which {@code batch} fills (its vectors and row count). */
    static byte[] stream(List<Field> fields, Consumer<VectorSchemaRoot> batch) {
        return stream(fields, List.of(batch));
    }

    /** A stream of the schema with one record batch per filler (each sets its vectors and the row count). */
    static byte[] stream(List<Field> fields, List<Consumer<VectorSchemaRoot>> batches) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
            writer.start();
            for (Consumer<VectorSchemaRoot> batch : batches) {
                root.allocateNew();
                batch.accept(root);
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The rows of {@code x} as float64 columns named {@code names[order[k]]} in the stream's order {@code order},
     * cut into record batches of the given sizes.
     */
    static byte[] doubles(Matrix x, List<String> names, int[] order, int... batchRows) {
        List<Field> fields = new ArrayList<>();
        for (int k : order) {
            fields.add(field(names.get(k), FLOAT64));
        }
        List<Consumer<VectorSchemaRoot>> batches = new ArrayList<>();
        int from = 0;
        for (int n : batchRows) {
            int start = from;
            batches.add(root -> {
                for (int k = 0; k < order.length; k++) {
                    Float8Vector v = (Float8Vector) root.getVector(k);
                    for (int i = 0; i < n; i++) {
                        v.setSafe(i, x.get(start + i, order[k]));
                    }
                }
                root.setRowCount(n);
            });
            from += n;
        }
        return stream(fields, batches);
    }
}
