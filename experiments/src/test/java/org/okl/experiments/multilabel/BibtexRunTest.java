package org.okl.experiments.multilabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.core.Okl;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.baldassarre.TestOkl;

/**
 * BM22's Bibtex runs at a small size, where Bibtex has been downloaded ({@code okl datasets fetch bibtex} into the
 * data directory; skipped otherwise, as on CI), and the not-run report where it has not.
 */
class BibtexRunTest {

    @Test
    void withoutTheDataEveryBibtexClaimIsNotRunWithTheFetchCommand() {
        Okl okl = TestOkl.create();
        assumeTrue(!okl.create(DatasetSource.class, ComponentSpec.of("bibtex")).isAvailable(okl.context()));
        BibtexRun.Result r = BibtexRun.run(okl, new ExperimentContext(okl, false, 0, new PrintWriter(
                new StringWriter())), BibtexRun.FULL);
        assertThat(r.ran()).isFalse();
        assertThat(r.reason()).contains("okl datasets fetch bibtex");
        assertThat(OelMultilabelNotes.claims(List.of(), r)).anySatisfy(c -> assertThat(c.notRun())
                .contains("okl datasets fetch bibtex"));
    }

    @Test
    void aSmallRunGivesEveryTableAndClaim() {
        Okl okl = Okl.builder().build();
        assumeTrue(okl.create(DatasetSource.class, ComponentSpec.of("bibtex")).isAvailable(okl.context()),
                "bibtex not downloaded");
        BibtexRun.Settings small = new BibtexRun.Settings(300, 2, List.of(1e-3, 1e-1), List.of(16, 64),
                List.of(0.5), List.of(0.0, 1.0), 2, 2, List.of(64), 2, 2, 0.3);
        StringWriter progress = new StringWriter();
        BibtexRun.Result r = BibtexRun.run(okl, new ExperimentContext(okl, false, 0, new PrintWriter(progress)),
                small);
        assertThat(r.ran()).isTrue();
        assertThat(r.table5()).containsOnlyKeys("IOKR (OEL's λ)", "IOKR (own λ)", "OEL0", "OEL");
        // units are draws: one F1 per draw, each the mean over the 2,515 test documents
        assertThat(r.table5().get("OEL")).hasSize(2);
        assertThat(r.chosen5().get("OEL")).hasSize(2);
        assertThat(r.table6().get("OEL0")).hasSize(2);
        assertThat(r.table6Size()).isEqualTo(1464);
        assertThat(java.util.Arrays.stream(r.table5().get("OEL")).allMatch(f -> f >= 0 && f <= 1)).isTrue();
        assertThat(r.fig3()).containsOnlyKeys(0, 4880 - 300);
        assertThat(r.table6()).containsOnlyKeys("IOKR", "OEL0");
        assertThat(r.fit().get("OEL0")).hasSize(2);
        assertThat(r.tables()).hasSize(3);
        assertThat(OelMultilabelNotes.claims(List.of(), r)).extracting(c -> c.source()).contains(
                "BM22 Fig. 3", "BM22 Table 6 (Bibtex)", "BM22 Table 11 (Bibtex)");
    }
}
