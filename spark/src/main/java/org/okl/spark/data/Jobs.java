package org.okl.spark.data;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListenerJobStart;

/** Names the Spark jobs OKL runs (what the Spark UI and listeners show), restoring the caller's description after. */
public final class Jobs {
    /** The local property Spark shows as a job's description. */
    public static final String DESCRIPTION = "spark.job.description";

    private Jobs() {
    }

    /** Runs the action with the jobs it starts described as {@code okl: <what>}. */
    public static <T> T described(SparkContext sc, String what, Supplier<T> action) {
        String previous = sc.getLocalProperty(DESCRIPTION);
        sc.setLocalProperty(DESCRIPTION, "okl: " + what);
        try {
            return action.get();
        } finally {
            sc.setLocalProperty(DESCRIPTION, previous);
        }
    }

    /**
     * The ids of the stages a starting job runs. Walks Spark's Scala {@code Seq} with its own iterator, which Scala
     * 2.12 and 2.13 both have (the Java converters differ between them: okl-spark builds for both).
     */
    public static List<Integer> stageIds(SparkListenerJobStart job) {
        List<Integer> ids = new ArrayList<>();
        for (scala.collection.Iterator<Object> it = job.stageIds().iterator(); it.hasNext(); ) {
            ids.add((Integer) it.next());
        }
        return ids;
    }
}
