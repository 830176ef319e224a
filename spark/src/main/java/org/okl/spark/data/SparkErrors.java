package org.okl.spark.data;

import org.okl.api.error.OklException;

/**
 * Errors raised in Spark tasks reach the driver wrapped in Spark's exceptions (checked ones, thrown through Scala
 * code), with the task's stack trace in the message; an {@link OklException} (a user error: bad data, bad pipeline)
 * is rethrown as itself so that it prints as OKL's one-line message.
 */
public final class SparkErrors {
    private SparkErrors() {
    }

    /**
     * The first {@link OklException} in the cause chain; else the exception itself when unchecked, or wrapped in an
     * {@link IllegalStateException} with its message.
     */
    public static RuntimeException unwrap(Exception e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof OklException okl) {
                return okl;
            }
        }
        return e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    }
}
