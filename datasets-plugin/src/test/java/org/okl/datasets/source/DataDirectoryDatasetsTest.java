package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.okl.datasets.source.DatasetsTestSupport.load;
import static org.okl.datasets.source.DatasetsTestSupport.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.datasets.Contexts;

class DataDirectoryDatasetsTest {
    private static final String[] FROM_DIRECTORY = {"scene", "emotions", "enron", "tecator", "jura", "enb",
        "slump", "sf1", "sf2", "school-exam", "mnist", "mnist-halves"};

    private static ComponentContext shared() {
        assumeTrue(Files.isDirectory(Contexts.SHARED_DATA), "shared data sets not present");
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

    @Test
    void unavailableWithoutDataDirectory() {
        ComponentContext none = Contexts.plain();
        for (String id : FROM_DIRECTORY) {
            DatasetSource s = source(id, none);
            assertThat(s.isAvailable(none)).as(id).isFalse();
            assertThat(s.expectedLocation(none)).as(id).contains("no data directory is configured");
            assertThatThrownBy(() -> s.load(none)).as(id).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining("<data directory>/");
            assertThat(s.summary()).as(id).contains("data directory");
        }
    }

    @Test
    void missingFolderNamesTheExpectedPath(@TempDir Path dir) {
        ComponentContext empty = Contexts.of(1, Optional.of(dir));
        DatasetSource scene = source("scene", empty);
        assertThat(scene.isAvailable(empty)).isFalse();
        assertThat(scene.expectedLocation(empty)).isEqualTo(dir.resolve("scene").toString());
        assertThatThrownBy(() -> scene.load(empty)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining(dir.resolve("scene").resolve("scene-train.arff").toString());
        assertThatThrownBy(() -> source("enb", empty).load(empty))
                .hasMessageContaining(dir.resolve("mtr-uci").resolve("enb.arff").toString());
    }

    @Test
    void malformedFileInTheDataDirectory(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("mtr-uci"));
        Files.writeString(dir.resolve("mtr-uci/slump.arff"), "@relation s\n@attribute a numeric\n@attribute b numeric"
                + "\n@attribute c numeric\n@attribute d numeric\n@data\n1,2,3,4\n1,2,x,4\n");
        ComponentContext ctx = Contexts.of(1, Optional.of(dir));
        assertThat(source("slump", ctx).isAvailable(ctx)).isTrue();
        assertThatThrownBy(() -> source("slump", ctx).load(ctx)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("slump.arff:8: field 3 ('c')");
    }

    @Test
    void malformedSchoolExamRows(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("school-exam"));
        String header = "\"school\",\"normexam\",\"schgend\",\"schavg\",\"vr\",\"intake\",\"standLRT\",\"sex\","
                + "\"type\",\"student\"\n";
        String good = "\"1\",0.26,\"mixed\",0.16,\"mid 50%\",\"bottom 25%\",0.61,\"F\",\"Mxd\",\"143\"\n";
        ComponentContext ctx = Contexts.of(1, Optional.of(dir));
        Files.writeString(dir.resolve("school-exam/exam.csv"), header + good + good.replace("0.26", "NaN"));
        assertThatThrownBy(() -> source("school-exam", ctx).load(ctx)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("exam.csv:3: field normexam: not a finite number: 'NaN'");
        Files.writeString(dir.resolve("school-exam/exam.csv"), header + good + good.replace("mid 50%", "middle"));
        assertThatThrownBy(() -> source("school-exam", ctx).load(ctx))
                .hasMessageContaining("exam.csv:3: field vr: 'middle' is not one of the bands");
        Files.writeString(dir.resolve("school-exam/exam.csv"), header + good);
        Dataset d = source("school-exam", ctx).load(ctx);
        assertThat(d.train().inputs().row(0)).containsExactly(0, 0, 0.16, 1, 0, 0.61, 0, 0);
    }

    @Test
    void multiLabelSets() {
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
    void regressionSets() {
        ComponentContext ctx = shared();
        Dataset tecator = load("tecator", ctx);
        assertShape(tecator, Dataset.Task.REGRESSION, 172, 43, 100, 3);
        assertThat(tecator.outputNames()).containsExactly("water", "fat", "protein");
        Dataset jura = load("jura", ctx);
        assertShape(jura, Dataset.Task.REGRESSION, 259, 100, 15, 3);
        assertThat(jura.outputNames()).containsExactly("Cd", "Co", "Cu");
        assertThat(jura.train().outputs().row(0)).containsExactly(1.74, 9.32, 25.72);
        assertShape(load("enb", ctx), Dataset.Task.REGRESSION, 768, 0, 8, 2);
        assertShape(load("slump", ctx), Dataset.Task.REGRESSION, 103, 0, 7, 3);
        assertShape(load("sf1", ctx), Dataset.Task.REGRESSION, 323, 0, 10, 3);
        assertShape(load("sf2", ctx), Dataset.Task.REGRESSION, 1066, 0, 10, 3);
    }

    @Test
    void schoolExamIsMultiTask() {
        Dataset d = load("school-exam", shared());
        assertShape(d, Dataset.Task.MULTI_TASK, 4059, 0, 8, 1);
        int[] groups = d.train().groups().orElseThrow();
        assertThat(Arrays.stream(groups).distinct().count()).isEqualTo(65);
        assertThat(groups[0]).isZero();
        // first row: "1",0.2613242,"mixed",0.1661752,"mid 50%","bottom 25%",0.6190592,"F","Mxd","143"
        assertThat(d.train().inputs().row(0)).containsExactly(0, 0, 0.1661752, 1, 0, 0.6190592, 0, 0);
        assertThat(d.train().outputs().get(0, 0)).isEqualTo(0.2613242);
    }

    @Test
    void mnistAndHalves() {
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
