package org.okl.spark.exec;

import org.okl.core.Okl;

/**
 * The {@link Okl} of an executor JVM, for work on Spark executors: the class-path plugins (those in the application
 * JAR), the active linear-algebra back-end ({@code -Dokl.linalg} in {@code spark.executor.extraJavaOptions} forces
 * one) and the executor's own compute devices ({@code -Dokl.gpu}), built once on first use. An executor is one JVM
 * with one runtime, as it has one {@code SparkEnv}; the driver's runtime is the one its program builds.
 */
public final class ExecutorOkl {
    private static Okl okl;
    private static Okl override;

    private ExecutorOkl() {
    }

    /** The executor's runtime. */
    public static synchronized Okl get() {
        if (override != null) {
            return override;
        }
        if (okl == null) {
            okl = Okl.builder().dataDirectory(null).build();
        }
        return okl;
    }

    /**
     * Runs the executors of this JVM on the given runtime until the returned scope is closed: for local-mode tests and
     * programs whose executors share the driver's JVM and should use a device or back-end chosen in code.
     */
    public static synchronized Scope use(Okl runtime) {
        Okl previous = override;
        override = runtime;
        return () -> {
            synchronized (ExecutorOkl.class) {
                override = previous;
            }
        };
    }

    /** Restores the runtime the executors used before. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
