package org.okl.core.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import org.okl.api.OklVersion;
import org.okl.api.data.RemoteFile;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.progress.ProgressListener;

/**
 * Downloads one {@link RemoteFile} into a new file, checking the HTTP status, the length the server announced and
 * the SHA-256. Any failure is an {@link ErrorCode#DATA_DOWNLOAD} error naming the address and what went wrong; the
 * caller deletes the partial file (it lives in a staging folder).
 */
final class HttpDownload {
    private static final int BUFFER = 1 << 16;

    private final DataMirror mirror;
    private final Duration connectTimeout;
    private final Duration readTimeout;

    /**
     * @param mirror         where the files really come from
     * @param connectTimeout how long to wait for a connection
     * @param readTimeout    how long a transfer may stall before it counts as interrupted
     */
    HttpDownload(DataMirror mirror, Duration connectTimeout, Duration readTimeout) {
        this.mirror = mirror;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    /**
     * Downloads {@code file} into {@code target}, which must not exist.
     *
     * @return the number of bytes
     * @throws OklException {@link ErrorCode#DATA_DOWNLOAD} when the server cannot be reached, answers with an error,
     *                      the transfer stops early, or the bytes do not have the expected SHA-256
     */
    long download(RemoteFile file, Path target, ProgressListener progress) {
        URI uri = mirror.map(file.uri());
        HttpURLConnection connection = open(uri);
        try {
            int status = status(connection, uri);
            if (status != HttpURLConnection.HTTP_OK) {
                throw failed(uri, "the server answered HTTP " + status + reason(connection)
                        + (status == HttpURLConnection.HTTP_NOT_FOUND ? " (the file is not at this address)" : ""));
            }
            long announced = connection.getContentLengthLong();
            MessageDigest sha = sha256();
            long bytes = copy(connection, target, sha, announced, file.name(), uri, progress);
            if (announced >= 0 && bytes != announced) {
                throw failed(uri, "the transfer stopped after " + bytes + " of " + announced + " bytes; nothing was"
                        + " kept, run the fetch again");
            }
            String actual = HexFormat.of().formatHex(sha.digest());
            if (!actual.equals(file.sha256())) {
                throw failed(uri, "checksum mismatch: SHA-256 " + actual + ", expected " + file.sha256()
                        + " (the download was corrupted or the file at this address changed); nothing was kept");
            }
            return bytes;
        } finally {
            connection.disconnect();
        }
    }

    private HttpURLConnection open(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw failed(uri, "only http and https addresses can be downloaded");
        }
        try {
            URLConnection c = uri.toURL().openConnection();
            HttpURLConnection http = (HttpURLConnection) c;
            http.setConnectTimeout((int) connectTimeout.toMillis());
            http.setReadTimeout((int) readTimeout.toMillis());
            http.setInstanceFollowRedirects(true);
            http.setUseCaches(false);
            http.setRequestProperty("User-Agent", "okl/" + OklVersion.get());
            http.setRequestProperty("Accept-Encoding", "identity");
            return http;
        } catch (IOException | IllegalArgumentException e) {
            throw failed(uri, "cannot open the address: " + e.getMessage());
        }
    }

    private static int status(HttpURLConnection connection, URI uri) {
        try {
            return connection.getResponseCode();
        } catch (IOException e) {
            throw failed(uri, "cannot reach the server (" + describe(e) + "); check the network, a proxy "
                    + "(-Dhttps.proxyHost=... in OKL_JAVA_OPTS) or a mirror (" + DataMirror.ENV + ")");
        }
    }

    private static String reason(HttpURLConnection connection) {
        try {
            String message = connection.getResponseMessage();
            return message == null || message.isBlank() ? "" : " " + message;
        } catch (IOException e) {
            return "";
        }
    }

    private long copy(HttpURLConnection connection, Path target, MessageDigest sha, long announced, String name,
            URI uri, ProgressListener progress) {
        long bytes = 0;
        String task = "downloading " + name;
        int totalKb = announced > 0 ? (int) Math.min(Integer.MAX_VALUE, (announced + 1023) / 1024) : 0;
        try (InputStream in = connection.getInputStream();
                OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW)) {
            byte[] buffer = new byte[BUFFER];
            int read;
            progress.progress(task, 0, totalKb);
            while ((read = in.read(buffer)) >= 0) {
                out.write(buffer, 0, read);
                sha.update(buffer, 0, read);
                bytes += read;
                if (totalKb > 0) {
                    progress.progress(task, (int) Math.min(totalKb, bytes / 1024), totalKb);
                }
            }
        } catch (IOException e) {
            throw failed(uri, "the transfer was interrupted after " + bytes + (announced >= 0 ? " of " + announced : "")
                    + " bytes (" + describe(e) + "); nothing was kept, run the fetch again");
        }
        if (totalKb > 0) {
            progress.progress(task, totalKb, totalKb);
        }
        return bytes;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256", e);
        }
    }

    /** An I/O error in words, without the exception's class name unless it has no message. */
    private static String describe(IOException e) {
        String message = e.getMessage();
        if (e instanceof java.net.UnknownHostException) {
            return "unknown host " + message;
        }
        if (e instanceof java.net.SocketTimeoutException) {
            return "timed out";
        }
        if (e instanceof java.net.ConnectException) {
            return "connection refused" + (message == null ? "" : ": " + message);
        }
        return message == null ? "I/O error" : message;
    }

    private static OklException failed(URI uri, String problem) {
        return new OklException(ErrorCode.DATA_DOWNLOAD, uri + ": " + problem);
    }
}
