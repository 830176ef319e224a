package org.okl.app;

/** A command-line usage error found after parsing (for example two options that exclude each other). */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An error with its message. */
    public UsageException(String message) {
        super(message);
    }
}
