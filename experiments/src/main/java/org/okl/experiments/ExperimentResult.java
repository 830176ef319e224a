package org.okl.experiments;

import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.verdict.Claim;

/**
 * What an experiment produced.
 *
 * @param experiment the experiment name
 * @param protocol   the protocol as run, and how it differs from the paper's
 * @param tables     result tables (ours beside the paper's numbers where they exist)
 * @param figures    plots for the report
 * @param notes      what matched the paper, what did not, and why
 * @param claims     the papers' claims this experiment tests, with the comparisons that decide their verdicts
 */
public record ExperimentResult(String experiment, String protocol, List<ResultTable> tables, List<Figure> figures,
        List<String> notes, List<Claim> claims) {

    /** Copies the lists. */
    public ExperimentResult {
        tables = List.copyOf(tables);
        figures = List.copyOf(figures);
        notes = List.copyOf(notes);
        claims = List.copyOf(claims);
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
