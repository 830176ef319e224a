package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.SparkEnv;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.BlockId;
import org.apache.spark.storage.BlockManager;
import org.apache.spark.storage.BroadcastBlockId;
import org.junit.jupiter.api.Test;
import org.okl.spark.exec.ModelBroadcast;
import scala.Option;

/**
 * What OKL broadcasts is released when done: after a Falkon fit no broadcast of OKL's remains in the driver's block
 * manager (the recipe's broadcast lived as long as the rows' object that made it, until a garbage collection let
 * Spark's cleaner find it); a model and its copies (a {@code Pipeline}'s, a {@code CrossValidator}'s) share one
 * broadcast of the model.
 */
class BroadcastsReleasedTest {

    /** The ids of the broadcasts whose value, held on the driver, is one of OKL's classes. */
    static Set<Long> oklBroadcasts(String prefix) {
        BlockManager bm = SparkEnv.get().blockManager();
        scala.Function1<BlockId, Object> values = b -> b instanceof BroadcastBlockId id && id.field().isEmpty();
        Set<Long> out = new TreeSet<>();
        for (BlockId id : scala.jdk.javaapi.CollectionConverters.asJava(bm.getMatchingBlockIds(values))) {
            Option<scala.collection.Iterator<Object>> held = bm.memoryStore().getValues(id);
            scala.collection.Iterator<Object> it = held.isDefined() ? held.get() : null;
            if (it != null && it.hasNext() && it.next().getClass().getName().startsWith(prefix)) {
                out.add(((BroadcastBlockId) id).broadcastId());
            }
        }
        return out;
    }

    /** Waits up to 10 s for the broadcasts made since {@code before} to be removed (destroy is asynchronous). */
    private static Set<Long> leftSince(Set<Long> before, String prefix) throws InterruptedException {
        Set<Long> left = new TreeSet<>();
        for (int tries = 0; tries < 100; tries++) {
            left = oklBroadcasts(prefix);
            left.removeAll(before);
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        return left;
    }

    @Test
    void noOklBroadcastRemainsAfterAFalkonFit() throws InterruptedException {
        SyntheticData d = SyntheticData.draw(600, 3, 2, 151);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        Set<Long> before = oklBroadcasts("org.okl.");
        OklSparkModel model = new OklEstimator().setPipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 30},"
                + " \"solver\": {\"name\": \"falkon\", \"iterations\": 20},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}}").setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(data);
        assertThat(model.oklModel().provenance().solver()).isEqualTo("falkon");
        assertThat(leftSince(before, "org.okl.")).as("OKL's broadcasts left after the fit").isEmpty();
    }

    @Test
    void aModelAndItsCopiesBroadcastTheModelOnce() {
        SyntheticData d = SyntheticData.draw(300, 3, 2, 152);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2);
        OklSparkModel model = new OklEstimator().setPipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 20},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}}").setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(data);
        String held = ModelBroadcast.class.getName();
        Set<Long> before = oklBroadcasts(held);
        assertThat(model.transform(data).count()).isEqualTo(300);
        assertThat(model.copy(ParamMap.empty()).transform(data).count()).isEqualTo(300);
        assertThat(model.copy(ParamMap.empty()).setPredictionCol("other").transform(data).count()).isEqualTo(300);
        Set<Long> made = oklBroadcasts(held);
        made.removeAll(before);
        assertThat(made).as("one broadcast for the model and its copies").hasSize(1);
    }
}
