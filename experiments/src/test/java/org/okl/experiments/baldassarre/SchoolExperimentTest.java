package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.core.Okl;
import org.okl.experiments.TestSeal;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.TimedRepeats;
import org.okl.experiments.verdict.TimedRepeatsTest;

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

    @Test
    void theTimingClaimCarriesTheLoadSampledAroundItsInterleavedRepeats() {
        Okl okl = TestOkl.create();
        Dataset exam = Fits.load(okl, ComponentSpec.of("school-exam"));
        SchoolSplits.Split split = SchoolSplits.split(exam.train().groups().orElseThrow(), 0.3, 2);
        SchoolExperiment.Fitted fitted = SchoolExperiment.fit(okl, new TestSeal(), exam, split, List.of(0.5), 2);
        SchoolExperiment.Protocol protocol = new SchoolExperiment.Protocol(1, List.of(0.5), 0.3, 3);
        // a quiet machine: other processes on 0.4 of 2 cores; the timings are judged (held, contradicted or not shown), not refused
        TimedRepeats quiet = new TimedRepeats(TimedRepeatsTest.steadyClock(0.4), 2);
        Map<SchoolExperiment.Method, double[]> times = SchoolExperiment.time(okl, fitted, protocol, quiet);
        for (double[] t : times.values()) {
            assertThat(t).hasSize(3);
            assertThat(java.util.Arrays.stream(t).min().orElseThrow()).isPositive();
        }
        assertThat(quiet.samples()).hasSize(3); // one window per repeat: each reading is a second after the last
        Map<SchoolExperiment.Method, double[]> ev = Map.of(SchoolExperiment.Method.NU, new double[] {31, 32, 30},
                SchoolExperiment.Method.LANDWEBER, new double[] {32, 31, 31},
                SchoolExperiment.Method.TIKHONOV, new double[] {31, 31, 32});
        Claim timing = SchoolExperiment.claims(ev, times, quiet.load()).get(1);
        assertThat(timing.outcomes()).allSatisfy(o -> assertThat(o.judged()).isTrue());
        // a loaded machine: 1.5 per core; the same timings are refused
        TimedRepeats loaded = new TimedRepeats(TimedRepeatsTest.steadyClock(1.5), 2);
        loaded.run(1, List.<org.okl.bench.BenchTask>of(() -> null));
        assertThat(SchoolExperiment.claims(ev, times, loaded.load()).get(1).outcomes())
                .containsOnly(Comparison.Outcome.TIMING_REFUSED);
    }
}
