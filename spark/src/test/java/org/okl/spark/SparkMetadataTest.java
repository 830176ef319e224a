package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;

/**
 * Spark ML's metadata written and read by {@link SparkMetadata} on the Spark line the module was built for (each
 * line's CI run runs this): the session variants on Spark 4, the SparkContext ones on Spark 3.5, the same metadata.
 */
class SparkMetadataTest {

    @Test
    void usesTheSessionVariantsExactlyOnSparkFourAndLater() {
        SparkSession spark = LocalSpark.session();
        int major = Integer.parseInt(spark.version().split("\\.")[0]);
        assertThat(SparkMetadata.bySession()).as("Spark " + spark.version()).isEqualTo(major >= 4);
    }

    @Test
    void metadataWrittenIsReadBackWithItsParams(@TempDir Path dir) {
        SparkSession spark = LocalSpark.session();
        OklEstimator saved = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setLabelCol("target")
                .setSeed(17);
        String path = dir.resolve("stage").toString();
        SparkMetadata.save(saved, path, spark);

        DefaultParamsReader.Metadata metadata = SparkMetadata.load(path, spark, OklEstimator.class.getName());
        assertThat(metadata.uid()).isEqualTo(saved.uid());
        OklEstimator loaded = new OklEstimator();
        metadata.getAndSetParams(loaded, Option.empty());
        assertThat(loaded.getLabelCol()).isEqualTo("target");
        assertThat(loaded.getSeed()).isEqualTo(17L);
        assertThat(loaded.getPipeline()).isEqualTo(OklEstimatorTest.PIPELINE);
    }

    @Test
    void metadataOfAnotherClassIsRefusedWithSparksOwnError(@TempDir Path dir) {
        SparkSession spark = LocalSpark.session();
        String path = dir.resolve("stage").toString();
        SparkMetadata.save(new OklEstimator(), path, spark);
        // Spark's require(...) failure comes through as itself, not wrapped by the reflective call
        assertThatThrownBy(() -> SparkMetadata.load(path, spark, OklSparkModel.class.getName()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(OklSparkModel.class.getName());
    }
}
