package org.okl.experiments.catalog;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.okl.experiments.Experiment;
import org.okl.experiments.baldassarre.FieldsExperiment;
import org.okl.experiments.baldassarre.MultitaskExperiment;
import org.okl.experiments.baldassarre.SchoolExperiment;
import org.okl.experiments.learned.LearnedKernelExperiment;
import org.okl.experiments.mtr.MtrExperiment;
import org.okl.experiments.multilabel.MinhSceneExperiment;
import org.okl.experiments.multilabel.OelMultilabelExperiment;
import org.okl.experiments.usps.KadriLowRankExperiment;
import org.okl.experiments.usps.KadriUspsExperiment;
import org.okl.experiments.usps.OelUspsExperiment;

/** The experiments {@code okl experiment} knows, by name. */
public final class Experiments {
    private static final List<Experiment> ALL = List.of(
            new KadriUspsExperiment(),
            new KadriLowRankExperiment(),
            new MultitaskExperiment(),
            new FieldsExperiment(),
            new SchoolExperiment(),
            new MtrExperiment(),
            new OelUspsExperiment(),
            new MinhSceneExperiment(),
            new OelMultilabelExperiment(),
            new LearnedKernelExperiment());

    private Experiments() {
    }

    /** Every experiment, by name. */
    public static Map<String, Experiment> all() {
        return ALL.stream().collect(Collectors.toMap(Experiment::name, Function.identity(), (a, b) -> a,
                TreeMap::new));
    }
}
