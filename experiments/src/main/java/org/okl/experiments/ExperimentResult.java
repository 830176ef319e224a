package org.okl.experiments;

import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * What an experiment produced.
 *
 * @param experiment the experiment name
 * @param protocol   the protocol as run, and how it differs from the paper's
 * @param tables     result tables (ours beside the paper's numbers where they exist)
 * @param figures    plots for the report
 * @param notes      what matched the paper, what did not, and why
 */
public record ExperimentResult(String experiment, String protocol, List<ResultTable> tables, List<Figure> figures,
        List<String> notes) {

    /** Copies the lists. */
    public ExperimentResult {
        tables = List.copyOf(tables);
        figures = List.copyOf(figures);
        notes = List.copyOf(notes);
    }

    /**
     * A plot for the report.
     *
     * @param name  file-name stem, for example {@code validation-curve}
     * @param chart the XChart chart
     */
    public record Figure(String name, Chart<?, ?> chart) {
    }
}
