package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.core.Okl;

class SchoolExperimentTest {

    @Test
    void nuMethodExplainsAPartOfTheExamVarianceAndChoosesAnOmegaFromTheGrid() {
        Okl okl = TestOkl.create();
        Dataset exam = Fits.load(okl, ComponentSpec.of("school-exam"));
        SchoolSplits.Split split = SchoolSplits.split(exam.train().groups().orElseThrow(), 0.3, 2);
        SchoolExperiment.Outcome o = SchoolExperiment.outcome(okl, exam, split, SchoolExperiment.Method.NU,
                List.of(0.0, 0.5, 1.0), 2);
        // the LR test score alone explains about a third of the exam variance in this data
        assertThat(o.explainedVariance()).isBetween(25.0, 70.0);
        assertThat(o.omega()).isIn(0.0, 0.5, 1.0);
    }
}
