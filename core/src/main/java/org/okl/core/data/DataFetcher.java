package org.okl.core.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.data.RemoteFile;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.io.IoErrors;
import org.okl.core.progress.ProgressListener;

/**
 * Downloads {@link DownloadableDataset}s into the data directory ({@code okl datasets fetch}).
 *
 * <p>A data set's files are downloaded into a staging folder {@code <data directory>/.fetch-<folder>-<pid>}, each
 * checked against its SHA-256, then {@link DownloadableDataset#unpack unpacked}, listed with their checksums in
 * {@value #MANIFEST}, and the staging folder is renamed to {@code <data directory>/<folder>} in one atomic step. So
 * the data set's folder either holds every file, checked, or does not exist: a failed, interrupted or killed fetch
 * never leaves a half-written file there (the staging folder is deleted on failure, on Ctrl-C, and, after a kill,
 * by the next fetch). A folder already complete and matching its checksums is left alone unless forced.
 */
public final class DataFetcher {
    /** The file listing the SHA-256 of every file of a fetched folder ({@code sha256sum} format). */
    public static final String MANIFEST = "SHA256SUMS";

    private static final Pattern WORK_FOLDER = Pattern.compile("\\.(fetch|old)-.+-(\\d+)");

    private final Path dataDirectory;
    private final HttpDownload http;
    private final ProgressListener progress;

    /**
     * A fetcher downloading from the canonical addresses, or from the mirror {@link DataMirror#fromEnvironment()}
     * names.
     *
     * @param dataDirectory where data sets go
     * @param progress      receives the progress of each download, in KiB
     */
    public DataFetcher(Path dataDirectory, ProgressListener progress) {
        this(dataDirectory, DataMirror.fromEnvironment(), progress);
    }

    /**
     * A fetcher downloading through {@code mirror}.
     *
     * @param dataDirectory where data sets go
     * @param mirror        where the files really come from
     * @param progress      receives the progress of each download, in KiB
     */
    public DataFetcher(Path dataDirectory, DataMirror mirror, ProgressListener progress) {
        this.dataDirectory = dataDirectory.toAbsolutePath().normalize();
        this.http = new HttpDownload(mirror, Duration.ofSeconds(30), Duration.ofSeconds(60));
        this.progress = progress;
    }

    /**
     * The outcome of a fetch.
     *
     * @param folder     the data set's folder in the data directory
     * @param downloaded whether files were downloaded (false: the folder was already complete and checked)
     * @param bytes      the bytes downloaded
     */
    public record Fetched(Path folder, boolean downloaded, long bytes) {
    }

    /** The data set's folder in the data directory. */
    public Path folderOf(DownloadableDataset set) {
        return dataDirectory.resolve(set.folder());
    }

    /** Whether every file the data set reads is in its folder of the data directory (not checked). */
    public boolean isPresent(DownloadableDataset set) {
        Path folder = folderOf(set);
        return set.files().stream().allMatch(f -> Files.isRegularFile(folder.resolve(f)));
    }

    /**
     * Makes the data set's folder complete: downloads, checks and unpacks its files unless they are already there
     * and match their checksums (or always, with {@code force}).
     *
     * @throws OklException {@link ErrorCode#DATA_DOWNLOAD} when a download fails, a checksum does not match, or the
     *                      data directory cannot be written; the data directory is then as before
     */
    public Fetched fetch(DownloadableDataset set, boolean force) {
        requireDistinctNames(set);
        Path target = folderOf(set);
        if (!force && isPresent(set) && matchesChecksums(set, target)) {
            return new Fetched(target, false, 0);
        }
        createDataDirectory();
        removeAbandonedWork();
        long pid = ProcessHandle.current().pid();
        Path staging = dataDirectory.resolve(".fetch-" + set.folder() + "-" + pid);
        Thread cleanup = new Thread(() -> deleteQuietly(staging), "okl-fetch-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            deleteTree(staging);
            Files.createDirectory(staging);
            long bytes = 0;
            for (RemoteFile file : set.downloads()) {
                bytes += http.download(file, staging.resolve(file.name()), progress);
            }
            set.unpack(staging);
            for (String file : set.files()) {
                if (!Files.isRegularFile(staging.resolve(file))) {
                    throw failed(set, "unpacking the downloads did not produce " + file);
                }
            }
            writeManifest(set, staging);
            install(staging, target, pid);
            return new Fetched(target, true, bytes);
        } catch (DataFormatException e) {
            throw failed(set, "a downloaded file is not as expected: " + e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw failed(set, "cannot write to the data directory " + dataDirectory + ": " + IoErrors.describe(e)
                    + "; choose a writable folder with --data-dir or OKL_DATA");
        } finally {
            deleteQuietly(staging);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    private static void requireDistinctNames(DownloadableDataset set) {
        Set<String> names = new HashSet<>();
        for (RemoteFile f : set.downloads()) {
            if (!names.add(f.name()) || f.name().equals(MANIFEST)) {
                throw new IllegalArgumentException("data folder '" + set.folder() + "': download name '" + f.name()
                        + "' is used twice or is reserved");
            }
        }
    }

    private void createDataDirectory() {
        try {
            Files.createDirectories(dataDirectory);
        } catch (IOException e) {
            throw new OklException(ErrorCode.DATA_DOWNLOAD, dataDirectory + ": cannot create the data directory ("
                    + IoErrors.describe(e) + "); choose a writable folder with --data-dir or OKL_DATA");
        }
    }

    /** Whether the files match the manifest, or (without one) the checksums of the downloads kept as they are. */
    private static boolean matchesChecksums(DownloadableDataset set, Path folder) {
        Map<String, String> expected = new HashMap<>();
        set.downloads().forEach(f -> expected.put(f.name(), f.sha256()));
        expected.putAll(readManifest(folder.resolve(MANIFEST)));
        for (String file : set.files()) {
            String sha = expected.get(file);
            if (sha != null && !sha.equals(sha256(folder.resolve(file)))) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> readManifest(Path manifest) {
        Map<String, String> out = new HashMap<>();
        if (!Files.isRegularFile(manifest)) {
            return out;
        }
        try (Stream<String> lines = Files.lines(manifest, StandardCharsets.UTF_8)) {
            lines.map(String::strip).filter(l -> l.length() > 66).forEach(l ->
                    out.put(l.substring(64).strip().replaceFirst("^\\*", ""), l.substring(0, 64)));
        } catch (IOException | UncheckedIOException e) {
            return Map.of();
        }
        return out;
    }

    private static void writeManifest(DownloadableDataset set, Path staging) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String file : set.files()) {
            text.append(sha256(staging.resolve(file))).append("  ").append(file).append('\n');
        }
        Files.writeString(staging.resolve(MANIFEST), text, StandardCharsets.UTF_8);
    }

    /** Moves the staging folder into place; an existing (incomplete or damaged) folder is replaced. */
    private void install(Path staging, Path target, long pid) throws IOException {
        if (!Files.exists(target)) {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        Path old = dataDirectory.resolve(".old-" + target.getFileName() + "-" + pid);
        deleteTree(old);
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        deleteQuietly(old);
    }

    /** Deletes staging and replaced folders left by fetches whose process no longer runs (killed mid-way). */
    private void removeAbandonedWork() {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dataDirectory, ".*")) {
            for (Path entry : entries) {
                Matcher m = WORK_FOLDER.matcher(entry.getFileName().toString());
                if (m.matches() && Files.isDirectory(entry)
                        && ProcessHandle.of(Long.parseLong(m.group(2))).map(p -> !p.isAlive()).orElse(true)) {
                    deleteQuietly(entry);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // nothing to clean, or a name that only looks like ours: leave it
        }
    }

    /** The SHA-256 of a file, or an empty string when it cannot be read. */
    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            int read;
            while ((read = in.read(buffer)) >= 0) {
                sha.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return "";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static void deleteQuietly(Path root) {
        try {
            deleteTree(root);
        } catch (IOException | UncheckedIOException e) {
            // a later fetch removes what is left (removeAbandonedWork)
        }
    }

    private static OklException failed(DownloadableDataset set, String problem) {
        return new OklException(ErrorCode.DATA_DOWNLOAD, "data folder '" + set.folder() + "': " + problem);
    }
}
