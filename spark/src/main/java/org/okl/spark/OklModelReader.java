package org.okl.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Okl;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.ShippedPlugins;
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
        // the model's components may come from the driver's plugin folders (OKL_PLUGINS), which go to the executors
        ModelBroadcast shared = ModelBroadcast.ofBytes(bytes, ShippedPlugins.ship(sparkSession().sparkContext(),
                Okl.foldersFromEnvironment()));
        OklSparkModel model = new OklSparkModel(metadata.uid(), shared.model(), shared, false);
        metadata.getAndSetParams(model, Option.empty());
        return model;
    }
}
