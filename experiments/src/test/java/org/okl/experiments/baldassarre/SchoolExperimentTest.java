package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.core.Okl;
import org.okl.experiments.TestSeal;

class SchoolExperimentTest {

    @Test
    void everyFilterExplainsAPartOfTheExamVarianceAndChoosesAnOmegaFromTheGrid() {
        Okl okl = TestOkl.create();
        Dataset exam = Fits.load(okl, ComponentSpec.of("school-exam"));
        SchoolSplits.Split split = SchoolSplits.split(exam.train().groups().orElseThrow(), 0.3, 2);
        SchoolExperiment.Fitted fitted = SchoolExperiment.fit(okl, new TestSeal(), exam, split,
                List.of(0.0, 0.5, 1.0), 2);
        assertThat(fitted.test().size()).isEqualTo(split.test().length);
        Map<SchoolExperiment.Method, SchoolExperiment.Outcome> scored = fitted.score(okl);
        // the LR test score alone explains about a third of the exam variance in this data
        scored.values().forEach(o -> {
            assertThat(o.explainedVariance()).isBetween(25.0, 70.0);
            assertThat(o.omega()).isIn(0.0, 0.5, 1.0);
        });
        // the filters differ by little on the same draw (B12: alike)
        double nu = scored.get(SchoolExperiment.Method.NU).explainedVariance();
        assertThat(scored.get(SchoolExperiment.Method.TIKHONOV).explainedVariance()).isCloseTo(nu,
                org.assertj.core.data.Offset.offset(5.0));
    }
}
