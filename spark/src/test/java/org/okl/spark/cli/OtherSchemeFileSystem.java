package org.okl.spark.cli;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Hadoop's raw local file system under another scheme, {@code okltest:///abs/path}: a second file system for tests of
 * code that must go through Hadoop's {@code FileSystem} (a path opened with {@code java.nio} instead lands in a
 * folder named {@code okltest:} of the working directory).
 */
public final class OtherSchemeFileSystem extends RawLocalFileSystem {
    /** The scheme. */
    public static final String SCHEME = "okltest";
    private static final URI ROOT = URI.create(SCHEME + ":///");

    @Override
    public URI getUri() {
        return ROOT;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
