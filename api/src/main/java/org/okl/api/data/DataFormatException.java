package org.okl.api.data;

import org.okl.api.API;

/**
 * Input data OKL cannot use: a missing or unreadable file, a ragged row, a non-numeric or non-finite field, a header
 * that does not match the data. The message names the file, the line and the field.
 */
@API(status = API.Status.STABLE, since = "0.1")
public class DataFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A problem with a whole file. */
    public DataFormatException(String file, String problem) {
        super(file + ": " + problem);
    }

    /** A problem at a line and field of a file (line numbers start at 1). */
    public DataFormatException(String file, long line, String field, String problem) {
        super(file + ":" + line + ": field " + field + ": " + problem);
    }

    /** A problem with a cause, such as an I/O error. */
    public DataFormatException(String file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
    }
}
