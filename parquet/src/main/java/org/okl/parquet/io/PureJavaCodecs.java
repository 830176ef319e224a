package org.okl.parquet.io;

import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Parquet's page codecs without Hadoop and without native code: Snappy and Zstandard from aircompressor (pure Java),
 * gzip from the JDK. Parquet's own codec factory builds on Hadoop's {@code CompressionCodec}, which would pull the
 * Hadoop client (about 50 MB) into OKL; this is only the glue between Parquet's interface and those libraries.
 * Pages OKL writes (predictions) are Snappy.
 */
final class PureJavaCodecs implements CompressionCodecFactory {

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.SNAPPY && codec != CompressionCodecName.UNCOMPRESSED) {
            throw new UnsupportedOperationException("OKL writes Snappy or uncompressed pages, not " + codec);
        }
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                if (codec == CompressionCodecName.UNCOMPRESSED) {
                    return bytes;
                }
                byte[] in = bytes.toByteArray();
                SnappyCompressor snappy = new SnappyCompressor();
                byte[] out = new byte[snappy.maxCompressedLength(in.length)];
                int n = snappy.compress(in, 0, in.length, out, 0, out.length);
                return BytesInput.from(out, 0, n);
            }

            @Override
            public CompressionCodecName getCodecName() {
                return codec;
            }

            @Override
            public void release() {
            }
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case UNCOMPRESSED, SNAPPY, ZSTD, GZIP -> new Decompressor(codec);
            default -> throw new UnsupportedOperationException("pages compressed with " + codec
                    + " (OKL reads uncompressed, Snappy, Zstandard and gzip pages)");
        };
    }

    @Override
    public void release() {
    }

    private record Decompressor(CompressionCodecName codec) implements BytesInputDecompressor {

        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                return bytes;
            }
            return BytesInput.from(decompress(bytes.toByteArray(), uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.get(in);
            output.put(codec == CompressionCodecName.UNCOMPRESSED ? in : decompress(in, uncompressedSize));
        }

        @Override
        public void release() {
        }

        private byte[] decompress(byte[] in, int uncompressedSize) throws IOException {
            byte[] out = new byte[uncompressedSize];
            int written;
            try {
                written = switch (codec) {
                    case SNAPPY -> new SnappyDecompressor().decompress(in, 0, in.length, out, 0, out.length);
                    case ZSTD -> new ZstdDecompressor().decompress(in, 0, in.length, out, 0, out.length);
                    case GZIP -> gunzip(in, out);
                    default -> throw new IllegalStateException(codec.toString());
                };
            } catch (RuntimeException e) {
                throw new IOException("corrupt " + codec + " page: " + e.getMessage(), e);
            }
            if (written != uncompressedSize) {
                throw new IOException("corrupt " + codec + " page: " + written + " bytes where the header says "
                        + uncompressedSize);
            }
            return out;
        }

        private static int gunzip(byte[] in, byte[] out) throws IOException {
            try (InputStream z = new GZIPInputStream(new ByteArrayInputStream(in))) {
                int n = z.readNBytes(out, 0, out.length);
                if (z.read() != -1) {
                    throw new IOException("more bytes than the page header says");
                }
                return n;
            }
        }
    }
}
