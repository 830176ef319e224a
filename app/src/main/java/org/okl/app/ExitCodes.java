package org.okl.app;

/** The exit codes of {@code okl}. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** A failure: bad data, a broken model file, a computation that could not run. */
    public static final int FAILURE = 1;
    /** A usage error: bad options, unknown component names, invalid parameters, an invalid pipeline. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
