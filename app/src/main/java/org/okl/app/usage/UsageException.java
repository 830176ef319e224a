package org.okl.app.usage;

import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * A command-line usage error found after parsing (for example two options that exclude each other, or more folds
 * than rows): code {@link ErrorCode#USAGE}, exit code 2.
 */
public final class UsageException extends OklException {
    private static final long serialVersionUID = 1L;

    /** An error with its message: what is wrong and what to give instead. */
    public UsageException(String message) {
        super(ErrorCode.USAGE, message);
    }
}
