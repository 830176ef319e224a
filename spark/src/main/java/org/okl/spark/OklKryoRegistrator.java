package org.okl.spark;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.List;
import org.apache.spark.serializer.KryoRegistrator;

/**
 * Registers with Kryo every class okl-spark sends between the driver and the executors (broadcasts, task results,
 * cached and shuffled row blocks), so that a cluster that sets {@code spark.serializer=
 * org.apache.spark.serializer.KryoSerializer}, even with {@code spark.kryo.registrationRequired=true}, fits and
 * predicts. Set {@code spark.kryo.registrator=org.okl.spark.OklKryoRegistrator} (beside any other registrators,
 * comma-separated).
 *
 * <p>They travel as Java serialization inside Kryo ({@link JavaSerializer}): several are records, which Kryo 4's field
 * serializer cannot build on Java 17 and later, and the per-fold sums replace themselves by a packed form when they are
 * written ({@code writeReplace}), which only Java serialization honours. The payloads are a few large arrays, for
 * which Java serialization is as compact as Kryo's.
 */
public final class OklKryoRegistrator implements KryoRegistrator {
    /** The classes, by name (several are private to their package). */
    static final List<String> CLASSES = List.of(
            "org.okl.spark.exec.ArrayData",
            "org.okl.spark.exec.SketchRecipe",
            "org.okl.spark.exec.ModelBroadcast",
            "org.okl.spark.data.RowBlock",
            "org.okl.spark.data.ColumnLayout",
            "org.okl.spark.fit.PartialSums",
            "org.okl.spark.fit.ChunkPieces$Piece",
            "org.okl.spark.fit.SparkRows$IndexedRow",
            "org.okl.spark.fit.SparkFalkonPasses$TaskSetup",
            "org.okl.spark.fit.SparkFalkonPasses$Holder",
            "org.okl.spark.fit.DistributedSketch$Holder",
            "org.okl.spark.fit.DistributedSketch$Keys",
            "org.okl.spark.fit.TransformStatisticsPass$Task",
            "org.okl.spark.fit.TransformStatisticsPass$Part",
            "org.okl.spark.fit.FitSummary",
            "org.okl.spark.fit.SplitResiduals$Kept",
            "org.okl.spark.fit.FitSummary$Pass",
            "org.okl.spark.decode.TopCandidates",
            "org.okl.spark.MultiOutputEvaluator$Sums",
            "org.okl.linalg.streamed.FoldAggregates");

    @Override
    public void registerClasses(Kryo kryo) {
        // broadcast arrays of the Falkon passes' weights
        kryo.register(double[][].class);
        JavaSerializer java = new JavaSerializer();
        for (String name : CLASSES) {
            try {
                kryo.register(Class.forName(name, false, OklKryoRegistrator.class.getClassLoader()), java);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("okl-spark's Kryo registrator names a class this JAR does not hold: "
                        + name, e);
            }
        }
    }
}
