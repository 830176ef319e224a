package org.okl.parquet.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One column chunk of numbers (DOUBLE, FLOAT, INT32, INT64; required or optional, not repeated) decoded page by page
 * in bulk rather than one value at a time through Parquet's column reader: a version 1 page whose values are PLAIN
 * is copied straight from its (decompressed) bytes, one whose values index a PLAIN dictionary is looked up from a
 * decoded copy of the dictionary, and definition levels (RLE) place the nulls, which read as NaN. The values are
 * those Parquet's column reader gives, bit for bit. Anything else (version 2 pages, other encodings, booleans and
 * text, a page that does not add up, an infinite value) is declined, and the caller reads the chunk through Parquet's
 * column reader, which then also reports what is wrong.
 */
final class BulkColumn {

    private BulkColumn() {
    }

    /** Whether the column is one this decoder may take (its pages still decide). */
    static boolean takes(ColumnDescriptor column) {
        if (column.getMaxRepetitionLevel() != 0) {
            return false;
        }
        return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case DOUBLE, FLOAT, INT32, INT64 -> true;
            default -> false;
        };
    }

    /**
     * Decodes the chunk's {@code rows} values into {@code out} from {@code offset}, or declines (false; what was
     * written there is then to be overwritten by the caller's reading).
     *
     * @throws IOException when a page's bytes cannot be read
     */
    static boolean decode(BufferedPages pages, ColumnDescriptor column, int rows, double[] out, int offset)
            throws IOException {
        if (!takes(column)) {
            return false;
        }
        PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
        double[] dictionary = null;
        DictionaryPage dictionaryPage = pages.dictionaryPage();
        if (dictionaryPage != null) {
            Encoding e = dictionaryPage.getEncoding();
            if (e != Encoding.PLAIN && e != Encoding.PLAIN_DICTIONARY) {
                return false;
            }
            int size = dictionaryPage.getDictionarySize();
            ByteBuffer bytes = dictionaryPage.getBytes().toByteBuffer().slice().order(ByteOrder.LITTLE_ENDIAN);
            if (size < 0 || (long) size * width(type) > bytes.remaining()) {
                return false;
            }
            dictionary = new double[size];
            plain(type, bytes, size, dictionary, 0);
        }
        int maxDefinition = column.getMaxDefinitionLevel();
        int at = 0;
        for (DataPage page = pages.next(); page != null; page = pages.next()) {
            if (!(page instanceof DataPageV1 v1)) {
                return false;
            }
            int count = v1.getValueCount();
            if (count < 0 || count > rows - at) {
                return false;
            }
            ByteBuffer bytes = BufferedPages.bytes(v1);
            int[] levels = null;
            int defined = count;
            if (maxDefinition > 0) {
                if (v1.getDlEncoding() != Encoding.RLE || bytes.remaining() < 4) {
                    return false;
                }
                int length = bytes.getInt(0);
                if (length < 0 || length > bytes.remaining() - 4) {
                    return false;
                }
                RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(
                        BytesUtils.getWidthFromMaxInt(maxDefinition), ByteBufferInputStream.wrap(bytes.slice(4,
                                length)));
                levels = new int[count];
                defined = 0;
                for (int i = 0; i < count; i++) {
                    levels[i] = d.readInt();
                    if (levels[i] == maxDefinition) {
                        defined++;
                    }
                }
                bytes = bytes.slice(4 + length, bytes.remaining() - 4 - length).order(ByteOrder.LITTLE_ENDIAN);
            }
            boolean dense = defined == count;
            double[] values = dense ? out : new double[defined];
            int start = dense ? offset + at : 0;
            Encoding encoding = v1.getValueEncoding();
            if (encoding == Encoding.PLAIN) {
                if ((long) defined * width(type) > bytes.remaining()) {
                    return false;
                }
                plain(type, bytes, defined, values, start);
            } else if ((encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY)
                    && dictionary != null) {
                if (defined > 0 && !indexed(bytes, defined, dictionary, values, start)) {
                    return false;
                }
            } else {
                return false;
            }
            if (!dense) {
                int k = 0;
                for (int i = 0; i < count; i++) {
                    out[offset + at + i] = levels[i] == maxDefinition ? values[k++] : Double.NaN;
                }
            }
            at += count;
        }
        if (at != rows) {
            return false;
        }
        if (type == PrimitiveTypeName.DOUBLE || type == PrimitiveTypeName.FLOAT) {
            for (int i = offset; i < offset + rows; i++) {
                if (Double.isInfinite(out[i])) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int width(PrimitiveTypeName type) {
        return type == PrimitiveTypeName.DOUBLE || type == PrimitiveTypeName.INT64 ? 8 : 4;
    }

    /** {@code count} PLAIN values from the buffer's position (little-endian), widened to double. */
    private static void plain(PrimitiveTypeName type, ByteBuffer bytes, int count, double[] out, int offset) {
        switch (type) {
            case DOUBLE -> bytes.asDoubleBuffer().get(out, offset, count);
            case FLOAT -> {
                java.nio.FloatBuffer f = bytes.asFloatBuffer();
                for (int i = 0; i < count; i++) {
                    out[offset + i] = f.get(i);
                }
            }
            case INT32 -> {
                java.nio.IntBuffer n = bytes.asIntBuffer();
                for (int i = 0; i < count; i++) {
                    out[offset + i] = n.get(i);
                }
            }
            case INT64 -> {
                java.nio.LongBuffer n = bytes.asLongBuffer();
                for (int i = 0; i < count; i++) {
                    out[offset + i] = n.get(i);
                }
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }

    /** {@code count} dictionary indices (a bit width, then RLE / bit-packed runs) looked up; false on a bad one. */
    private static boolean indexed(ByteBuffer bytes, int count, double[] dictionary, double[] out, int offset)
            throws IOException {
        if (!bytes.hasRemaining()) {
            return false;
        }
        int bitWidth = bytes.get(0) & 0xff;
        if (bitWidth > 32) {
            return false;
        }
        RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(bitWidth,
                ByteBufferInputStream.wrap(bytes.slice(1, bytes.remaining() - 1)));
        for (int i = 0; i < count; i++) {
            int k = d.readInt();
            if (k < 0 || k >= dictionary.length) {
                return false;
            }
            out[offset + i] = dictionary[k];
        }
        return true;
    }
}
