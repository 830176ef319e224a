package org.okl.spark.data;

import java.util.Arrays;
import org.apache.spark.SparkConf;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Before a job: when the session serializes with Kryo, okl-spark's registrator must be among
 * {@code spark.kryo.registrator}, else the first task result would fail deep in Kryo ("can't get field offset on a
 * record class"). Checked on the driver, with what to set.
 */
public final class SerializerCheck {
    /** Spark's Kryo serializer. */
    public static final String KRYO = "org.apache.spark.serializer.KryoSerializer";
    /** OKL's registrator. */
    public static final String REGISTRATOR = "org.okl.spark.OklKryoRegistrator";

    private SerializerCheck() {
    }

    /**
     * Passes when the session uses Java serialization, or Kryo with OKL's registrator.
     *
     * @throws OklException {@link ErrorCode#USAGE} naming the setting to add
     */
    public static void require(SparkConf conf) {
        if (!KRYO.equals(conf.get("spark.serializer", "").trim())) {
            return;
        }
        String registrators = conf.get("spark.kryo.registrator", "");
        if (Arrays.stream(registrators.split(",")).map(String::trim).noneMatch(REGISTRATOR::equals)) {
            throw new OklException(ErrorCode.USAGE, "this Spark session serializes with Kryo (spark.serializer="
                    + KRYO + ") without okl-spark's registrator: add --conf spark.kryo.registrator=" + REGISTRATOR
                    + (registrators.isBlank() ? "" : "," + registrators.trim()) + " (or set it on the session "
                    + "builder before the session starts)");
        }
    }
}
