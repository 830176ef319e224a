package org.okl.spark.data;

import java.util.function.Supplier;
import org.apache.spark.SparkContext;

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
}
