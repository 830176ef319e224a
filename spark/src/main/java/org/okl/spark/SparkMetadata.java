package org.okl.spark;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.apache.spark.SparkContext;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.sql.SparkSession;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import scala.Option;

/**
 * Spark ML's metadata of a saved model (class, uid, params), written and read through the session on every Spark line
 * okl-spark builds for: Spark 4 takes the {@link SparkSession} (its {@link SparkContext} variants are deprecated and
 * stand for the default session, not the writer's), Spark 3.5 has only the {@link SparkContext} variants. The method
 * is found once, by its parameter types; the other line's method does not exist there.
 */
final class SparkMetadata {
    private static final Method SAVE = find(DefaultParamsWriter.class, "saveMetadata", Params.class, String.class,
            SparkSession.class);
    private static final Method LOAD = find(DefaultParamsReader.class, "loadMetadata", String.class,
            SparkSession.class, String.class);

    private SparkMetadata() {
    }

    /** Whether this Spark has the session variants (Spark 4): what the methods below call. */
    static boolean bySession() {
        return SAVE != null && LOAD != null;
    }

    /** Writes the instance's metadata under {@code path/metadata}. */
    @SuppressWarnings("deprecation") // the SparkContext call is Spark 3.5's only one; Spark 4 never reaches it
    static void save(Params instance, String path, SparkSession spark) {
        if (SAVE != null) {
            call(SAVE, instance, path, spark);
        } else {
            DefaultParamsWriter.saveMetadata(instance, path, spark.sparkContext(), Option.empty(), Option.empty());
        }
    }

    /** Reads the metadata under {@code path/metadata}, checking that it is of the named class. */
    @SuppressWarnings("deprecation") // as in save
    static DefaultParamsReader.Metadata load(String path, SparkSession spark, String className) {
        if (LOAD != null) {
            return (DefaultParamsReader.Metadata) call(LOAD, path, spark, className);
        }
        return DefaultParamsReader.loadMetadata(path, spark.sparkContext(), className);
    }

    private static Method find(Class<?> owner, String name, Class<?>... parameters) {
        try {
            return owner.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object call(Method method, Object... args) {
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new OklException(ErrorCode.INTERNAL, method + " failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new OklException(ErrorCode.INTERNAL, method + " is not accessible", e);
        }
    }
}
