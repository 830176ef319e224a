package org.okl.app.report;

import java.util.Map;
import java.util.Optional;

/**
 * What an evaluation report is about, shown at its top and stored in its JSON.
 *
 * @param pipeline the pipeline evaluated, in words (its file and JSON, or the automatic pipeline)
 * @param chosen   what the fit chose, for a single train/test fit (empty for cross-validation, where every fold
 *                 chooses again)
 * @param data     the data, as the user named it
 * @param protocol how the held-out rows were obtained ({@code 5-fold cross-validation of 103, seed 3})
 * @param version  the OKL version
 * @param metrics  the evaluation's metrics (means over folds)
 * @param spread   their standard deviations over folds (empty for a single split)
 */
public record ReportHeader(String pipeline, Optional<String> chosen, String data, String protocol, String version,
        Map<String, Double> metrics, Map<String, Double> spread) {
}
