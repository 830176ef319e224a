package org.okl.experiments.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.DownloadableDataset;
import org.okl.core.Okl;
import org.okl.experiments.Experiment;
import org.okl.experiments.baldassarre.TestOkl;

/** Every reduced protocol reads only data that ships with OKL, so it runs offline on a fresh clone. */
class QuickDataTest {

    @Test
    void everyQuickProtocolReadsBundledOrGeneratedDataOnly() {
        Okl okl = TestOkl.create();
        for (Experiment e : Experiments.all().values()) {
            assertThat(e.datasets(true)).as(e.name()).isNotEmpty();
            for (String id : e.datasets(true)) {
                DatasetSource source = okl.create(DatasetSource.class, ComponentSpec.of(id));
                assertThat(source).as(e.name() + " reads " + id).isNotInstanceOf(DownloadableDataset.class);
                assertThat(source.isAvailable(okl.context())).as(e.name() + " reads " + id).isTrue();
            }
        }
    }

    @Test
    void theFullProtocolsNameTheDownloadedSetsTheyRead() {
        assertThat(Experiments.all().get("minh-scene").datasets(false)).containsExactly("scene");
        assertThat(Experiments.all().get("oel-multilabel").datasets(false)).contains("emotions", "enron");
        assertThat(Experiments.all().get("mtr").datasets(false)).containsExactly("jura", "enb", "slump", "sf1", "sf2",
                "tecator");
    }
}
