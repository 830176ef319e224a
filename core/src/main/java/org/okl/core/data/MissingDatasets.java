package org.okl.core.data;

import org.okl.api.component.ComponentContext;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/** The error for a data set that is not here: the exact command that downloads it, or where its files go. */
public final class MissingDatasets {
    private MissingDatasets() {
    }

    /**
     * {@link ErrorCode#INVALID_DATA}: for a {@link DownloadableDataset}, {@code okl datasets fetch NAME}; for others,
     * where the files are expected.
     *
     * @param name    the data set's name, as the user gave it
     * @param source  its source
     * @param context the context whose data directories were searched
     */
    public static OklException error(String name, DatasetSource source, ComponentContext context) {
        if (source instanceof DownloadableDataset) {
            return new OklException(ErrorCode.INVALID_DATA, "data set '" + name + "' is not downloaded (expected at "
                    + source.expectedLocation(context) + "); fetch it with: okl datasets fetch " + name);
        }
        return new OklException(ErrorCode.INVALID_DATA, "data set '" + name + "' is not available here; it is expected"
                + " at " + source.expectedLocation(context) + " (set --data-dir or OKL_DATA)");
    }
}
