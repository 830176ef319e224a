package org.okl.app.experiment;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.okl.app.experiment.baldassarre.FieldsExperiment;
import org.okl.app.experiment.baldassarre.MultitaskExperiment;
import org.okl.app.experiment.baldassarre.SchoolExperiment;
import org.okl.app.experiment.mtr.MtrExperiment;
import org.okl.app.experiment.multilabel.MinhSceneExperiment;
import org.okl.app.experiment.multilabel.OelMultilabelExperiment;
import org.okl.app.experiment.usps.KadriLowRankExperiment;
import org.okl.app.experiment.usps.KadriUspsExperiment;
import org.okl.app.experiment.usps.OelUspsExperiment;

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
            new OelMultilabelExperiment());

    private Experiments() {
    }

    /** Every experiment, by name. */
    public static Map<String, Experiment> all() {
        return ALL.stream().collect(Collectors.toMap(Experiment::name, Function.identity(), (a, b) -> a,
                TreeMap::new));
    }
}
