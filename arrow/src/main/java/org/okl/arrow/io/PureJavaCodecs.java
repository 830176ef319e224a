package org.okl.arrow.io;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import org.apache.arrow.compression.Lz4CompressionCodec;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.AbstractCompressionCodec;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * The buffer codecs Arrow IPC writers use (pyarrow's Feather: LZ4 frames by default, or Zstandard), in pure Java:
 * LZ4 through Arrow's own codec (commons-compress), Zstandard through aircompressor, so that no native library
 * (zstd-jni) is shipped.
 */
final class PureJavaCodecs implements CompressionCodec.Factory {

    @Override
    public CompressionCodec createCodec(CompressionUtil.CodecType type) {
        return switch (type) {
            case NO_COMPRESSION -> NoCompressionCodec.INSTANCE;
            case LZ4_FRAME -> new Lz4CompressionCodec();
            case ZSTD -> new Zstd();
        };
    }

    @Override
    public CompressionCodec createCodec(CompressionUtil.CodecType type, int level) {
        return createCodec(type);
    }

    /** Zstandard frames through aircompressor (its default level when writing). */
    static final class Zstd extends AbstractCompressionCodec {
        private static final int HEADER = (int) CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;

        @Override
        protected ArrowBuf doCompress(BufferAllocator allocator, ArrowBuf uncompressed) {
            byte[] in = new byte[Math.toIntExact(uncompressed.writerIndex())];
            uncompressed.getBytes(0, in);
            ZstdCompressor compressor = new ZstdCompressor();
            byte[] out = new byte[compressor.maxCompressedLength(in.length)];
            int n = compressor.compress(in, 0, in.length, out, 0, out.length);
            ArrowBuf buf = allocator.buffer(HEADER + n);
            buf.setBytes(HEADER, out, 0, n);
            buf.writerIndex(HEADER + n);
            return buf;
        }

        @Override
        protected ArrowBuf doDecompress(BufferAllocator allocator, ArrowBuf compressed) {
            long length = readUncompressedLength(compressed);
            int size = Math.toIntExact(compressed.writerIndex() - HEADER);
            byte[] in = new byte[size];
            compressed.getBytes(HEADER, in);
            byte[] out = new byte[Math.toIntExact(length)];
            int n = new ZstdDecompressor().decompress(in, 0, in.length, out, 0, out.length);
            if (n != length) {
                throw new IllegalArgumentException("a Zstandard buffer holds " + n + " bytes where its header says "
                        + length);
            }
            ArrowBuf buf = allocator.buffer(length);
            buf.setBytes(0, out);
            buf.writerIndex(length);
            return buf;
        }

        @Override
        public CompressionUtil.CodecType getCodecType() {
            return CompressionUtil.CodecType.ZSTD;
        }
    }
}
