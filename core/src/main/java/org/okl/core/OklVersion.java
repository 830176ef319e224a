package org.okl.core;

/** The OKL version, from the JAR manifest (or {@code development} when run from classes). */
public final class OklVersion {
    private OklVersion() {
    }

    /** The version string. */
    public static String get() {
        String v = OklVersion.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }
}
