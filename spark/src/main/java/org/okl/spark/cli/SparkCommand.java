package org.okl.spark.cli;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.ParentCommand;

/**
 * What the commands share: the session, started from spark-submit's settings or {@code --master} (a session already
 * running in this JVM is used and left running; one started here is stopped at the end).
 */
abstract class SparkCommand implements Runnable {
    @ParentCommand
    OklSparkMain root;

    /** The Spark session (spark-submit's master, else {@code --master}, else {@code local[*]}). */
    SparkSession session(String name) {
        SparkConf conf = new SparkConf();
        SparkSession.Builder builder = SparkSession.builder().appName("okl-spark " + name);
        if (root.master != null) {
            builder.master(root.master);
        } else if (!conf.contains("spark.master")) {
            builder.master("local[*]");
        }
        return builder.getOrCreate();
    }

    @Override
    public final void run() {
        boolean existing = SparkSession.getActiveSession().isDefined() || SparkSession.getDefaultSession().isDefined();
        SparkSession spark = session(getClass().getSimpleName().replace("Command", "").toLowerCase(
                java.util.Locale.ROOT));
        try {
            run(spark);
        } finally {
            if (!existing) {
                spark.stop();
            }
        }
    }

    /** Runs the command in a session. */
    abstract void run(SparkSession spark);
}
