package org.okl.serve;

import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/** An error the server answers with a given HTTP status, and its code and message as JSON. */
public final class ServeException extends OklException {
    private static final long serialVersionUID = 1L;
    private final int status;

    /** An error answered with {@code status}. */
    public ServeException(int status, ErrorCode code, String message) {
        super(code, message);
        this.status = status;
    }

    /** The HTTP status it is answered with. */
    public int status() {
        return status;
    }
}
