package org.okl.api.data;

import org.okl.api.API;
import org.okl.api.text.UserText;

/**
 * Input data OKL cannot use: a missing or unreadable file, a ragged row, a non-numeric or non-finite field, a header
 * that does not match the data. The message names the file, the line and the field; control characters in them are
 * escaped ({@link UserText}), and readers quote the file's text they show with {@link UserText#quote}.
 */
@API(status = API.Status.STABLE, since = "0.1")
public class DataFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A problem with a whole file. */
    public DataFormatException(String file, String problem) {
        super(UserText.escape(file) + ": " + UserText.escape(problem));
    }

    /** A problem at a line and field of a file (line numbers start at 1). */
    public DataFormatException(String file, long line, String field, String problem) {
        super(UserText.escape(file) + ":" + line + ": field " + UserText.escape(field) + ": "
                + UserText.escape(problem));
    }

    /** A problem with a cause, such as an I/O error. */
    public DataFormatException(String file, String problem, Throwable cause) {
        super(UserText.escape(file) + ": " + UserText.escape(problem), cause);
    }
}
