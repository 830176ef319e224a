package org.okl.spark.data;

import java.util.Locale;

/**
 * What to do with a row that has a null, NaN or infinite value, a negative weight, or another width than the first
 * row ({@code handleInvalid}, as Spark ML's feature transformers have it): {@code error} stops with the row's place
 * and column; {@code skip} leaves the row out; {@code keep} keeps it, in a transform with a NaN prediction (a fit
 * cannot learn from it and leaves it out, as {@code skip}).
 */
public enum Invalid {
    /** Stop with the row's place and column. */
    ERROR,
    /** Leave the row out. */
    SKIP,
    /** Predict NaN for it (a fit leaves it out). */
    KEEP;

    /** The ids, for parameter docs and validation. */
    public static final String[] IDS = {"error", "skip", "keep"};

    /** The policy of an id ({@code error}, {@code skip}, {@code keep}). */
    public static Invalid of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    /** The id. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
