package org.okl.parquet.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.okl.api.data.TableSink;
import org.okl.api.linalg.Matrix;

/**
 * Rows written as a Parquet file through Apache Parquet's writer (Snappy pages from {@link PureJavaCodecs}): one
 * required double column per name, row groups of Parquet's default size.
 */
final class ParquetSink implements TableSink {
    private final ParquetWriter<double[]> writer;
    private final int columns;

    ParquetSink(OutputStream out, List<String> names) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (String name : names) {
            message.required(PrimitiveType.PrimitiveTypeName.DOUBLE).named(name);
        }
        MessageType schema = message.named("okl");
        columns = names.size();
        try {
            writer = new Builder(new StreamFile(out), schema).withConf(new PlainParquetConfiguration())
                    .withCodecFactory(new PureJavaCodecs()).withCompressionCodec(CompressionCodecName.SNAPPY)
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void write(Matrix rows) {
        if (rows.cols() != columns) {
            throw new IllegalArgumentException(rows.cols() + " columns written to a file of " + columns);
        }
        try {
            for (int i = 0; i < rows.rows(); i++) {
                double[] row = new double[columns];
                for (int j = 0; j < columns; j++) {
                    row[j] = rows.get(i, j);
                }
                writer.write(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void finish() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Builder extends ParquetWriter.Builder<double[], Builder> {
        private final MessageType schema;

        Builder(OutputFile file, MessageType schema) {
            super(file);
            this.schema = schema;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<double[]> getWriteSupport(Configuration conf) {
            return new Rows(schema);
        }

        @Override
        protected WriteSupport<double[]> getWriteSupport(ParquetConfiguration conf) {
            return new Rows(schema);
        }
    }

    /** Each row a record of doubles. */
    private static final class Rows extends WriteSupport<double[]> {
        private final MessageType schema;
        private RecordConsumer consumer;

        Rows(MessageType schema) {
            this.schema = schema;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema, Map.of());
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(schema, Map.of());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            consumer = recordConsumer;
        }

        @Override
        public void write(double[] row) {
            consumer.startMessage();
            for (int j = 0; j < row.length; j++) {
                String name = schema.getFieldName(j);
                consumer.startField(name, j);
                consumer.addDouble(row[j]);
                consumer.endField(name, j);
            }
            consumer.endMessage();
        }
    }

    /** The caller's stream as Parquet's output file (the caller makes it atomic and closes it). */
    private record StreamFile(OutputStream out) implements OutputFile {

        @Override
        public PositionOutputStream create(long blockSizeHint) {
            return new PositionOutputStream() {
                private long position;

                @Override
                public long getPos() {
                    return position;
                }

                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    position++;
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                    position += len;
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            };
        }

        @Override
        public PositionOutputStream createOrOverwrite(long blockSizeHint) {
            return create(blockSizeHint);
        }

        @Override
        public boolean supportsBlockSize() {
            return false;
        }

        @Override
        public long defaultBlockSize() {
            return 0;
        }
    }
}
