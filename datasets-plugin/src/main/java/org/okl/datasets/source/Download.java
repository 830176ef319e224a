package org.okl.datasets.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.okl.api.data.RemoteFile;

/**
 * How a data-directory folder is filled from a public source.
 *
 * @param folder    the folder of the data directory
 * @param downloads the files to download
 * @param files     the files the data sets read once unpacked
 * @param unpacker  turns the downloads into {@code files}
 */
record Download(String folder, List<RemoteFile> downloads, List<String> files, Unpacker unpacker) {

    /** Turns downloaded files into the files a data set reads. */
    @FunctionalInterface
    interface Unpacker {
        /** Unpacks the downloads in {@code staging}. */
        void unpack(Path staging) throws IOException;

        /** Reads the downloads as they are. */
        Unpacker NONE = staging -> { };
    }

    /** Copies the lists. */
    Download {
        downloads = List.copyOf(downloads);
        files = List.copyOf(files);
    }
}
