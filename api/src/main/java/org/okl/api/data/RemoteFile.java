package org.okl.api.data;

import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;
import org.okl.api.API;

/**
 * One file of a {@link DownloadableDataset}: the name it gets in the data set's folder, the public address it is
 * downloaded from, and the SHA-256 of its bytes, which every download is checked against.
 *
 * @param name   the file name in the data set's folder (no folder part), for example {@code scene-train.arff}
 * @param uri    the canonical public address ({@code https}), pinned to a fixed version (a commit, a release)
 * @param sha256 the SHA-256 of the file's bytes, 64 lower-case hexadecimal digits
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record RemoteFile(String name, URI uri, String sha256) {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    /** Checks the name (a plain file name), the address (absolute) and the checksum (64 hex digits). */
    public RemoteFile {
        if (name == null || name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            throw new IllegalArgumentException("remote file name must be a plain file name, got '" + name + "'");
        }
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null) {
            throw new IllegalArgumentException(name + ": the address must be an absolute URI with a host, got " + uri);
        }
        sha256 = sha256 == null ? null : sha256.toLowerCase(Locale.ROOT);
        if (sha256 == null || !SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException(name + ": sha256 must be 64 hexadecimal digits, got '" + sha256 + "'");
        }
    }

    /** A remote file from its name, address and checksum. */
    public static RemoteFile of(String name, String uri, String sha256) {
        return new RemoteFile(name, URI.create(uri), sha256);
    }
}
