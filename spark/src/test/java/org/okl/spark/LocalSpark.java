package org.okl.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one {@code local[2]} Spark session the module's unit tests share (starting one takes seconds), stopped when
 * the test JVM exits; with Kryo when the suite runs that way ({@link #KRYO}).
 */
public final class LocalSpark {
    /**
     * Whether the suite runs with Kryo, registration required ({@code -Dokl.spark.kryo=true}, the second surefire
     * execution of the module), as most clusters are set.
     */
    public static final boolean KRYO = Boolean.getBoolean("okl.spark.kryo");
    private static SparkSession session;

    private LocalSpark() {
    }

    /** What Spark ML's own RegressionEvaluator sends (its summarizer's metrics), for the tests that use it. */
    private static final String SUMMARIZER = java.util.stream.Stream.of("ComputeL1$", "ComputeM2$", "ComputeM2n$",
            "ComputeMax$", "ComputeMean$", "ComputeMin$", "ComputeNNZ$", "ComputeWeightSum$", "Count$", "Max$", "Mean$",
            "Min$", "NormL1$", "NormL2$", "NumNonZeros$", "Std$", "Sum$", "Variance$", "ComputeMetric", "Metric",
            "ComputeMetric[]", "Metric[]").map(c -> c.endsWith("[]")
                    ? "[Lorg.apache.spark.ml.stat.SummaryBuilderImpl$" + c.substring(0, c.length() - 2) + ";"
                    : "org.apache.spark.ml.stat.SummaryBuilderImpl$" + c)
            .collect(java.util.stream.Collectors.joining(","));

    /** Kryo with registration required and OKL's registrator, the way a cluster sets it. */
    public static void kryo(java.util.function.BiConsumer<String, String> config) {
        config.accept("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
        config.accept("spark.kryo.registrationRequired", "true");
        config.accept("spark.kryo.registrator", OklKryoRegistrator.class.getName());
        // the tests' own data sets are built from Java rows (createDataFrame of an RDD of Row), which a cluster's
        // application registers as it registers its own classes
        config.accept("spark.kryo.classesToRegister", "org.apache.spark.sql.catalyst.expressions.GenericRow,"
                + "org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema,[Ljava.lang.Object;,"
                + "org.apache.spark.ml.stat.SummarizerBuffer,"
                // Spark's Parquet writer sends the written schema back with each task's result
                + "org.apache.spark.sql.types.ArrayType," + SUMMARIZER);
    }

    /** The shared session. */
    public static synchronized SparkSession session() {
        if (session == null) {
            SparkSession.Builder builder = SparkSession.builder()
                    .master("local[2]")
                    .appName("okl-spark tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.driver.host", "127.0.0.1");
            if (KRYO) {
                kryo(builder::config);
            }
            session = builder.getOrCreate();
            Runtime.getRuntime().addShutdownHook(new Thread(session::stop, "okl-spark-test-stop"));
        }
        return session;
    }
}
