package org.okl.bench.accuracy;

import java.util.List;

/** The kinds of data sets the accuracy benchmark covers, with their metrics and scikit-learn baselines. */
public enum Task {
    /** Real-valued outputs. */
    REGRESSION("regression", List.of("arrmse"), List.of("krr-grid", "random-forest", "ridge-cv")),
    /** Several 0/1 labels. */
    MULTI_LABEL("multi-label", List.of("hamming-loss", "f1-micro"), List.of("svc-per-label", "krr-threshold",
            "classifier-chain")),
    /** One class column. */
    MULTI_CLASS("multi-class", List.of("subset-accuracy"), List.of("svc"));

    private final String id;
    private final List<String> metrics;
    private final List<String> baselines;

    Task(String id, List<String> metrics, List<String> baselines) {
        this.id = id;
        this.metrics = metrics;
        this.baselines = baselines;
    }

    /** The name the peer and the report use. */
    public String id() {
        return id;
    }

    /** The metrics scored (the first decides the summary's wins and losses). */
    public List<String> metrics() {
        return metrics;
    }

    /** The scikit-learn methods the peer runs. */
    public List<String> baselines() {
        return baselines;
    }
}
