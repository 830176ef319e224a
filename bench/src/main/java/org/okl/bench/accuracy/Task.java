package org.okl.bench.accuracy;

import java.util.List;

/** The kinds of data sets the accuracy benchmark covers, with their metrics and scikit-learn baselines. */
public enum Task {
    /** Real-valued outputs. */
    REGRESSION("regression", List.of("arrmse"), List.of("krr-grid", "random-forest", "ridge-cv",
            "hist-gradient-boosting", "mlp", "gp-ard", "extra-trees", "random-forest-tuned", "erc")),
    /** Several 0/1 labels. */
    MULTI_LABEL("multi-label", List.of("hamming-loss", "f1-micro", "f1-example"), List.of("svc-per-label",
            "krr-threshold", "classifier-chain", "hist-gradient-boosting", "mlp", "extra-trees",
            "random-forest-tuned", "ecc")),
    /** One class column. */
    MULTI_CLASS("multi-class", List.of("subset-accuracy"), List.of("svc", "hist-gradient-boosting", "mlp",
            "extra-trees", "random-forest-tuned"));

    /** The most rows on which the peer fits a Gaussian process (its exact likelihood is cubic in the rows). */
    public static final int GP_MAX_ROWS = 2000;

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

    /** The scikit-learn methods the peer can run (see peer_accuracy.py for what each is and how it is tuned). */
    public List<String> baselines() {
        return baselines;
    }

    /** The scikit-learn methods the peer runs on a data set of n rows: the Gaussian process up to 2,000 rows. */
    public List<String> baselines(int rows) {
        return baselines.stream().filter(m -> !m.equals("gp-ard") || rows <= GP_MAX_ROWS).toList();
    }
}
