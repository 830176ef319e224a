package org.okl.spark;

import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.SparkEnv;
import org.apache.spark.storage.BlockId;
import org.apache.spark.storage.BlockManager;
import org.apache.spark.storage.BroadcastBlockId;
import scala.Option;

/** The broadcasts the driver's block manager holds (local mode: the driver is the executor too), by their values. */
public final class DriverBlocks {
    private DriverBlocks() {
    }

    /** The ids of the broadcasts whose value, held on the driver, is of a class whose name starts with the prefix. */
    public static Set<Long> broadcasts(String prefix) {
        BlockManager bm = SparkEnv.get().blockManager();
        scala.Function1<BlockId, Object> values = b -> b instanceof BroadcastBlockId id && id.field().isEmpty();
        Set<Long> out = new TreeSet<>();
        for (scala.collection.Iterator<BlockId> ids = bm.getMatchingBlockIds(values).iterator(); ids.hasNext(); ) {
            BlockId id = ids.next();
            // (the element type differs between Spark 3.5 and 4: read it as a raw option)
            Option<?> held = bm.memoryStore().getValues(id);
            scala.collection.Iterator<?> it = held.isDefined() ? (scala.collection.Iterator<?>) held.get() : null;
            if (it != null && it.hasNext() && it.next().getClass().getName().startsWith(prefix)) {
                out.add(((BroadcastBlockId) id).broadcastId());
            }
        }
        return out;
    }

    /** Waits up to 10 s for the broadcasts made since {@code before} to be removed (destroy is asynchronous). */
    public static Set<Long> leftSince(Set<Long> before, String prefix) throws InterruptedException {
        Set<Long> left = new TreeSet<>();
        for (int tries = 0; tries < 100; tries++) {
            left = broadcasts(prefix);
            left.removeAll(before);
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        return left;
    }
}
