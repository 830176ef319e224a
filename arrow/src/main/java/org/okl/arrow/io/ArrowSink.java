package org.okl.arrow.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.okl.api.data.TableSink;
import org.okl.api.linalg.Matrix;

/**
 * Rows written as an Arrow IPC file (or stream) through Apache Arrow Java: one non-null double column per name, one
 * record batch per block written, buffers uncompressed (read back without decompression, by any Arrow reader).
 */
final class ArrowSink implements TableSink {
    private final BufferAllocator allocator;
    private final VectorSchemaRoot root;
    private final ArrowWriter writer;
    private final List<Float8Vector> vectors = new ArrayList<>();

    ArrowSink(OutputStream out, List<String> names, boolean streamFormat) {
        allocator = ArrowMemory.allocator();
        List<FieldVector> v = new ArrayList<>();
        for (String name : names) {
            Float8Vector column = new Float8Vector(org.apache.arrow.vector.types.pojo.Field.notNullable(name,
                    new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                            org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)), allocator);
            vectors.add(column);
            v.add(column);
        }
        root = new VectorSchemaRoot(v);
        writer = streamFormat ? new ArrowStreamWriter(root, null, Channels.newChannel(out))
                : new ArrowFileWriter(root, null, Channels.newChannel(out));
        try {
            writer.start();
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void write(Matrix rows) {
        if (rows.cols() != vectors.size()) {
            throw new IllegalArgumentException(rows.cols() + " columns written to a file of " + vectors.size());
        }
        int n = rows.rows();
        root.allocateNew();
        for (int j = 0; j < vectors.size(); j++) {
            Float8Vector column = vectors.get(j);
            column.setInitialCapacity(n);
            column.allocateNew(n);
            for (int i = 0; i < n; i++) {
                column.set(i, rows.get(i, j));
            }
            column.setValueCount(n);
        }
        root.setRowCount(n);
        try {
            writer.writeBatch();
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void finish() {
        try {
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close();
        }
    }

    private void close() {
        root.close();
        allocator.close();
    }
}
