package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.data.RemoteFile;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.data.DataFetcher;
import org.okl.core.data.DataMirror;
import org.okl.core.progress.ProgressListener;

/**
 * {@link DataFetcher} downloading from the kit's {@link LocalHttpServer}: checksums, HTTP errors, interrupted transfers,
 * atomic installation.
 */
class DataFetcherTest {
    private static final byte[] TRAIN = "@relation t\n@attribute a numeric\n@data\n1\n2\n3\n"
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] LABELS = "<labels/>\n".getBytes(StandardCharsets.UTF_8);
    private static final String BASE = "https://data.example.org/sets/v1/";

    @TempDir
    Path data;

    private LocalHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = new LocalHttpServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** A two-file set in folder {@code toy}, read as downloaded. */
    private static DownloadableDataset toy() throws Exception {
        List<RemoteFile> files = List.of(RemoteFile.of("train.arff", BASE + "train.arff", sha256(TRAIN)),
                RemoteFile.of("labels.xml", BASE + "labels.xml", sha256(LABELS)));
        return set("toy", files, List.of("train.arff", "labels.xml"), null);
    }

    private static DownloadableDataset set(String folder, List<RemoteFile> downloads, List<String> files,
            DataFormatException unpackFailure) {
        return new DownloadableDataset() {
            @Override
            public String folder() {
                return folder;
            }

            @Override
            public List<RemoteFile> downloads() {
                return downloads;
            }

            @Override
            public List<String> files() {
                return files;
            }

            @Override
            public void unpack(Path staging) {
                if (unpackFailure != null) {
                    throw unpackFailure;
                }
            }
        };
    }

    private void serveToy() {
        server.serve("/data.example.org/sets/v1/train.arff", TRAIN).serve("/data.example.org/sets/v1/labels.xml",
                LABELS);
    }

    private DataFetcher fetcher() {
        return new DataFetcher(data, server.mirror(), ProgressListener.NONE);
    }

    /** Every path under the data directory, relative, sorted. */
    private List<String> contents() throws IOException {
        try (Stream<Path> all = Files.walk(data)) {
            return all.filter(p -> !p.equals(data)).map(p -> data.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void downloadsChecksAndInstallsTheFolderWithAManifest() throws Exception {
        serveToy();
        DataFetcher.Fetched f = fetcher().fetch(toy(), false);
        assertThat(f.downloaded()).isTrue();
        assertThat(f.bytes()).isEqualTo(TRAIN.length + LABELS.length);
        assertThat(f.folder()).isEqualTo(data.resolve("toy"));
        assertThat(contents()).containsExactly("toy", "toy/SHA256SUMS", "toy/labels.xml", "toy/train.arff");
        assertThat(Files.readAllBytes(data.resolve("toy/train.arff"))).isEqualTo(TRAIN);
        assertThat(Files.readString(data.resolve("toy/SHA256SUMS"))).isEqualTo(sha256(TRAIN) + "  train.arff\n"
                + sha256(LABELS) + "  labels.xml\n");
        assertThat(fetcher().isPresent(toy())).isTrue();
    }

    @Test
    void aCompleteMatchingFolderIsNotDownloadedAgainUnlessForced() throws Exception {
        serveToy();
        fetcher().fetch(toy(), false);
        int before = server.requests();
        assertThat(fetcher().fetch(toy(), false).downloaded()).isFalse();
        assertThat(server.requests()).isEqualTo(before);
        assertThat(fetcher().fetch(toy(), true).downloaded()).isTrue();
        assertThat(server.requests()).isEqualTo(before + 2);
    }

    @Test
    void aDamagedFileInTheFolderIsReplacedByAFreshDownload() throws Exception {
        serveToy();
        fetcher().fetch(toy(), false);
        Files.writeString(data.resolve("toy/train.arff"), "damaged");
        assertThat(fetcher().fetch(toy(), false).downloaded()).isTrue();
        assertThat(Files.readAllBytes(data.resolve("toy/train.arff"))).isEqualTo(TRAIN);
        assertThat(contents()).containsExactly("toy", "toy/SHA256SUMS", "toy/labels.xml", "toy/train.arff");
    }

    @Test
    void aChecksumMismatchLeavesNothingBehind() throws Exception {
        server.serve("/data.example.org/sets/v1/train.arff", "tampered".getBytes(StandardCharsets.UTF_8))
                .serve("/data.example.org/sets/v1/labels.xml", LABELS);
        String expected = sha256(TRAIN);
        assertThatThrownBy(() -> fetcher().fetch(toy(), false)).isInstanceOfSatisfying(OklException.class,
                e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.DATA_DOWNLOAD);
                    assertThat(e.getMessage()).startsWith("[OKL-E010] http://127.0.0.1:")
                            .contains("/data.example.org/sets/v1/train.arff: checksum mismatch: SHA-256 ")
                            .contains("expected " + expected).contains("nothing was kept");
                });
        assertThat(contents()).isEmpty();
    }

    @Test
    void aMissingFileIsA404NamingTheAddressAndLeavesNothingBehind() throws Exception {
        server.serve("/data.example.org/sets/v1/train.arff", TRAIN);
        assertThatThrownBy(() -> fetcher().fetch(toy(), false)).isInstanceOf(OklException.class)
                .hasMessageContaining("/data.example.org/sets/v1/labels.xml: the server answered HTTP 404")
                .hasMessageContaining("not at this address");
        assertThat(contents()).isEmpty();
    }

    @Test
    void anInterruptedTransferLeavesNothingBehindAndAnOldCompleteFolderUntouched() throws Exception {
        serveToy();
        fetcher().fetch(toy(), false);
        Files.writeString(data.resolve("toy/labels.xml"), "<changed/>\n");
        server.cut("/data.example.org/sets/v1/train.arff", 10);
        assertThatThrownBy(() -> fetcher().fetch(toy(), false)).isInstanceOf(OklException.class)
                .hasMessageContaining("train.arff: the transfer ")
                .hasMessageContaining("run the fetch again");
        // the damaged folder is as it was: no half-written file, no staging folder
        assertThat(contents()).containsExactly("toy", "toy/SHA256SUMS", "toy/labels.xml", "toy/train.arff");
        assertThat(Files.readString(data.resolve("toy/labels.xml"))).isEqualTo("<changed/>\n");
    }

    @Test
    void anUnpackingFailureLeavesNothingBehind() throws Exception {
        serveToy();
        DownloadableDataset bad = set("toy", toy().downloads(), List.of("train.arff"),
                new DataFormatException("labels.xml", "not a label file"));
        assertThatThrownBy(() -> fetcher().fetch(bad, false)).isInstanceOf(OklException.class)
                .hasMessageContaining("data folder 'toy': a downloaded file is not as expected: labels.xml: not a"
                        + " label file");
        DownloadableDataset missing = set("toy", toy().downloads(), List.of("train.csv"), null);
        assertThatThrownBy(() -> fetcher().fetch(missing, false)).hasMessageContaining("did not produce train.csv");
        assertThat(contents()).isEmpty();
    }

    @Test
    void anUnreachableServerSaysSo() throws Exception {
        DataMirror closed = server.mirror();
        server.close();
        DataFetcher f = new DataFetcher(data, closed, ProgressListener.NONE);
        assertThatThrownBy(() -> f.fetch(toy(), false)).isInstanceOf(OklException.class)
                .hasMessageContaining("cannot reach the server").hasMessageContaining("OKL_DATA_MIRROR");
        assertThat(contents()).isEmpty();
    }

    @Test
    void workFoldersOfDeadProcessesAreRemovedByTheNextFetch() throws Exception {
        long dead = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 100_000;
        Path abandoned = data.resolve(".fetch-toy-" + dead);
        Files.createDirectories(abandoned);
        Files.writeString(abandoned.resolve("train.arff"), "half");
        Path mine = data.resolve(".fetch-other-" + ProcessHandle.current().pid() + "x");
        Files.createDirectories(mine);
        serveToy();
        fetcher().fetch(toy(), false);
        assertThat(abandoned).doesNotExist();
        assertThat(mine).exists();
    }

    @Test
    void progressIsReportedInKibibytesUpToTheTotal() throws Exception {
        byte[] big = new byte[300_000];
        server.serve("/data.example.org/sets/v1/big.bin", big);
        List<int[]> seen = new java.util.ArrayList<>();
        DataFetcher f = new DataFetcher(data, server.mirror(), (task, done, total) -> seen.add(new int[] {done, total}));
        f.fetch(set("big", List.of(RemoteFile.of("big.bin", BASE + "big.bin", sha256(big))), List.of("big.bin"),
                null), false);
        assertThat(seen.get(0)).containsExactly(0, 293);
        assertThat(seen.get(seen.size() - 1)).containsExactly(293, 293);
    }

    @Test
    void theMirrorKeepsHostAndPath() {
        DataMirror m = DataMirror.at("http://mirror.local:8080/okl");
        assertThat(m.map(java.net.URI.create("https://raw.githubusercontent.com/a/b/c%20d.arff?x=1")))
                .hasToString("http://mirror.local:8080/okl/raw.githubusercontent.com/a/b/c%20d.arff?x=1");
        java.net.URI canonical = java.net.URI.create("https://example.org/f");
        assertThat(DataMirror.NONE.map(canonical)).isSameAs(canonical);
        assertThatThrownBy(() -> DataMirror.at("not a url")).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E009] data mirror (OKL_DATA_MIRROR").hasMessageContaining("'not a url'");
        assertThatThrownBy(() -> DataMirror.at("ftp://mirror.local/")).hasMessageContaining("http(s)");
    }

    @Test
    void remoteFilesAreValidated() {
        assertThatThrownBy(() -> RemoteFile.of("../x", BASE + "x", "0".repeat(64)))
                .hasMessageContaining("plain file name");
        assertThatThrownBy(() -> RemoteFile.of("x", "relative/x", "0".repeat(64))).hasMessageContaining("absolute");
        assertThatThrownBy(() -> RemoteFile.of("x", BASE + "x", "abc")).hasMessageContaining("64 hexadecimal");
        assertThat(RemoteFile.of("x", BASE + "x", "A".repeat(64)).sha256()).isEqualTo("a".repeat(64));
    }
}
