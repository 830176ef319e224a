package org.okl.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.util.MLWriter;

/**
 * Saves an {@link OklSparkModel}: Spark ML's metadata (class, uid, params) under {@code path/metadata} and the OKL
 * model file under {@code path/data/model.okl}, through Hadoop's file systems (local, HDFS, object stores).
 */
final class OklModelWriter extends MLWriter {
    /** Where the model file goes under the saved path. */
    static final String MODEL_FILE = "data/model.okl";

    private final OklSparkModel instance;

    OklModelWriter(OklSparkModel instance) {
        this.instance = instance;
    }

    @Override
    public void saveImpl(String path) {
        SparkMetadata.save(instance, path, sparkSession());
        Path file = new Path(path, MODEL_FILE);
        try (OutputStream out = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration())
                .create(file, false)) {
            out.write(instance.modelFileBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write the model file", e);
        }
    }
}
