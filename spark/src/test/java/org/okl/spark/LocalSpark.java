package org.okl.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one {@code local[2]} Spark session the module's unit tests share (starting one takes seconds), stopped when
 * the test JVM exits.
 */
public final class LocalSpark {
    private static SparkSession session;

    private LocalSpark() {
    }

    /** The shared session. */
    public static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2]")
                    .appName("okl-spark tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.driver.host", "127.0.0.1")
                    .getOrCreate();
            Runtime.getRuntime().addShutdownHook(new Thread(session::stop, "okl-spark-test-stop"));
        }
        return session;
    }
}
