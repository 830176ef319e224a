package org.okl.api.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.okl.api.API;

/**
 * A capability of a {@link DatasetSource} whose files are not bundled but downloaded on demand from their public
 * source into the data directory ({@code okl datasets fetch NAME}), as scikit-learn's {@code fetch_*} functions do.
 * OKL downloads every {@link #downloads() file} into a staging folder, checks its SHA-256, lets the data set
 * {@link #unpack(Path) unpack} it, and only then moves the folder into place as {@code <data directory>/}{@link
 * #folder()}: the data directory never holds a half-written file.
 *
 * <p>The source's {@link DatasetSource#isAvailable} then finds the files there.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface DownloadableDataset {

    /** The folder of the data directory the files go into, for example {@code scene}; data sets may share one. */
    String folder();

    /** The files to download into {@link #folder()}, each with its public address and SHA-256. */
    List<RemoteFile> downloads();

    /**
     * The files the data set reads from {@link #folder()} once downloaded and unpacked: when all are there, the data
     * set counts as downloaded.
     */
    List<String> files();

    /**
     * Turns the downloaded files in {@code staging} into {@link #files()}, for example converting JSON to CSV, and
     * removes what is no longer needed. Called after every download has passed its checksum and before the folder is
     * moved into the data directory. The default does nothing: the data set reads its files as downloaded.
     *
     * @param staging the folder holding the downloads
     * @throws IOException         when a file cannot be read or written
     * @throws DataFormatException when a downloaded file does not hold what the data set expects
     */
    default void unpack(Path staging) throws IOException {
    }
}
