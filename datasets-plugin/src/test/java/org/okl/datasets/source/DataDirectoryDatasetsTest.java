package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.okl.datasets.source.DatasetsTestSupport.load;
import static org.okl.datasets.source.DatasetsTestSupport.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.datasets.Contexts;

/** The data sets that are downloaded into the data directory: where they are looked for, and what is said. */
class DataDirectoryDatasetsTest {
    private static final String[] DOWNLOADED = {"scene", "emotions", "enron", "bibtex", "mnist", "mnist-halves"};
    private static final String ARFF = "@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L {0,1}\n"
            + "@data\n";
    private static final String LABELS = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            + "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"L\"></label></labels>\n";

    private static ComponentContext shared() {
        assumeTrue(Contexts.hasSharedData(), "shared data sets not present");
        return Contexts.shared();
    }

    private static void assertShape(Dataset d, Dataset.Task task, int train, int test, int p, int q) {
        assertThat(d.task()).isEqualTo(task);
        assertThat(d.train().size()).isEqualTo(train);
        assertThat(d.test().map(Dataset.Split::size).orElse(0)).isEqualTo(test);
        assertThat(d.train().inputs().cols()).isEqualTo(p);
        assertThat(d.train().outputs().cols()).isEqualTo(q);
        assertThat(d.inputNames()).hasSize(p);
        assertThat(d.outputNames()).hasSize(q);
        assertThat(d.source()).isNotBlank();
    }

    /** A tiny Mulan set named {@code scene} in {@code dir/scene}, with {@code rows} training rows. */
    private static void writeTinyScene(Path dir, String rows) throws Exception {
        Files.createDirectories(dir.resolve("scene"));
        Files.writeString(dir.resolve("scene/scene-train.arff"), ARFF + rows);
        Files.writeString(dir.resolve("scene/scene-test.arff"), ARFF + "5,6,1\n");
        Files.writeString(dir.resolve("scene/scene.xml"), LABELS);
    }

    @Test
    void everyDownloadedSetSaysHowToFetchItWithoutADataDirectory() {
        ComponentContext none = Contexts.plain();
        for (String id : DOWNLOADED) {
            DatasetSource s = source(id, none);
            assertThat(s).as(id).isInstanceOf(DownloadableDataset.class);
            assertThat(s.isAvailable(none)).as(id).isFalse();
            assertThat(s.expectedLocation(none)).as(id).contains("no data directory is configured");
            assertThatThrownBy(() -> s.load(none)).as(id).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining("<data directory>/")
                    .hasMessageContaining("fetch it with: okl datasets fetch " + id);
            assertThat(s.summary()).as(id).contains("okl datasets fetch");
        }
    }

    @Test
    void aMissingFolderOrFileNamesThePathAndTheFetchCommand(@TempDir Path dir) throws Exception {
        ComponentContext empty = Contexts.of(1, Optional.of(dir));
        DatasetSource scene = source("scene", empty);
        assertThat(scene.isAvailable(empty)).isFalse();
        assertThat(scene.expectedLocation(empty)).isEqualTo(dir.resolve("scene").toString());
        assertThatThrownBy(() -> scene.load(empty)).isInstanceOf(DataFormatException.class)
                .hasMessage(dir.resolve("scene") + ": data set 'scene' is not in the data directory; fetch it with:"
                        + " okl datasets fetch scene");
        writeTinyScene(dir, "1,2,0\n");
        Files.delete(dir.resolve("scene/scene-test.arff"));
        assertThatThrownBy(() -> scene.load(empty))
                .hasMessage(dir.resolve("scene/scene-test.arff") + ": data set 'scene' needs this file, which is"
                        + " missing; fetch it with: okl datasets fetch scene");
        assertThatThrownBy(() -> source("mnist-halves", empty).load(empty))
                .hasMessageContaining(dir.resolve("mnist-10k").toString())
                .hasMessageContaining("okl datasets fetch mnist-halves");
    }

    @Test
    void theDataDirectoryIsSearchedFirstThenTheReadOnlyFolders(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        Path shared = dir.resolve("shared");
        writeTinyScene(shared, "1,2,0\n3,4,1\n");
        ComponentContext ctx = Contexts.of(1, Optional.of(cache), List.of(shared));
        DatasetSource scene = source("scene", ctx);
        assertThat(scene.isAvailable(ctx)).isTrue();
        assertThat(scene.expectedLocation(ctx)).isEqualTo(shared.resolve("scene").toString());
        assertThat(scene.load(ctx).train().size()).isEqualTo(2);
        // a complete copy in the data directory wins; an incomplete one does not hide the read-only copy
        Files.createDirectories(cache.resolve("scene"));
        Files.writeString(cache.resolve("scene/scene-train.arff"), ARFF + "1,2,0\n");
        assertThat(scene.load(ctx).train().size()).isEqualTo(2);
        writeTinyScene(cache, "1,2,0\n3,4,1\n5,6,0\n");
        assertThat(scene.expectedLocation(ctx)).isEqualTo(cache.resolve("scene").toString());
        assertThat(scene.load(ctx).train().size()).isEqualTo(3);
    }

    @Test
    void filesMayBeStoredGzipped(@TempDir Path dir) throws Exception {
        writeTinyScene(dir, "1,2,0\n3,4,1\n");
        Path train = dir.resolve("scene/scene-train.arff");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve(
                "scene/scene-train.arff.gz")))) {
            out.write(Files.readAllBytes(train));
        }
        Files.delete(train);
        ComponentContext ctx = Contexts.of(1, Optional.of(dir));
        assertThat(load("scene", ctx).train().size()).isEqualTo(2);
    }

    @Test
    void malformedFilesInTheDataDirectoryNameFileLineAndField(@TempDir Path dir) throws Exception {
        writeTinyScene(dir, "1,2,0\n1,x,1\n");
        ComponentContext ctx = Contexts.of(1, Optional.of(dir));
        assertThatThrownBy(() -> load("scene", ctx)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("scene-train.arff:7: field 2 ('b')");
    }

    @Test
    void multiLabelSetsFromTheSharedData() {
        ComponentContext ctx = shared();
        assertShape(load("scene", ctx), Dataset.Task.MULTI_LABEL, 1211, 1196, 294, 6);
        Dataset emotions = load("emotions", ctx);
        assertShape(emotions, Dataset.Task.MULTI_LABEL, 391, 202, 72, 6);
        assertThat(emotions.outputNames().get(0)).isEqualTo("amazed-suprised");
        Dataset enron = load("enron", ctx);
        assertShape(enron, Dataset.Task.MULTI_LABEL, 1123, 579, 1001, 53);
        // cardinality 3.378 over the 1702 rows
        double ones = Arrays.stream(enron.train().outputs().data()).sum()
                + Arrays.stream(enron.test().orElseThrow().outputs().data()).sum();
        assertThat(ones / 1702).isCloseTo(3.378, org.assertj.core.api.Assertions.within(0.0005));
    }

    @Test
    void mnistAndHalvesFromTheSharedData() {
        ComponentContext ctx = shared();
        Dataset d = load("mnist", ctx);
        assertShape(d, Dataset.Task.MULTI_CLASS, 10000, 0, 784, 1);
        int[] counts = new int[10];
        for (double c : d.train().outputs().data()) {
            counts[(int) c]++;
        }
        assertThat(counts).containsExactly(1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978);
        Dataset h = load("mnist-halves", ctx, "scale", true);
        assertShape(h, Dataset.Task.STRUCTURED, 10000, 0, 392, 392);
        assertThat(h.train().outputs().maxAbsDifference(d.train().inputs().columnRange(392, 784).times(1.0 / 255)))
                .isZero();
    }
}
