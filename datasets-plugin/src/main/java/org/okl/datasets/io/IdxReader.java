package org.okl.datasets.io;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.linalg.Matrix;

/**
 * Reads the IDX format of the MNIST files (id {@code idx}; names ending in {@code idx1-ubyte}, {@code idx2-ubyte},
 * {@code idx3-ubyte}, or the suffix {@code .idx}, each also {@code .gz}): a big-endian header (two zero bytes, the
 * element type, the number of dimensions, then each dimension as a 32-bit integer) followed by the elements. All
 * element types are read: unsigned and signed bytes, 16- and 32-bit integers, 32- and 64-bit floats.
 *
 * <p>The first dimension is the sample; the others are flattened row-major into columns {@code p0, p1, ...} (for
 * MNIST, pixel (r, c) is {@code p{28r+c}}). A one-dimensional file (labels) gives one column {@code label}.
 * For an images file, the labels file next to it is found by replacing {@code images} with {@code labels} and
 * {@code idx3} with {@code idx1} in the name ({@code train-images-idx3-ubyte} → {@code train-labels-idx1-ubyte},
 * with or without {@code .gz}); when it exists, its labels are appended as the last column {@code label}, the output
 * column. The file must end exactly after the last element.
 */
public final class IdxReader implements TableReader {

    @Override
    public List<String> suffixes() {
        return List.of("idx1-ubyte", "idx2-ubyte", "idx3-ubyte", ".idx");
    }

    @Override
    public Table read(Path file) {
        Idx idx = readIdx(file);
        Matrix values = idx.values();
        if (idx.dimensions() == 1) {
            return new Table(values, List.of("label"), new int[0], false);
        }
        List<String> names = Fields.generated("p", values.cols());
        Optional<Path> labelsFile = labelsFileFor(file);
        if (labelsFile.isEmpty()) {
            return new Table(values, names, new int[0], false);
        }
        Matrix labels = readIdx(labelsFile.get()).values();
        if (labels.cols() != 1 || labels.rows() != values.rows()) {
            throw new DataFormatException(labelsFile.get().toString(), "holds " + labels.rows() + " x "
                    + labels.cols() + " values, but " + file + " has " + values.rows() + " samples (one label each)");
        }
        List<String> all = new java.util.ArrayList<>(names);
        all.add("label");
        return new Table(values.stackColumns(labels), all, new int[] {values.cols()}, false);
    }

    /** The labels file that belongs to an images file, if it exists. */
    static Optional<Path> labelsFileFor(Path images) {
        String name = images.getFileName().toString();
        if (!name.contains("images") || !name.contains("idx3")) {
            return Optional.empty();
        }
        String labels = name.replace("images", "labels").replace("idx3", "idx1");
        String plain = labels.endsWith(".gz") ? labels.substring(0, labels.length() - 3) : labels;
        for (String candidate : List.of(labels, plain, plain + ".gz")) {
            Path p = images.resolveSibling(candidate);
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The content of one IDX file.
     *
     * @param values     samples x (product of the other dimensions)
     * @param dimensions the number of dimensions in the header
     */
    public record Idx(Matrix values, int dimensions) {
    }

    private static Idx readIdx(Path file) {
        try (InputStream in = DataFiles.open(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
    }

    /** Reads already opened (and decompressed) IDX content; {@code in} is not closed, {@code name} is for errors. */
    public static Idx read(InputStream in, String name) {
        DataInputStream data = new DataInputStream(in);
        long offset = 0;
        try {
            byte[] magic = data.readNBytes(4);
            if (magic.length == 0) {
                throw new DataFormatException(name, "empty file");
            }
            if (magic.length < 4 || magic[0] != 0 || magic[1] != 0) {
                throw new DataFormatException(name, "not an IDX file: the first two bytes must be 0");
            }
            int type = magic[2] & 0xff;
            int size = elementSize(type, name);
            int dims = magic[3] & 0xff;
            if (dims == 0) {
                throw new DataFormatException(name, "IDX header declares 0 dimensions");
            }
            offset = 4;
            long[] shape = new long[dims];
            for (int d = 0; d < dims; d++) {
                shape[d] = data.readInt() & 0xffffffffL;
                offset += 4;
            }
            long cols = 1;
            for (int d = 1; d < dims; d++) {
                cols *= shape[d];
            }
            if (shape[0] * cols > Integer.MAX_VALUE - 8) {
                throw new DataFormatException(name, "too large: " + shape[0] + " x " + cols + " values");
            }
            int n = (int) shape[0];
            int p = (int) cols;
            Matrix m = Matrix.zeros(n, p);
            double[] values = m.data();
            byte[] buffer = new byte[p * size];
            java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(buffer);
            for (int i = 0; i < n; i++) {
                try {
                    data.readFully(buffer);
                } catch (EOFException e) {
                    throw new DataFormatException(name, "truncated: the header declares " + n + " samples of "
                            + p + " values, but the file ends within sample " + (i + 1), e);
                }
                view.rewind();
                for (int j = 0; j < p; j++) {
                    double v = element(view, type);
                    if (!Double.isFinite(v)) {
                        throw new DataFormatException(name, "non-finite value " + v + " in sample " + (i + 1)
                                + ", element " + (j + 1));
                    }
                    values[i + j * n] = v;
                }
                offset += buffer.length;
            }
            if (data.read() >= 0) {
                throw new DataFormatException(name, "trailing bytes after the " + n + " samples the header declares"
                        + " (at byte " + offset + ")");
            }
            return new Idx(m, dims);
        } catch (EOFException e) {
            throw new DataFormatException(name, "truncated IDX header (at byte " + offset + ")", e);
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    private static int elementSize(int type, String name) {
        return switch (type) {
            case 0x08, 0x09 -> 1;
            case 0x0B -> 2;
            case 0x0C, 0x0D -> 4;
            case 0x0E -> 8;
            default -> throw new DataFormatException(name,
                    "unknown IDX element type 0x" + Integer.toHexString(type));
        };
    }

    private static double element(java.nio.ByteBuffer view, int type) {
        return switch (type) {
            case 0x08 -> view.get() & 0xff;
            case 0x09 -> view.get();
            case 0x0B -> view.getShort();
            case 0x0C -> view.getInt();
            case 0x0D -> view.getFloat();
            default -> view.getDouble();
        };
    }
}
