package org.okl.api.error;

import org.okl.api.API;

/**
 * An error the user can act on, with a stable {@link ErrorCode}. The message is one line that says what is wrong
 * and, where possible, what to do; the command line prints it without a stack trace.
 */
@API(status = API.Status.STABLE, since = "0.3")
public class OklException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;

    /** An error with a code and a message. */
    public OklException(ErrorCode errorCode, String message) {
        super(message);
        this.errorCode = errorCode;
    }

    /** An error with a code, a message and a cause. */
    public OklException(ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
    }

    /** The stable code. */
    public ErrorCode errorCode() {
        return errorCode;
    }

    /** The message prefixed with its code, for example {@code [OKL-E001] unknown kernel 'gausian' ...}. */
    @Override
    public String getMessage() {
        return "[" + errorCode.code() + "] " + super.getMessage();
    }
}
