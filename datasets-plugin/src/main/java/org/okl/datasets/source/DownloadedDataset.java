package org.okl.datasets.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.data.RemoteFile;

/** A data set in the data directory that {@code okl datasets fetch} downloads from its public source. */
final class DownloadedDataset extends StoredDataset implements DownloadableDataset {
    private final Download download;

    DownloadedDataset(String id, String summary, Download download, Loader loader) {
        super(id, summary, Location.dataDirectory(download.folder(), download.files().toArray(String[]::new)),
                loader);
        this.download = download;
    }

    @Override
    String remedy() {
        return "fetch it with: okl datasets fetch " + id();
    }

    @Override
    public String folder() {
        return download.folder();
    }

    @Override
    public List<RemoteFile> downloads() {
        return download.downloads();
    }

    @Override
    public List<String> files() {
        return download.files();
    }

    @Override
    public void unpack(Path staging) throws IOException {
        download.unpacker().unpack(staging);
    }
}
