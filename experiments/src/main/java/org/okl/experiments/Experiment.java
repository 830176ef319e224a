package org.okl.experiments;

/**
 * One reproduction of a paper's experiment (RESULTS.md gives every one with the published numbers): it runs its
 * protocol, selects hyper-parameters on training or validation data only, and returns tables with our numbers beside
 * the paper's.
 */
public interface Experiment {

    /** The name used on the command line, for example {@code kadri-usps}. */
    String name();

    /** One line: paper, table or figure, data. */
    String description();

    /** Runs the experiment (reduced protocol when {@link ExperimentContext#quick()}). */
    ExperimentResult run(ExperimentContext context);
}
