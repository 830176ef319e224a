package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.feature.HashingTF;
import org.apache.spark.ml.feature.Tokenizer;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.spark.fit.FitSummary;

/**
 * Sparse inputs on Spark: HashingTF's 2^18 columns stay sparse through the landmarks and the kernel features, so the
 * fit holds what a dense fit of 100 columns of the same rows holds; and sparse vectors give the dense vectors' model.
 */
class SparseFitTest {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 3.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-1]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 2}}";

    /** Documents of 5 to 20 words out of 200; the target counts the words of the first tenth. */
    private static Dataset<Row> documents(int n, long seed) {
        Random r = new Random(seed);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder text = new StringBuilder();
            int hits = 0;
            int words = 5 + r.nextInt(16);
            for (int w = 0; w < words; w++) {
                int word = r.nextInt(200);
                hits += word < 20 ? 1 : 0;
                text.append(w == 0 ? "" : " ").append("w").append(word);
            }
            rows.add(RowFactory.create(text.toString(), (double) hits));
        }
        StructType schema = new StructType().add("text", DataTypes.StringType, false)
                .add("label", DataTypes.DoubleType, false);
        return LocalSpark.session().createDataFrame(rows, schema);
    }

    private static Dataset<Row> hashed(Dataset<Row> docs, int features) {
        Dataset<Row> words = new Tokenizer().setInputCol("text").setOutputCol("words").transform(docs);
        return new HashingTF().setInputCol("words").setOutputCol("features").setNumFeatures(features)
                .transform(words);
    }

    /** The rows' features and labels with the vectors made dense, in the same order. */
    private static Dataset<Row> dense(Dataset<Row> rows) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows.select("features", "label").collectAsList()) {
            out.add(RowFactory.create(Vectors.dense(((Vector) r.get(0)).toArray()), r.get(1)));
        }
        return LocalSpark.session().createDataFrame(out, rows.select("features", "label").schema());
    }

    @Test
    void hashedTextOfTwoToTheEighteenColumnsFitsInWhatOneHundredDenseColumnsTake() {
        Dataset<Row> docs = documents(2000, 1);
        Dataset<Row> wide = hashed(docs, 1 << 18).cache();
        assertThat(wide.first().<Vector>getAs("features")).isInstanceOf(SparseVector.class);
        OklSparkModel sparse = new OklEstimator().setPipeline(PIPELINE).fit(wide);
        OklSparkModel dense = new OklEstimator().setPipeline(PIPELINE).fit(dense(hashed(docs, 100)));

        FitSummary s = sparse.summary();
        FitSummary d = dense.summary();
        assertThat(s.sparse()).isTrue();
        assertThat(d.sparse()).isFalse();
        assertThat(s.rows()).isEqualTo(2000);
        assertThat(s.cachedBytes()).as("the cached sparse rows").isLessThan(d.cachedBytes());
        long landmarks = s.passes().stream().filter(p -> p.name().equals("per-fold sums")).findFirst().orElseThrow()
                .broadcastBytes();
        long denseLandmarks = d.passes().stream().filter(p -> p.name().equals("per-fold sums")).findFirst()
                .orElseThrow().broadcastBytes();
        assertThat(landmarks).as("the sparse landmarks broadcast").isLessThan(denseLandmarks);
        assertThat(s.resultBytes()).as("what the executors sent the driver does not grow with p")
                .isLessThan(2 * d.resultBytes());
        assertThat(ModelArrays.predictorArray(sparse.oklModel(), "landmark-values").length)
                .as("60 landmarks of at most 20 words").isLessThanOrEqualTo(60 * 20);

        // predictions on the executors (sparse blocks) are the model's own
        List<Row> predicted = sparse.transform(wide).select("features", "label", "prediction").collectAsList();
        Model model = sparse.oklModel();
        for (int i = 0; i < 50; i++) {
            SparseVector v = (SparseVector) predicted.get(i).get(0);
            org.okl.api.linalg.SparseMatrix row = new org.okl.api.linalg.SparseMatrix(1, v.size(),
                    new int[] {0, v.indices().length}, v.indices(), v.values());
            assertThat(predicted.get(i).getDouble(2)).isCloseTo(model.predict(row).outputs().get(0, 0),
                    org.assertj.core.data.Offset.offset(1e-10));
        }

        // the target is linear in the word counts: a linear kernel on the sparse rows, with landmarks that span the
        // 200 words, learns it
        OklSparkModel linear = new OklEstimator().setPipeline(PIPELINE.replace("\"gaussian\", \"sigma\": 3.0",
                "\"linear\"").replace("\"rank\": 60", "\"rank\": 400").replace("[1e-3, 1e-1]", "[1e-7, 1e-5]"))
                .fit(wide);
        List<Row> fitted = linear.transform(wide).select("label", "prediction").collectAsList();
        double mean = fitted.stream().mapToDouble(r -> r.getDouble(0)).average().orElseThrow();
        double error = 0;
        double spread = 0;
        for (Row r : fitted) {
            error += Math.pow(r.getDouble(0) - r.getDouble(1), 2);
            spread += Math.pow(r.getDouble(0) - mean, 2);
        }
        assertThat(error).isLessThan(0.1 * spread);
    }

    @Test
    void sparseVectorsGiveTheModelOfTheSameVectorsDense() {
        Dataset<Row> docs = documents(900, 2);
        Dataset<Row> sparseRows = hashed(docs, 64).select("features", "label");
        Dataset<Row> denseRows = dense(sparseRows);
        List<Row> asDense = denseRows.collectAsList();
        OklSparkModel sparse = new OklEstimator().setPipeline(PIPELINE).fit(sparseRows);
        OklSparkModel dense = new OklEstimator().setPipeline(PIPELINE).fit(denseRows);
        assertThat(sparse.summary().sparse()).isTrue();
        assertThat(dense.summary().sparse()).isFalse();
        Model s = sparse.oklModel();
        Model d = dense.oklModel();
        assertThat(s.pathIndex()).isEqualTo(d.pathIndex());
        Matrix x = Matrix.fromRows(asDense.stream().limit(100).map(r -> ((Vector) r.get(0)).toArray())
                .toArray(double[][]::new));
        Matrix p = s.predict(x).outputs();
        Matrix q = d.predict(x).outputs();
        assertThat(p.maxAbsDifference(q) / q.frobeniusNorm()).isLessThan(1e-8);
    }
}
