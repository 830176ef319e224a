package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.data.DownloadableDataset;
import org.okl.api.data.RemoteFile;
import org.okl.datasets.Contexts;

/**
 * The public addresses and checksums of the downloaded data sets, as {@code shared/datasets/FETCH.md} and each
 * {@code SOURCE.md} give them; where the shared data is present, its {@code SHA256SUMS} must list the same hashes.
 */
class RemoteSourcesTest {
    private static final String MULAN = "https://raw.githubusercontent.com/tsoumakas/mulan/"
            + "43f6389095ad71984264db4387a8074b22bc7d4a/data/multi-label/";

    private static DownloadableDataset downloadable(String id) {
        return (DownloadableDataset) DatasetsTestSupport.source(id, Contexts.plain());
    }

    @Test
    void mulanSetsComeFromThePinnedCommitAsIs() {
        for (String id : List.of("scene", "emotions", "enron", "bibtex")) {
            DownloadableDataset d = downloadable(id);
            assertThat(d.folder()).isEqualTo(id);
            assertThat(d.downloads()).extracting(f -> f.uri().toString()).containsExactly(
                    MULAN + id + "/" + id + "-train.arff", MULAN + id + "/" + id + "-test.arff",
                    MULAN + id + "/" + id + ".xml");
            assertThat(d.files()).containsExactly(id + "-train.arff", id + "-test.arff", id + ".xml");
        }
    }

    @Test
    void mnistComesFromTheTaggedCommitOfItsRepositoryAndIsConverted() {
        DownloadableDataset m = downloadable("mnist");
        assertThat(m.folder()).isEqualTo("mnist-10k");
        assertThat(m.downloads()).hasSize(10);
        assertThat(m.downloads().get(3).uri()).hasToString("https://raw.githubusercontent.com/cazala/mnist/"
                + "76157793a26e2eed9313a6cde6ee60d8167a04fd/src/digits/3.json");
        assertThat(m.files()).containsExactly("mnist10k.csv.gz");
        DownloadableDataset halves = downloadable("mnist-halves");
        assertThat(halves.folder()).isEqualTo(m.folder());
        assertThat(halves.downloads()).isEqualTo(m.downloads());
    }

    @Test
    void checksumsMatchTheSharedData() throws Exception {
        assumeTrue(Contexts.hasSharedData(), "shared data sets not present");
        Map<String, String> sums = new HashMap<>();
        for (String line : Files.readAllLines(Contexts.SHARED_DATA.resolve("SHA256SUMS"))) {
            String[] parts = line.strip().split("\\s+", 2);
            sums.put(parts[1].replaceFirst("^\\./", ""), parts[0]);
        }
        for (String id : List.of("scene", "emotions", "enron")) {
            for (RemoteFile f : downloadable(id).downloads()) {
                assertThat(f.sha256()).as(f.name()).isEqualTo(sums.get(id + "/" + f.name()));
            }
        }
        // the decompressed shared CSV has the checksum the conversion is checked against
        Path csv = Contexts.SHARED_DATA.resolve("mnist-10k/mnist10k.csv.gz");
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(csv))) {
            var sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update(in.readAllBytes());
            assertThat(java.util.HexFormat.of().formatHex(sha.digest())).isEqualTo(RemoteSources.MNIST_CSV_SHA256);
        }
    }
}
