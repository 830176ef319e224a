package org.okl.api;

/** The OKL version, from the JAR manifest (or {@code development} when run from classes). */
@API(status = API.Status.MAINTAINED, since = "0.3")
public final class OklVersion {
    private OklVersion() {
    }

    /** The version string. */
    public static String get() {
        String v = OklVersion.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }
}
