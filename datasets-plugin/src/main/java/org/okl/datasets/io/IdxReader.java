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
    /** Content up to this size is read into one array even when its length is not known beforehand. */
    private static final long DIRECT_BYTES = 64L << 20;

    @Override
    public List<String> suffixes() {
        return List.of("idx1-ubyte", "idx2-ubyte", "idx3-ubyte", ".idx");
    }

    @Override
    public Table read(Path file) {
        Idx idx = readIdx(file);
        Optional<Path> labelsFile = idx.dimensions() == 1 ? Optional.empty() : labelsFileFor(file);
        if (labelsFile.isEmpty()) {
            return table(idx);
        }
        Matrix values = idx.values();
        List<String> names = Fields.generated("p", values.cols());
        Matrix labels = readIdx(labelsFile.get()).values();
        if (labels.cols() != 1 || labels.rows() != values.rows()) {
            throw new DataFormatException(labelsFile.get().toString(), "holds " + labels.rows() + " x "
                    + labels.cols() + " values, but " + file + " has " + values.rows() + " samples (one label each)");
        }
        List<String> all = new java.util.ArrayList<>(names);
        all.add("label");
        return new Table(values.stackColumns(labels), all, new int[] {values.cols()}, false);
    }

    /** Reads stored IDX content (no labels file beside it). */
    @Override
    public Table read(InputStream in, String name) {
        return table(parse(in, name, -1));
    }

    private static Table table(Idx idx) {
        Matrix values = idx.values();
        if (idx.dimensions() == 1) {
            return new Table(values, List.of("label"), new int[0], false);
        }
        return new Table(values, Fields.generated("p", values.cols()), new int[0], false);
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
        long length = -1;
        try {
            if (!file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gz")) {
                length = Files.size(file);
            }
        } catch (IOException e) {
            length = -1;
        }
        try (InputStream in = DataFiles.open(file)) {
            return parse(in, file.toString(), length);
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
    }

    /**
     * Reads already opened (and decompressed) IDX content; {@code in} is not closed, {@code name} is for errors.
     * Sizes are computed in long arithmetic: a header declaring more values than one matrix holds, or (with the
     * file's length known, {@code length >= 0}) more bytes than the file has, is refused before anything is allocated;
     * with the length unknown (a compressed file) the values are read in chunks, so a header larger than its content
     * says the file is truncated instead of filling the heap.
     */
    static Idx parse(InputStream in, String name, long length) {
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
            String declared = java.util.Arrays.stream(shape).mapToObj(Long::toString)
                    .collect(java.util.stream.Collectors.joining(" x "));
            long cols = 1;
            for (int d = 1; d < dims; d++) {
                if (shape[d] != 0 && cols > Long.MAX_VALUE / shape[d]) {
                    cols = Long.MAX_VALUE;
                    break;
                }
                cols *= shape[d];
            }
            int values;
            try {
                values = Matrix.checkedSize(shape[0], cols);
            } catch (IllegalArgumentException e) {
                throw new DataFormatException(name, "the IDX header declares " + declared + " values, more than "
                        + "one matrix holds (" + Matrix.MAX_VALUES + "); the header is damaged or the file is not "
                        + "an IDX file");
            }
            long bytes = (long) values * size;
            if (length >= 0 && offset + bytes > length) {
                throw new DataFormatException(name, "truncated: the IDX header declares " + declared + " values ("
                        + (offset + bytes) + " bytes with the header) but the file holds " + length + " bytes");
            }
            if (length >= 0 && offset + bytes < length) {
                throw new DataFormatException(name, "trailing bytes after the " + shape[0] + " samples the header "
                        + "declares (" + (length - offset - bytes) + " bytes from byte " + (offset + bytes) + ")");
            }
            int n = (int) shape[0];
            int p = (int) cols;
            if (n == 0 || p == 0) {
                return new Idx(Matrix.zeros(n, p), dims);
            }
            // known length (checked above) or small content: one matrix; else chunks, so that a header larger than
            // the compressed content ends as "truncated", not as a full heap
            int samplesPerChunk = length >= 0 || bytes <= DIRECT_BYTES ? n
                    : (int) Math.max(1, Math.min(n, (1 << 20) / Math.max(1L, (long) p * size)));
            boolean direct = samplesPerChunk == n;
            Matrix whole = direct ? Matrix.zeros(n, p) : null;
            byte[] buffer = new byte[p * size];
            java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(buffer);
            java.util.List<double[]> chunks = new java.util.ArrayList<>();
            double[] chunk = null;
            for (int i = 0; i < n; i++) {
                int inChunk = i % samplesPerChunk;
                if (!direct && inChunk == 0) {
                    chunk = new double[Math.min(samplesPerChunk, n - i) * p];
                    chunks.add(chunk);
                }
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
                    if (direct) {
                        whole.data()[i + j * n] = v;
                    } else {
                        chunk[inChunk * p + j] = v;
                    }
                }
                offset += buffer.length;
            }
            if (data.read() >= 0) {
                throw new DataFormatException(name, "trailing bytes after the " + n + " samples the header declares"
                        + " (at byte " + offset + ")");
            }
            if (direct) {
                return new Idx(whole, dims);
            }
            Matrix m = Matrix.zeros(n, p);
            double[] out = m.data();
            int row = 0;
            for (double[] c : chunks) {
                int rows = c.length / p;
                for (int r = 0; r < rows; r++, row++) {
                    for (int j = 0; j < p; j++) {
                        out[row + j * n] = c[r * p + j];
                    }
                }
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
