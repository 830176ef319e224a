package org.okl.api.data;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * Rows written block by block in a format OKL can also read (Parquet), into a stream the caller owns and makes
 * atomic: {@link TableReader#sink} returns one. The file is complete only after {@link #finish}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface TableSink {

    /**
     * Writes the next rows (rows x the sink's columns).
     *
     * @throws java.io.UncheckedIOException when the stream fails
     */
    void write(Matrix rows);

    /**
     * Completes the file (a columnar format's footer); the stream itself is left open for the caller to close.
     *
     * @throws java.io.UncheckedIOException when the stream fails
     */
    void finish();
}
