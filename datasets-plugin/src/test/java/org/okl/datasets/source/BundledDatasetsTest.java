package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.okl.datasets.source.DatasetsTestSupport.load;
import static org.okl.datasets.source.DatasetsTestSupport.source;

import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.datasets.Contexts;

class BundledDatasetsTest {
    private static final String[] BUNDLED = {"digits", "digits-halves", "linnerud", "yeast", "usps", "usps-halves",
        "scene-sample", "tecator", "jura", "enb", "slump", "sf1", "sf2", "school-exam", "iris", "wine",
        "breast-cancer"};

    private static void assertShape(Dataset d, Dataset.Task task, int train, int test, int p, int q) {
        assertThat(d.task()).isEqualTo(task);
        assertThat(d.train().size()).isEqualTo(train);
        assertThat(d.test().map(Dataset.Split::size).orElse(0)).isEqualTo(test);
        assertThat(d.train().inputs().cols()).isEqualTo(p);
        assertThat(d.train().outputs().cols()).isEqualTo(q);
        assertThat(d.inputNames()).hasSize(p);
        assertThat(d.outputNames()).hasSize(q);
        assertThat(d.source()).contains("bundled");
    }

    @Test
    void catalogIds() {
        assertThat(DatasetCatalog.factories().stream().map(ComponentFactory::id).collect(Collectors.toList()))
                .containsExactlyInAnyOrder("digits", "digits-halves", "linnerud", "yeast", "usps", "usps-halves",
                        "scene", "scene-sample", "emotions", "enron", "bibtex", "tecator", "jura", "enb", "slump",
                        "sf1", "sf2", "school-exam", "iris", "wine", "breast-cancer", "mnist", "mnist-halves",
                        "related-tasks", "vector-field-mixture", "vector-field-helmholtz")
                .doesNotHaveDuplicates();
    }

    @Test
    void bundledSetsAreAvailableWithoutADataDirectory() {
        for (String id : BUNDLED) {
            assertThat(source(id, Contexts.plain()).isAvailable(Contexts.plain())).as(id).isTrue();
            assertThat(source(id, Contexts.plain()).expectedLocation(Contexts.plain())).contains("bundled");
        }
    }

    @Test
    void digitsAndHalves() {
        Dataset d = load("digits", Contexts.plain());
        assertThat(d.task()).isEqualTo(Dataset.Task.MULTI_CLASS);
        assertThat(d.train().size()).isEqualTo(1797);
        assertThat(d.train().inputs().cols()).isEqualTo(64);
        assertThat(d.outputNames()).containsExactly("class");
        assertThat(d.test()).isEmpty();
        // first row of digits.csv: 0,0,5,13,9,1,0,0, ... label 0
        assertThat(java.util.Arrays.copyOf(d.train().inputs().row(0), 6)).containsExactly(0, 0, 5, 13, 9, 1);
        assertThat(d.train().outputs().get(0, 0)).isEqualTo(0);
        assertThat(d.train().outputs().get(1, 0)).isEqualTo(1);
        // class counts 178/182/177/183/181/182/181/179/174/180
        int[] counts = new int[10];
        for (double c : d.train().outputs().data()) {
            counts[(int) c]++;
        }
        assertThat(counts).containsExactly(178, 182, 177, 183, 181, 182, 181, 179, 174, 180);

        Dataset h = load("digits-halves", Contexts.plain(), "scale", true);
        assertThat(h.task()).isEqualTo(Dataset.Task.STRUCTURED);
        assertThat(h.train().inputs().cols()).isEqualTo(32);
        assertThat(h.train().outputs().cols()).isEqualTo(32);
        assertThat(h.inputNames().get(0)).isEqualTo("p0");
        assertThat(h.outputNames().get(0)).isEqualTo("p32");
        Matrix top = d.train().inputs().columnRange(0, 32).times(1.0 / 16);
        Matrix bottom = d.train().inputs().columnRange(32, 64).times(1.0 / 16);
        assertThat(h.train().inputs().maxAbsDifference(top)).isZero();
        assertThat(h.train().outputs().maxAbsDifference(bottom)).isZero();
        assertThat(h.source()).contains("BSD-3-Clause");
    }

    @Test
    void scikitLearnClassTables() {
        // shapes, first and last rows and class counts as the CSV files hold them (counted with Python's csv module)
        Dataset iris = load("iris", Contexts.plain());
        assertShape(iris, Dataset.Task.MULTI_CLASS, 150, 0, 4, 1);
        assertThat(iris.train().inputs().row(0)).containsExactly(5.1, 3.5, 1.4, 0.2);
        assertThat(iris.inputNames().get(2)).isEqualTo("petal length (cm)");
        assertThat(classCounts(iris, 3)).containsExactly(50, 50, 50);

        Dataset wine = load("wine", Contexts.plain());
        assertShape(wine, Dataset.Task.MULTI_CLASS, 178, 0, 13, 1);
        assertThat(wine.train().inputs().get(0, 12)).isEqualTo(1065);
        assertThat(wine.train().inputs().get(177, 0)).isEqualTo(14.13);
        assertThat(wine.train().outputs().get(177, 0)).isEqualTo(2);
        assertThat(wine.inputNames().get(11)).isEqualTo("od280/od315_of_diluted_wines");
        assertThat(classCounts(wine, 3)).containsExactly(59, 71, 48);

        Dataset cancer = load("breast-cancer", Contexts.plain());
        assertShape(cancer, Dataset.Task.MULTI_CLASS, 569, 0, 30, 1);
        assertThat(java.util.Arrays.copyOf(cancer.train().inputs().row(0), 4)).containsExactly(17.99, 10.38,
                122.8, 1001);
        assertThat(cancer.inputNames()).startsWith("mean radius", "mean texture").contains("radius error")
                .endsWith("worst fractal dimension");
        assertThat(classCounts(cancer, 2)).containsExactly(212, 357);
        assertThat(cancer.source()).contains("CC BY 4.0");
    }

    private static int[] classCounts(Dataset d, int classes) {
        int[] counts = new int[classes];
        for (double c : d.train().outputs().data()) {
            counts[(int) c]++;
        }
        return counts;
    }

    @Test
    void linnerud() {
        Dataset d = load("linnerud", Contexts.plain());
        assertThat(d.task()).isEqualTo(Dataset.Task.REGRESSION);
        assertThat(d.inputNames()).containsExactly("Chins", "Situps", "Jumps");
        assertThat(d.outputNames()).containsExactly("Weight", "Waist", "Pulse");
        assertThat(d.train().size()).isEqualTo(20);
        assertThat(d.train().inputs().row(0)).containsExactly(5, 162, 60);
        assertThat(d.train().outputs().row(0)).containsExactly(191, 36, 50);
    }

    @Test
    void yeast() {
        Dataset d = load("yeast", Contexts.plain());
        assertThat(d.task()).isEqualTo(Dataset.Task.MULTI_LABEL);
        assertThat(d.train().size()).isEqualTo(1500);
        assertThat(d.test().orElseThrow().size()).isEqualTo(917);
        assertThat(d.train().inputs().cols()).isEqualTo(103);
        assertThat(d.train().outputs().cols()).isEqualTo(14);
        assertThat(d.outputNames().get(0)).isEqualTo("Class1");
        assertThat(d.inputNames().get(102)).isEqualTo("Att103");
        // label cardinality 4.24 over all 2417 rows
        double ones = sum(d.train().outputs()) + sum(d.test().orElseThrow().outputs());
        assertThat(ones / 2417).isCloseTo(4.24, org.assertj.core.api.Assertions.within(0.005));
    }

    @Test
    void uspsAndHalves() {
        Dataset d = load("usps", Contexts.plain());
        assertThat(d.task()).isEqualTo(Dataset.Task.MULTI_CLASS);
        assertThat(d.train().size()).isEqualTo(7291);
        assertThat(d.test().orElseThrow().size()).isEqualTo(2007);
        assertThat(d.train().inputs().cols()).isEqualTo(256);
        assertThat(d.train().outputs().get(0, 0)).isEqualTo(6);
        assertThat(d.train().inputs().get(0, 7)).isEqualTo(-0.631);
        Dataset h = load("usps-halves", Contexts.plain());
        assertThat(h.task()).isEqualTo(Dataset.Task.STRUCTURED);
        assertThat(h.train().inputs().maxAbsDifference(d.train().inputs().columnRange(0, 128))).isZero();
        assertThat(h.test().orElseThrow().outputs()
                .maxAbsDifference(d.test().orElseThrow().inputs().columnRange(128, 256))).isZero();
    }

    @Test
    void multiTargetRegressionSets() {
        Dataset tecator = load("tecator", Contexts.plain());
        assertShape(tecator, Dataset.Task.REGRESSION, 172, 43, 100, 3);
        assertThat(tecator.outputNames()).containsExactly("water", "fat", "protein");
        assertThat(tecator.source()).contains("Tecator");
        Dataset jura = load("jura", Contexts.plain());
        assertShape(jura, Dataset.Task.REGRESSION, 259, 100, 15, 3);
        assertThat(jura.outputNames()).containsExactly("Cd", "Co", "Cu");
        // first data row of jura.arff: 2.386,3.077,0,0,1,0,0,0,1,0,0,38.32,21.32,77.36,92.56,1.74,9.32,25.72
        assertThat(jura.train().inputs().row(0)).containsExactly(2.386, 3.077, 0, 0, 1, 0, 0, 0, 1, 0, 0, 38.32,
                21.32, 77.36, 92.56);
        assertThat(jura.train().outputs().row(0)).containsExactly(1.74, 9.32, 25.72);
        assertShape(load("enb", Contexts.plain()), Dataset.Task.REGRESSION, 768, 0, 8, 2);
        assertShape(load("slump", Contexts.plain()), Dataset.Task.REGRESSION, 103, 0, 7, 3);
        Dataset sf1 = load("sf1", Contexts.plain());
        assertShape(sf1, Dataset.Task.REGRESSION, 323, 0, 10, 3);
        // first row "C, S, O, 1, 2, 1, 1, 2, 1, 2, 0, 0, 0": C is index 2 of {A,B,C,...}, S index 2 of {X,R,S,...}
        assertThat(sf1.train().inputs().row(0)).containsExactly(2, 2, 1, 1, 2, 1, 1, 2, 1, 2);
        assertShape(load("sf2", Contexts.plain()), Dataset.Task.REGRESSION, 1066, 0, 10, 3);
    }

    @Test
    void schoolExamIsMultiTask() {
        Dataset d = load("school-exam", Contexts.plain());
        assertShape(d, Dataset.Task.MULTI_TASK, 4059, 0, 8, 1);
        int[] groups = d.train().groups().orElseThrow();
        assertThat(java.util.Arrays.stream(groups).distinct().count()).isEqualTo(65);
        assertThat(groups[0]).isZero();
        // first row: "1",0.2613242,"mixed",0.1661752,"mid 50%","bottom 25%",0.6190592,"F","Mxd","143"
        assertThat(d.train().inputs().row(0)).containsExactly(0, 0, 0.1661752, 1, 0, 0.6190592, 0, 0);
        assertThat(d.train().outputs().get(0, 0)).isEqualTo(0.2613242);
    }

    @Test
    void sceneSampleKeepsEveryThirdTrainingAndEverySixthTestRowAndTheLabelShares() {
        Dataset d = load("scene-sample", Contexts.plain());
        assertShape(d, Dataset.Task.MULTI_LABEL, 404, 200, 294, 6);
        assertThat(d.outputNames()).containsExactly("Beach", "Sunset", "FallFoliage", "Field", "Mountain", "Urban");
        // label counts per column, counted from the full files with awk (SOURCE.md)
        assertThat(columnSums(d.train().outputs())).containsExactly(76, 55, 66, 66, 91, 76);
        assertThat(columnSums(d.test().orElseThrow().outputs())).containsExactly(34, 33, 33, 38, 43, 35);
        // the first data row of scene-train.arff is the slice's first row (labels Beach and Mountain)
        assertThat(d.train().outputs().row(0)).containsExactly(1, 0, 0, 0, 1, 0);
    }

    @Test
    void sceneSampleRowsAreTheFullSetsRowsWhereTheSharedDataIsPresent() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Contexts.hasSharedData(), "shared data sets not present");
        Dataset full = load("scene", Contexts.shared());
        Dataset sample = load("scene-sample", Contexts.plain());
        int[] trainRows = java.util.stream.IntStream.iterate(0, i -> i < 1211, i -> i + 3).toArray();
        int[] testRows = java.util.stream.IntStream.iterate(0, i -> i < 1196, i -> i + 6).toArray();
        assertThat(sample.train().inputs().maxAbsDifference(full.train().inputs().selectRows(trainRows))).isZero();
        assertThat(sample.train().outputs().maxAbsDifference(full.train().outputs().selectRows(trainRows))).isZero();
        Dataset.Split test = sample.test().orElseThrow();
        Dataset.Split fullTest = full.test().orElseThrow();
        assertThat(test.inputs().maxAbsDifference(fullTest.inputs().selectRows(testRows))).isZero();
        assertThat(test.outputs().maxAbsDifference(fullTest.outputs().selectRows(testRows))).isZero();
    }

    private static int[] columnSums(Matrix m) {
        int[] sums = new int[m.cols()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                sums[j] += (int) m.get(i, j);
            }
        }
        return sums;
    }

    private static double sum(Matrix m) {
        double s = 0;
        for (double v : m.data()) {
            s += v;
        }
        return s;
    }
}
