package org.okl.spark.exec;

import org.okl.core.Okl;

/**
 * The {@link Okl} of this JVM for work on Spark executors: the class-path plugins (those in the application JAR) and
 * the active linear-algebra back-end ({@code -Dokl.linalg} in {@code spark.executor.extraJavaOptions} forces one),
 * built once on first use.
 */
public final class ExecutorOkl {
    private static Okl okl;

    private ExecutorOkl() {
    }

    /** The shared instance. */
    public static synchronized Okl get() {
        if (okl == null) {
            okl = Okl.builder().dataDirectory(null).build();
        }
        return okl;
    }
}
