package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.testkit.LocalHttpServer;

/**
 * {@code okl datasets fetch} through the real process, from a local HTTP server on 127.0.0.1 that holds the files
 * under the canonical addresses' layout (OKL_DATA_MIRROR): errors leave the data directory as it was, a complete
 * download is used by the commands, and {@code okl datasets} says where each set is.
 */
class DatasetsFetchIT {
    private static final String MULAN = "/raw.githubusercontent.com/tsoumakas/mulan/"
            + "43f6389095ad71984264db4387a8074b22bc7d4a/data/multi-label/";
    /** The development checkout's copy of the public files (absent on a user's clone). */
    private static final Path SHARED = Path.of("../../shared/datasets").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private LocalHttpServer server;
    private Path cache;

    @BeforeEach
    void start() throws IOException {
        server = new LocalHttpServer();
        cache = dir.resolve("cache");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private OklProcess.Result okl(String... args) throws Exception {
        return OklProcess.run(dir, Map.of("OKL_DATA", cache.toString(), "OKL_DATA_MIRROR",
                server.mirror().base().orElseThrow().toString()), args);
    }

    private List<String> cacheContents() throws IOException {
        if (!Files.exists(cache)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(cache)) {
            return all.filter(p -> !p.equals(cache)).map(p -> cache.relativize(p).toString()).sorted().toList();
        }
    }

    private static void assertOneError(OklProcess.Result r, String... fragments) {
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(1);
        List<String> lines = r.stderr().strip().lines().toList();
        assertThat(lines).as(r.stderr()).hasSize(1);
        assertThat(lines.get(0)).startsWith("okl: error: [OKL-E010] ").contains(fragments);
    }

    @Test
    void aMissingFileIsA404AndNothingIsKept() throws Exception {
        assertOneError(okl("datasets", "fetch", "emotions"), MULAN + "emotions/emotions-train.arff",
                "HTTP 404");
        assertThat(cacheContents()).isEmpty();
    }

    @Test
    void aChecksumMismatchIsRefusedAndNothingIsKept() throws Exception {
        server.serve(MULAN + "emotions/emotions-train.arff", "@relation tampered\n".getBytes());
        assertOneError(okl("datasets", "fetch", "emotions"), "emotions-train.arff: checksum mismatch",
                "bbe704106c79bb8fb99c1d1d2e9bde081d6a2daeb01f100862f11fd91a3c1f98");
        assertThat(cacheContents()).isEmpty();
    }

    @Test
    void anInterruptedDownloadKeepsNothing() throws Exception {
        server.serve(MULAN + "emotions/emotions-train.arff", new byte[100_000]).cut(MULAN
                + "emotions/emotions-train.arff", 4096);
        assertOneError(okl("datasets", "fetch", "emotions"), "emotions-train.arff: the transfer",
                "run the fetch again");
        assertThat(cacheContents()).isEmpty();
    }

    @Test
    void aFetchedSetIsListedAndUsedAndAnUnfetchedOneSaysTheCommand() throws Exception {
        assumeTrue(Files.isDirectory(SHARED), "the shared data (the public files' copy) is not present");
        OklProcess.Result before = okl("evaluate", "--pipeline", pipeline().toString(), "--data", "emotions",
                "--metrics", "hamming-loss");
        assertThat(before.exitCode()).isEqualTo(1);
        assertThat(before.stderr()).contains("[OKL-E007]", "fetch it with: okl datasets fetch emotions");
        for (String f : List.of("emotions-train.arff", "emotions-test.arff", "emotions.xml")) {
            server.serve(MULAN + "emotions/" + f, Files.readAllBytes(SHARED.resolve("emotions").resolve(f)));
        }
        OklProcess.Result fetch = okl("datasets", "fetch", "emotions");
        assertThat(fetch.exitCode()).as(fetch.stderr()).isZero();
        assertThat(fetch.stdout()).contains("emotions: downloaded 3 file(s)", "checksums match");
        assertThat(cacheContents()).containsExactly("emotions", "emotions/SHA256SUMS", "emotions/emotions-test.arff",
                "emotions/emotions-train.arff", "emotions/emotions.xml");
        int requests = server.requests();
        OklProcess.Result again = okl("datasets", "fetch", "emotions");
        assertThat(again.stdout()).contains("already downloaded");
        assertThat(server.requests()).isEqualTo(requests);

        OklProcess.Result list = okl("datasets");
        assertThat(list.stdout()).contains("data directory: " + cache)
                .containsPattern("emotions .*\\[downloaded: " + java.util.regex.Pattern.quote(cache.resolve(
                        "emotions").toString()) + "]")
                .containsPattern("scene .*\\[not downloaded: okl datasets fetch scene]");
        OklProcess.Result eval = okl("evaluate", "--pipeline", pipeline().toString(), "--data", "emotions",
                "--metrics", "hamming-loss");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        assertThat(eval.stdout()).contains("hamming-loss");
    }

    @Test
    void bundledAndGeneratedSetsNeedNoFetchAndUnknownNamesAreRefused() throws Exception {
        OklProcess.Result bundled = okl("datasets", "fetch", "yeast", "related-tasks");
        assertThat(bundled.exitCode()).as(bundled.stderr()).isZero();
        assertThat(bundled.stdout()).contains("yeast: ships with OKL or is generated; nothing to fetch",
                "related-tasks: ships with OKL or is generated; nothing to fetch");
        OklProcess.Result unknown = okl("datasets", "fetch", "emotion");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).contains("[OKL-E001] unknown data set 'emotion'");
        assertThat(cacheContents()).isEmpty();
        assertThat(server.requests()).isZero();
    }

    private Path pipeline() throws IOException {
        Path p = dir.resolve("labels.json");
        Files.writeString(p, """
                {"kernel": {"name": "gaussian", "sigma": 5.0},
                 "output": {"name": "labels", "coding": "plus-minus"},
                 "filter": {"name": "tikhonov", "lambda": 0.01},
                 "decoder": {"name": "threshold"}}
                """);
        return p;
    }
}
