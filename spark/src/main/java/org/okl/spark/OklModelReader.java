package org.okl.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.spark.exec.ExecutorOkl;
import org.okl.spark.exec.ModelBroadcast;
import scala.Option;

/** Loads what {@link OklModelWriter} saved: the params from the metadata, the OKL model from its file. */
final class OklModelReader extends MLReader<OklSparkModel> {

    @Override
    public OklSparkModel load(String path) {
        DefaultParamsReader.Metadata metadata = SparkMetadata.load(path, sparkSession(), OklSparkModel.class.getName());
        Path file = new Path(path, OklModelWriter.MODEL_FILE);
        byte[] bytes;
        try (InputStream in = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration()).open(file)) {
            bytes = in.readAllBytes();
        } catch (java.io.FileNotFoundException e) {
            throw new OklException(ErrorCode.INVALID_MODEL, file + ": no OKL model file under the saved model");
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read the model file", e);
        }
        ModelBroadcast shared = ModelBroadcast.ofBytes(bytes);
        OklSparkModel model = new OklSparkModel(metadata.uid(), shared.model(), shared, false);
        metadata.getAndSetParams(model, Option.empty());
        return model;
    }
}
