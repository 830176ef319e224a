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

    @Test
    void catalogIds() {
        assertThat(DatasetCatalog.factories().stream().map(ComponentFactory::id).collect(Collectors.toList()))
                .containsExactlyInAnyOrder("digits", "digits-halves", "linnerud", "yeast", "usps", "usps-halves",
                        "scene", "emotions", "enron", "tecator", "jura", "enb", "slump", "sf1", "sf2",
                        "school-exam", "mnist", "mnist-halves", "related-tasks", "vector-field-mixture",
                        "vector-field-helmholtz")
                .doesNotHaveDuplicates();
    }

    @Test
    void bundledSetsAreAvailableWithoutADataDirectory() {
        for (String id : new String[] {"digits", "digits-halves", "linnerud", "yeast", "usps", "usps-halves"}) {
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

    private static double sum(Matrix m) {
        double s = 0;
        for (double v : m.data()) {
            s += v;
        }
        return s;
    }
}
