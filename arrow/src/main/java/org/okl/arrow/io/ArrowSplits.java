package org.okl.arrow.io;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.types.pojo.Field;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableSplits;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;

/**
 * An Arrow IPC file cut into its record batches, which load independently, so that every core decodes a batch of
 * one file at once ({@link ArrowTableReader#split}): each piece opens the file on its own and loads its batch, and
 * the wanted columns become numbers as {@link ArrowBatches} makes them, value for value; a double column is copied
 * from its data buffer in bulk, its nulls then set to NaN. A piece declines (empty) whenever a wanted column is one
 * the stream must read (text or dictionary-encoded, whose codes need the whole file's levels; a column the stream
 * refuses) or anything fails or is not a finite number: the caller then reads the file with {@link ArrowBatches},
 * whose error names the file, the record batch and the column.
 */
final class ArrowSplits implements TableSplits {
    private final Path path;
    private final List<String> names;
    private final int batches;

    /**
     * Reads the file's footer.
     *
     * @throws DataFormatException when the file is not a readable Arrow IPC file
     */
    ArrowSplits(Path path) {
        this.path = path;
        try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ);
                BufferAllocator a = ArrowMemory.allocator();
                ArrowFileReader r = new ArrowFileReader(c, a, ArrowTableReader.CODECS)) {
            List<String> n = new ArrayList<>();
            for (Field field : r.getVectorSchemaRoot().getSchema().getFields()) {
                n.add(field.getName());
            }
            ColumnNames.requireDistinct(path.toString(), n);
            names = List.copyOf(n);
            batches = r.getRecordBlocks().size();
        } catch (OklException | DataFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new DataFormatException(path.toString(), "not a readable Arrow IPC file ("
                    + ArrowBatches.describe(e) + ")", e);
        }
    }

    @Override
    public List<String> columnNames() {
        return names;
    }

    @Override
    public boolean namedColumns() {
        return true;
    }

    /** One piece per record batch. */
    @Override
    public int pieces() {
        return batches;
    }

    @Override
    public Optional<Matrix> parse(int piece, int[] columns) {
        try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ);
                BufferAllocator a = ArrowMemory.allocator();
                ArrowFileReader r = new ArrowFileReader(c, a, ArrowTableReader.CODECS)) {
            VectorSchemaRoot root = r.getVectorSchemaRoot();
            for (int j : Arrays.stream(columns).distinct().toArray()) {
                Field field = root.getSchema().getFields().get(j);
                if (field.getDictionary() != null || !numeric(field)) {
                    return Optional.empty();
                }
            }
            List<ArrowBlock> blocks = r.getRecordBlocks();
            if (piece >= blocks.size() || !r.loadRecordBatch(blocks.get(piece))) {
                return Optional.empty();
            }
            int rows = root.getRowCount();
            double[] data = new double[Matrix.checkedSize(rows, columns.length)];
            int[] at = new int[names.size()];
            Arrays.fill(at, -1);
            for (int k = 0; k < columns.length; k++) {
                int j = columns[k];
                if (at[j] >= 0) {
                    System.arraycopy(data, at[j] * rows, data, k * rows, rows);
                    continue;
                }
                if (!decode(root.getVector(j), rows, data, k * rows)) {
                    return Optional.empty();
                }
                at[j] = k;
            }
            return Optional.of(new Matrix(rows, columns.length, data));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean numeric(Field field) {
        return switch (field.getType().getTypeID()) {
            case FloatingPoint, Int, Bool -> true;
            default -> false;
        };
    }

    /** A column's values into {@code out} (nulls NaN); false when one is not a finite number. */
    private static boolean decode(FieldVector vector, int rows, double[] out, int offset) {
        if (vector.getValueCount() < rows || (long) rows * Float8Vector.TYPE_WIDTH > Integer.MAX_VALUE) {
            return false;
        }
        if (vector instanceof Float8Vector f) {
            if (rows > 0) {
                f.getDataBuffer().nioBuffer(0, rows * Float8Vector.TYPE_WIDTH).order(ByteOrder.LITTLE_ENDIAN)
                        .asDoubleBuffer().get(out, offset, rows);
            }
            boolean nulls = f.getNullCount() > 0;
            for (int i = 0; i < rows; i++) {
                if (nulls && f.isNull(i)) {
                    out[offset + i] = Double.NaN;
                } else if (Double.isInfinite(out[offset + i])) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < rows; i++) {
            if (vector.isNull(i)) {
                out[offset + i] = Double.NaN;
                continue;
            }
            double v;
            if (vector instanceof FloatingPointVector f) {
                v = f.getValueAsDouble(i);
            } else if (vector instanceof UInt8Vector u) {
                v = u.getObjectNoOverflow(i).doubleValue();
            } else if (vector instanceof BaseIntVector b) {
                v = b.getValueAsLong(i);
            } else if (vector instanceof BitVector b) {
                v = b.get(i);
            } else {
                return false;
            }
            if (Double.isInfinite(v)) {
                return false;
            }
            out[offset + i] = v;
        }
        return true;
    }

    @Override
    public void close() {
        // every piece closes the file it opened
    }
}
