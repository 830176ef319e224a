package org.okl.spark.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * The okl-spark commands' files (model files, rankings) through Hadoop's file systems, as Spark reads data: a path
 * is local ({@code m.okl}, {@code /data/m.okl}, {@code file:///data/m.okl}) or on any file system the cluster
 * configures ({@code hdfs:///models/m.okl}, {@code s3a://bucket/m.okl}). A file is written whole to a temporary name
 * beside it and renamed at the end, so a failed write leaves no half-written file.
 */
final class HadoopFiles {
    private HadoopFiles() {
    }

    /**
     * The bytes of a file.
     *
     * @param what what the file is, for messages ({@code model file})
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a file that is missing or cannot be read
     */
    static byte[] read(Configuration conf, String file, String what) {
        Path path = new Path(file);
        try (InputStream in = path.getFileSystem(conf).open(path)) {
            return in.readAllBytes();
        } catch (FileNotFoundException e) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no such " + what);
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": cannot read the " + what + ": " + e.getMessage(),
                    e);
        }
    }

    /** Receives the stream a file's content is written to. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes a file (replacing one already there) through a temporary file beside it, renamed at the end.
     *
     * @param what what the file is, for messages
     * @throws OklException {@link ErrorCode#INVALID_DATA} when it cannot be written, with the reason
     */
    static void write(Configuration conf, String file, String what, Content content) {
        Path path = new Path(file);
        try {
            FileSystem fs = path.getFileSystem(conf);
            Path parent = path.getParent();
            if (parent != null && !fs.exists(parent)) {
                fs.mkdirs(parent);
            }
            Path tmp = new Path(parent, "." + path.getName() + "." + UUID.randomUUID() + ".tmp");
            try {
                try (OutputStream out = fs.create(tmp, false)) {
                    content.writeTo(out);
                }
                if (fs.exists(path) && !fs.delete(path, false)) {
                    throw new IOException("cannot replace the file there");
                }
                if (!fs.rename(tmp, path)) {
                    throw new IOException("cannot rename " + tmp.getName() + " to it");
                }
            } finally {
                fs.delete(tmp, false);
            }
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": cannot write the " + what + ": "
                    + e.getMessage(), e);
        }
    }
}
